// Public surface of the files feature; the contact form and detail render these.
export { DocumentsTab, DOCUMENTS_NEED_SAVED_CONTACT } from './components/DocumentsTab';
export type { DocumentsTabProps } from './components/DocumentsTab';
export { ProfileImageField, IMAGES_NEED_SAVED_CONTACT } from './components/ProfileImageField';
export type { ProfileImageFieldProps } from './components/ProfileImageField';
export type { ProfileImage } from './api/filesApi';
