export { ListEntry } from './ListEntry';
export type { ListEntryProps } from './ListEntry';
