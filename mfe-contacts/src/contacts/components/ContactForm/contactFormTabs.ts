export const SAVE_FIRST_IMAGES = 'Please save the contact first before uploading images';
export const SAVE_FIRST_DOCUMENTS = 'Please save the contact first before uploading documents';
export const SAVE_FIRST_FINANCIALS = 'Please save the contact first before adding pledges and donations';

export const CONTACT_TABS = [
  { id: 'basic', label: 'Basic Info' },
  { id: 'details', label: 'Contact Details' },
  { id: 'addresses', label: 'Addresses' },
  { id: 'related', label: 'Related Contacts' },
  { id: 'education', label: 'Education' },
  { id: 'employment', label: 'Employment' },
  { id: 'financials', label: 'Financials' },
  { id: 'documents', label: 'Documents' },
  { id: 'notes', label: 'Notes & Tags' },
] as const;

export type ContactTabId = (typeof CONTACT_TABS)[number]['id'];
