export { CommitteesTab } from './CommitteesTab';
export type { CommitteesTabProps } from './CommitteesTab';
