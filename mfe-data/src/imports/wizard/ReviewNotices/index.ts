export { ReviewNotices } from './ReviewNotices';
export type { ReviewNoticesProps } from './ReviewNotices';
