// The audit trail's field keys as people read them ('donationAmount' -> 'Amount', 'employer' ->
// 'Employer'): one table for Settings > Audit, a contact's and a gift's History and the CSV export.
// Contact fields take the contact form's labels (CONTACT_MERGE_FIELDS), import fields the import's;
// the rest are named here. A key nobody named yet reads as words ('primaryColor' -> 'Primary color').
import { IMPORT_TARGET_LABELS } from './dataImport';
import { CONTACT_MERGE_FIELDS } from './duplicates';

const sentence = (label: string) => label.charAt(0).toUpperCase() + label.slice(1).toLowerCase();

export const AUDIT_FIELD_LABELS: Readonly<Record<string, string>> = {
  amount: IMPORT_TARGET_LABELS.amount,
  ...CONTACT_MERGE_FIELDS,
  status: 'Status',
  tags: 'Tags',
  phoneNumbers: 'Phone numbers',
  emailAddresses: 'Email addresses',
  addresses: 'Addresses',
  // Gifts and pledges (the ledger's snapshots)
  contactId: 'Contributor',
  campaignId: 'Campaign',
  donationAmount: 'Amount',
  donationDate: 'Donation date',
  paymentMethod: 'Payment method',
  checkNumber: 'Check number',
  transactionId: 'Transaction ID',
  electionCode: 'Election',
  pledgeId: 'Pledge',
  pledgeAmount: 'Pledged amount',
  pledgeDate: 'Pledge date',
  dueDate: 'Due date',
  remedyAction: 'Remedy',
  remedyOfId: 'Remedy of gift',
  needsReview: 'Waiting for review',
  excessAmount: 'Excess',
  // Team, settings and the rest
  email: 'Email',
  role: 'Role',
  name: 'Name',
  organizationType: 'Organization type',
  timezone: 'Time zone',
  primaryColor: 'Primary color',
  secondaryColor: 'Secondary color',
  logo: 'Logo',
  favicon: 'Favicon',
  payeeName: 'Payee',
  disbursementDate: 'Disbursement date',
  purpose: 'Purpose',
  memo: 'Memo',
  filedAt: 'Filed at',
  fecFilingId: 'FEC filing ID',
  statementBalance: 'Statement balance',
};

/** The label of an audit entry's field key. */
export function auditFieldLabel(field: string): string {
  const known = AUDIT_FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/\bId\b/g, 'ID')
    .trim();
  return words ? sentence(words).replace(/\bid\b/g, 'ID') : field;
}
