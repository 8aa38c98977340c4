export { ReviewStep } from './ReviewStep';
export type { ReviewStepProps } from './ReviewStep';
export { capitalNameRows, keptCount, keptWarnings, type ReviewState } from './reviewState';
export { OVERSCAN, PAGE_SIZES, ROW_HEIGHT } from '../reviewGrid';
