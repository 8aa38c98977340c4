// The audit trail's keys as people read them: its record types ('donation' -> 'Gift'), actions
// ('role_change' -> 'role changed') and field keys ('donationAmount' -> 'Amount', 'employer' ->
// 'Employer'), one table each for Settings > Audit, a contact's and a gift's History and the CSV export.
// Contact fields take the contact form's labels (CONTACT_MERGE_FIELDS), import fields the import's;
// the rest are named here. api/test/auditLabels.test.ts writes through every area that records
// entries and fails on a key missing here; a key that still slipped through reads as words
// ('primaryColor' -> 'Primary color') rather than as code.
import { CALL_ORDER_LABELS, CALL_OUTCOME_LABELS } from './callTime';
import { IMPORT_TARGET_LABELS } from './dataImport';
import { CONTACT_MERGE_FIELDS } from './duplicates';
import { ROLE_LABELS } from './permissions';
import { PAYMENT_METHOD_LABELS } from './reports';

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
  // Team and settings (the organization form's labels)
  email: 'Email',
  role: 'Role',
  name: 'Name',
  organizationType: 'Organization type',
  type: 'Organization type',
  website: 'Website',
  description: 'Description',
  street: 'Street',
  zip: 'ZIP code',
  taxId: 'Tax ID',
  timezone: 'Time zone',
  primaryColor: 'Primary color',
  secondaryColor: 'Secondary color',
  logo: 'Logo',
  favicon: 'Favicon',
  requireTwoFactor: 'Two-factor sign-in required',
  invitationId: 'Invitation',
  // Disbursements (the disbursement form's labels)
  committeeId: 'Committee',
  donationAccountId: 'Donation account',
  kind: 'Kind',
  refundOfDonationId: 'Refunded contribution',
  payeeContactId: 'Payee contact',
  entityType: 'Payee type',
  payeeName: 'Payee',
  payeeOrganizationName: 'Payee organization',
  payeeFirstName: 'Payee first name',
  payeeLastName: 'Payee last name',
  payeeStreet1: 'Payee street',
  payeeStreet2: 'Payee street (line 2)',
  payeeCity: 'Payee city',
  payeeState: 'Payee state',
  payeeZip: 'Payee ZIP code',
  disbursementDate: 'Disbursement date',
  purpose: 'Purpose',
  categoryCode: 'Category',
  memo: 'Memo',
  voidOfId: 'Voids disbursement',
  voidedById: 'Voided by',
  // Reports and reconciliation
  reportCode: 'Report code',
  coverageFrom: 'Coverage from',
  coverageThrough: 'Coverage through',
  openingCash: 'Opening cash on hand',
  closingCash: 'Closing cash on hand',
  filedAt: 'Filed at',
  fecFilingId: 'FEC filing ID',
  amends: 'Amends report',
  amendmentNumber: 'Amendment number',
  treasurerFirstName: 'Treasurer first name',
  treasurerLastName: 'Treasurer last name',
  dateSigned: 'Date signed',
  electionState: 'Election state',
  noticeFiledOn: '24/48-hour notice filed on',
  month: 'Month',
  statementBalance: 'Statement balance',
  // Merges
  mergeId: 'Merge',
  mergedIds: 'Merged contacts',
  mergedIntoId: 'Merged into',
  undone: 'Undone',
  continuing: 'Resumes an interrupted undo',
  archivedAt: 'Archived at',
  firstContactId: 'First contact',
  secondContactId: 'Second contact',
  receipt: 'Receipt',
  // Communication, call time and meetings
  subject: 'Subject',
  bodyText: 'Message',
  bodyHtml: 'Message (HTML)',
  minAmount: 'Smallest gift',
  maxAmount: 'Largest gift',
  listId: 'List',
  order: 'Order',
  assigneeId: 'Caller',
  prospects: 'Prospects',
  sessionId: 'Call session',
  outcome: 'Outcome',
  callbackAt: 'Call back at',
  donationId: 'Gift',
  doNotCall: 'Do not call',
  channel: 'Thanked by',
  batchId: 'Batch',
  year: 'Year',
  letters: 'Letters',
  listName: 'List',
  templateId: 'Template',
  sendAt: 'Send at',
  to: 'To',
  messageId: 'Message',
  metAt: 'Met at',
  attendeeIds: 'Attendees',
  followUpDate: 'Follow-up date',
  // A record's own columns, where an entry keeps the whole record
  id: 'ID',
  createdAt: 'Created at',
  updatedAt: 'Updated at',
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

/** Each record type of the trail, as one and as many (the Record type filter). */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, { one: string; many: string }>> = {
  contact: { one: 'Contact', many: 'Contacts' },
  donation: { one: 'Gift', many: 'Gifts' },
  pledge: { one: 'Pledge', many: 'Pledges' },
  campaign: { one: 'Campaign', many: 'Campaigns' },
  committee: { one: 'Committee', many: 'Committees' },
  disbursement: { one: 'Disbursement', many: 'Disbursements' },
  fec_report: { one: 'FEC report', many: 'FEC reports' },
  bank_reconciliation: { one: 'Bank reconciliation', many: 'Bank reconciliations' },
  import: { one: 'Import', many: 'Imports' },
  contact_duplicate: { one: 'Possible duplicate', many: 'Possible duplicates' },
  template: { one: 'Template', many: 'Templates' },
  message: { one: 'Message', many: 'Messages' },
  call_session: { one: 'Call session', many: 'Call sessions' },
  call: { one: 'Call', many: 'Calls' },
  meeting: { one: 'Meeting', many: 'Meetings' },
  team_member: { one: 'Team member', many: 'Team members' },
  invitation: { one: 'Invitation', many: 'Invitations' },
  settings: { one: 'Settings', many: 'Settings' },
};

/** What happened, after the record type ('Gift' + 'changed'); a History that names no type capitalises it. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  import: 'imported',
  undo: 'undone',
  'import-undo': 'removed by undoing its import',
  move: 'moved to another contributor',
  void: 'voided',
  refund: 'refunded',
  redesignate: 'redesignated',
  reattribute: 'reattributed',
  review: 'marked reviewed',
  archive: 'archived',
  unarchive: 'restored',
  merge: 'merged',
  merged_into: 'merged into another contact',
  unmerge: 'merge undone',
  dismiss: 'marked not a duplicate',
  file: 'marked filed',
  unfile: 'marked not filed',
  amend: 'amended',
  'notice-filed': '24/48-hour notice filed',
  'notice-unfiled': '24/48-hour notice marked not filed',
  attach_receipt: 'receipt attached',
  import_disbursements: 'disbursements imported',
  acknowledge: 'thanked',
  acknowledgment_not_needed: 'marked no thanks needed',
  year_end_letters: 'year-end letters written',
  schedule: 'scheduled',
  test_send: 'sent as a test',
  cancel: 'cancelled',
  unsubscribe: 'unsubscribed',
  invite: 'invited',
  resend: 'sent again',
  revoke: 'revoked',
  join: 'joined',
  remove: 'removed',
  role_change: 'role changed',
  organization: 'organization changed',
  two_factor_requirement: 'two-factor requirement changed',
};

const words = (key: string) => key.replace(/[_-]+/g, ' ').trim();

/** The record type of an entry, as one ('Gift') or as many ('Gifts'). */
export function auditEntityLabel(entityType: string, count: 'one' | 'many' = 'one'): string {
  const known = AUDIT_ENTITY_LABELS[entityType];
  return known ? known[count] : sentence(words(entityType)) || entityType;
}

/** What an entry did, lower case to follow its record type ('changed'). */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? (words(action).toLowerCase() || action);
}

// Values stored as codes that have labels of their own: a role change reads 'Read-only -> Staff'.
const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  role: ROLE_LABELS,
  paymentMethod: PAYMENT_METHOD_LABELS,
  outcome: CALL_OUTCOME_LABELS,
  order: CALL_ORDER_LABELS,
};

// Codes with no table of their own read as words ('completed' -> 'Completed', 'in_progress' -> 'In progress').
const CODE_FIELDS = new Set(['status', 'kind']);

/** A stored value as people read it, for the fields whose values are codes; any other value as it is. */
export function auditValueLabel(field: string, value: string): string {
  const known = VALUE_LABELS[field]?.[value];
  if (known) return known;
  return CODE_FIELDS.has(field) && /^[a-z_]+$/.test(value) ? sentence(words(value)) : value;
}

/** The fields whose values are money (shown as dollars) and calendar days (shown in the workspace's format). */
export const AUDIT_MONEY_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'donationAmount',
  'pledgeAmount',
  'excessAmount',
  'openingCash',
  'closingCash',
  'statementBalance',
  'minAmount',
  'maxAmount',
]);
export const AUDIT_DAY_FIELDS: ReadonlySet<string> = new Set([
  'donationDate',
  'pledgeDate',
  'dueDate',
  'disbursementDate',
  'birthDate',
  'coverageFrom',
  'coverageThrough',
  'dateSigned',
  'followUpDate',
  'noticeFiledOn',
]);
