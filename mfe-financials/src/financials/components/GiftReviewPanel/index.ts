export { GiftReviewPanel } from './GiftReviewPanel';
