export { GivingFigures, NO_FIGURE, NO_GIFTS_YET } from './GivingFigures';
export type { GivingFiguresProps } from './GivingFigures';
