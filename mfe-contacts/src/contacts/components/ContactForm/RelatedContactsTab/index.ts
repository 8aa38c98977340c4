export { RelatedContactsTab } from './RelatedContactsTab';
export type { RelatedContactsTabProps } from './RelatedContactsTab';
