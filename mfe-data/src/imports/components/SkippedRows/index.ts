export { SkippedRows } from './SkippedRows';
