export { NotesTagsTab } from './NotesTagsTab';
export type { NotesTagsTabProps } from './NotesTagsTab';
