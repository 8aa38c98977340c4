export { ReviewRow } from './ReviewRow';
export type { ReviewRowProps } from './ReviewRow';
