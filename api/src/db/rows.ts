// The rows of the main money tables as the drivers hand them back, on SQLite and on MariaDB alike,
// so a repository returns a typed row and its mapper reads fields without casting each one.
// The columns are the migrations' (camelCase through db/naming.ts); what differs between the engines
// is in the value types: a DATE is 'YYYY-MM-DD' text on both (mysql2's dateStrings), a DATETIME a
// Date on MariaDB and text or epoch milliseconds on SQLite, a boolean 0/1 (or true/false) on either,
// money a number (mysql2's decimalNumbers). The db/values.ts readers (toIsoDate, toBool, toMoney, ...)
// turn these into the contract's values.
import type {
  AcknowledgmentChannel,
  CallOrder,
  CallOutcome,
  Campaign,
  CaucusEvent,
  ContactStatusValue,
  DisbursementKind,
  DonationStatus,
  DuplicateScanStatus,
  FilingForm,
  ImportStatus,
  ImportType,
  MemberSource,
  MessageRecipient,
  MessageSend,
  PledgeStatus,
  ReportCode,
  SendStatus,
  TemplatePurpose,
} from '@caucus/contract';
import type { DbDateTime } from './values';

/** A DATE or DATETIME column's value (never null: nullable columns say `| null`). */
export type DbTime = Exclude<DbDateTime, null | undefined>;
/** A BOOLEAN column's value: SQLite and MariaDB's TINYINT give 0/1. */
export type DbBool = boolean | number;

export type PledgeRow = {
  id: string;
  accountId: string;
  contactId: string;
  campaignId: string | null;
  pledgeAmount: number;
  amountFulfilled: number;
  frequency: string;
  pledgeDate: DbTime;
  dueDate: DbTime | null;
  /** Written only through the contract's schemas, so one of its values. */
  status: PledgeStatus;
  paymentMethod: string | null;
  isAnonymous: DbBool;
  solicitorId: string | null;
  notes: string | null;
  importId: string | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

export type DonationRow = {
  id: string;
  accountId: string;
  contactId: string | null;
  campaignId: string | null;
  pledgeId: string | null;
  donationAccountId: string | null;
  donationAmount: number;
  paymentMethod: string;
  /** Written only through the contract's schemas and the ledger, so one of the contract's values. */
  status: DonationStatus;
  donationDate: DbTime;
  processedDate: DbTime | null;
  checkNumber: string | null;
  transactionId: string | null;
  referenceNumber: string | null;
  notes: string | null;
  isAnonymous: DbBool;
  isRecurring: DbBool;
  solicitorId: string | null;
  taxDeductibleAmount: number | null;
  netAmount: number | null;
  inKindDescription: string | null;
  fairMarketValue: number | null;
  importId: string | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
  electionCode: string | null;
  excessAmount: number | null;
  remedyDeadline: DbTime | null;
  remedyAction: 'refund' | 'redesignate' | 'reattribute' | null;
  remedyOfId: string | null;
  needsReview: DbBool;
  reviewedBy: string | null;
  reviewedAt: DbTime | null;
};

export type CampaignRow = {
  id: string;
  accountId: string;
  name: string;
  slug: string;
  description: string | null;
  campaignType: string;
  status: Campaign['status'];
  committeeId: string | null;
  donationAccountId: string | null;
  fundraisingGoal: number;
  contactGoal: number;
  volunteerGoal: number;
  allowPublicDonations: DbBool;
  donationMinimum: number;
  donationMaximum: number;
  /** JSON text (a list of amounts): read it with toJsonArray. */
  suggestedAmounts: string | null;
  amountRaised: number;
  donationCount: number;
  contactsReached: number;
  volunteersRecruited: number;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
  startDate: DbTime | null;
  endDate: DbTime | null;
  statusBeforeArchive: string | null;
};

export type ContactRow = {
  id: string;
  accountId: string;
  firstName: string | null;
  lastName: string | null;
  organization: string | null;
  title: string | null;
  primaryEmail: string | null;
  secondaryEmail: string | null;
  primaryPhone: string | null;
  secondaryPhone: string | null;
  mobilePhone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  birthDate: DbTime | null;
  occupation: string | null;
  employer: string | null;
  quickNotes: string | null;
  /** JSON text (a list of tags): read it with toJsonArray. */
  tags: string | null;
  /** A contact merged into another keeps its row with status 'merged' (modules/duplicates/merge.ts). */
  status: ContactStatusValue | 'merged';
  totalDonated: number;
  profileImageKey: string | null;
  lastDonationAmount: number | null;
  lastDonationDate: DbTime | null;
  donationCount: number;
  averageDonation: number;
  volunteerHours: number;
  eventsAttended: number;
  isMajorDonor: DbBool;
  isVolunteer: DbBool;
  isBoardMember: DbBool;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
  contributorType: string;
  source: string;
  archivedAt: DbTime | null;
  doNotCall: DbBool;
  mergedIntoId: string | null;
};

/** A committee: the filer of FEC reports, with what a report's cover record needs (null until set). */
export type CommitteeRow = {
  id: string;
  accountId: string;
  name: string;
  committeeType: string;
  fecId: string | null;
  filingForm: FilingForm | null;
  treasurerFirstName: string | null;
  treasurerLastName: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** An election a committee raises money for: its FEC code (P2026, G2026, ...) and calendar day. */
export type CommitteeElectionRow = {
  id: string;
  accountId: string;
  committeeId: string;
  code: string;
  electionDate: DbTime;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** Money going out of a committee; a void is a row of its own with a negative amount naming the entry. */
export type DisbursementRow = {
  id: string;
  accountId: string;
  committeeId: string;
  donationAccountId: string | null;
  kind: DisbursementKind;
  refundOfDonationId: string | null;
  voidOfId: string | null;
  payeeContactId: string | null;
  /** One of the FEC's entity types (IND, ORG, COM, PAC, PTY, CAN). */
  entityType: string;
  payeeOrganizationName: string | null;
  payeeLastName: string | null;
  payeeFirstName: string | null;
  payeeStreet1: string | null;
  payeeStreet2: string | null;
  payeeCity: string | null;
  payeeState: string | null;
  payeeZip: string | null;
  amount: number;
  disbursementDate: DbTime;
  purpose: string;
  categoryCode: string | null;
  electionCode: string | null;
  paymentMethod: string;
  checkNumber: string | null;
  memo: string | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** An FEC report (Form 3 / 3X); an amendment is a row of its own naming the report it amends. */
export type FecReportRow = {
  id: string;
  accountId: string;
  committeeId: string;
  form: FilingForm;
  reportCode: ReportCode;
  coverageFrom: DbTime;
  coverageThrough: DbTime;
  electionCode: string | null;
  electionDate: DbTime | null;
  electionState: string | null;
  treasurerFirstName: string | null;
  treasurerLastName: string | null;
  dateSigned: DbTime | null;
  /** Set on the committee's first report only; a later one starts from the previous close. */
  openingCash: number | null;
  status: 'draft' | 'filed';
  filedAt: DbTime | null;
  fecFilingId: string | null;
  /** Cash on hand at close as filed (null while a draft). */
  closingCash: number | null;
  amendsId: string | null;
  amendmentNumber: number;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** A month's bank statement balance, of one donation account or ('' as the key) the whole committee. */
export type BankReconciliationRow = {
  id: string;
  accountId: string;
  committeeId: string;
  donationAccountKey: string;
  /** 'YYYY-MM' */
  month: string;
  statementBalance: number;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** The day a receipt's 48-hour notice was filed. */
export type NoticeFilingRow = {
  id: string;
  accountId: string;
  donationId: string;
  filedOn: DbTime;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** The workspace itself: its organisation's name, postal address and settings. */
export type AccountRow = {
  id: string;
  name: string;
  organizationType: string;
  status: string;
  planId: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  timezone: string;
  language: string;
  dateFormat: string;
  primaryColor: string;
  secondaryColor: string;
  createdAt: DbTime;
  updatedAt: DbTime;
  majorGiftThreshold: number;
  description: string | null;
  taxId: string | null;
  logoDataUrl: string | null;
  faviconDataUrl: string | null;
  requireTwoFactor: DbBool;
};

/** A user's place in an account, with the role that decides what they may do (contract/src/permissions.ts). */
export type MembershipRow = {
  id: string;
  accountId: string;
  userId: string;
  role: string;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** A contact list: 'static' lists hold their members, 'smart' ones also take whoever matches their rules. */
export type ContactListRow = {
  id: string;
  accountId: string;
  name: string;
  description: string | null;
  type: 'static' | 'smart';
  /** JSON text (a list of tags): read it with toJsonArray. */
  tags: string | null;
  isActive: DbBool;
  memberCount: number;
  rulesAppliedAt: DbTime | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
  /** JSON text (the rule tree): read it with fromJsonText. */
  rules: string | null;
};

export type ContactListMemberRow = {
  id: string;
  accountId: string;
  listId: string;
  contactId: string;
  source: MemberSource;
  notes: string | null;
  addedBy: string | null;
  addedAt: DbTime;
};

export type MessageTemplateRow = {
  id: string;
  accountId: string;
  name: string;
  purpose: TemplatePurpose;
  subject: string;
  bodyText: string;
  bodyHtml: string | null;
  campaignId: string | null;
  minAmount: number | null;
  maxAmount: number | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** One sending of a template to a list (or a test to the user), with who was left out and why. */
export type MessageSendRow = {
  id: string;
  accountId: string;
  kind: MessageSend['kind'];
  listId: string | null;
  templateId: string | null;
  subject: string;
  status: SendStatus;
  sendAt: DbTime | null;
  totalCount: number;
  excludedNoEmail: number;
  excludedUnsubscribed: number;
  excludedBounced: number;
  excludedDeceased: number;
  emailCount: number;
  letterCount: number;
  startedAt: DbTime | null;
  finishedAt: DbTime | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** One message to one person: an email of a send, or a printed acknowledgment letter. */
export type SentMessageRow = {
  id: string;
  accountId: string;
  contactId: string | null;
  sendId: string | null;
  donationId: string | null;
  kind: MessageSend['kind'];
  channel: 'email' | 'letter';
  toEmail: string | null;
  subject: string;
  bodyText: string | null;
  bodyHtml: string | null;
  status: MessageRecipient['status'];
  error: string | null;
  attempts: number;
  nextAttemptAt: DbTime | null;
  claimedAt: DbTime | null;
  sentAt: DbTime | null;
  /** sha256 of the unsubscribe link's token (the token itself is never stored). */
  unsubscribeTokenHash: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

export type EmailUnsubscribeRow = {
  contactId: string;
  accountId: string;
  email: string | null;
  sendId: string | null;
  createdAt: DbTime;
};

/** A gift's thank-you: sent (by email or letter) or marked not needed; a gift without one is pending. */
export type DonationAcknowledgmentRow = {
  donationId: string;
  accountId: string;
  status: 'sent' | 'not_needed';
  channel: AcknowledgmentChannel | null;
  acknowledgedAt: DbTime;
  sendId: string | null;
  messageId: string | null;
  createdBy: string | null;
};

/** A BIGINT column: a number, or text past 2^53 (mysql2's supportBigNumbers): read it with toInt. */
export type DbBigInt = number | string;

/**
 * A donor's giving in one scope (a campaign, or '' for all) and year (0 for every year), kept by
 * modules/analytics-reports/rollups.ts: the sum in cents, the count, the first and last gift's day,
 * and the days of the gifts just before and after the year.
 */
export type DonorYearRow = {
  id: number;
  accountId: string;
  scope: string;
  year: number;
  contactId: string;
  amountCents: DbBigInt;
  gifts: number;
  firstDate: DbTime;
  lastDate: DbTime;
  prevDate: DbTime | null;
  nextDate: DbTime | null;
};

/** The donations of one day, campaign ('' for none), payment method and status, summed in cents. */
export type DonationDayTotalRow = {
  accountId: string;
  donationDate: DbTime;
  campaignKey: string;
  paymentMethod: string;
  status: DonationStatus;
  amountCents: DbBigInt;
  gifts: number;
};

/** A data import (docs/adr/0007-import-pipeline-and-jobs.md): its file, counts, lease and undo. */
export type ImportRow = {
  id: string;
  accountId: string;
  campaignId: string | null;
  donationAccountId: string | null;
  fileName: string;
  importType: ImportType;
  status: ImportStatus;
  /** JSON text (the file's headers): read it with toJsonArray. */
  headers: string | null;
  /** JSON text (header -> field): read it with toJsonObject. */
  mapping: string | null;
  recordsTotal: number;
  recordsImported: number;
  recordsSkipped: number;
  failureReason: string | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
  finishedAt: DbTime | null;
  receiving: DbBool;
  leaseOwner: string | null;
  leaseUntil: DbTime | null;
  contactsCreated: number;
  contactsUpdated: number;
  undoneAt: DbTime | null;
  lastRowsAt: DbTime | null;
  undoStatus: 'running' | 'failed' | 'done' | null;
  undoDone: number;
  undoTotal: number;
  /** JSON text: read it with readUndoResult (modules/dataImport/undoResult.ts). */
  undoResult: string | null;
  fingerprint: string | null;
  /** JSON text: 'all' or the row numbers the user chose to import although they look like duplicates. */
  duplicatesIncluded: string | null;
};

/** Stored rows of an import waiting for (or worked by) one batch. */
export type ImportChunkRow = {
  id: string;
  accountId: string;
  importId: string;
  firstRowNumber: number;
  lastRowNumber: number;
  rowCount: number;
  /** JSON text: [rowNumber, cells][] */
  rows: string;
  done: DbBool;
  /** JSON text: the ids of the contacts the chunk's batch created (what undo takes back). */
  createdContacts: string | null;
};

/** A row of an import's file that was not imported, with its cells and why. */
export type ImportSkippedRowRow = {
  id: string;
  accountId: string;
  importId: string;
  rowNumber: number;
  /** JSON text: the row's cells in header order. */
  cells: string;
  reason: string;
  source: 'review' | 'server';
  createdAt: DbTime;
};

/** Something an import changed on an existing contact, kept so that undo can take it back. */
export type ImportEffectRow = {
  id: string;
  accountId: string;
  importId: string;
  kind: string;
  contactId: string;
  targetId: string | null;
  /** JSON text: what the effect needs to be undone (the values before). */
  data: string | null;
};

// A contact's lists, each row one item of the contact form's tabs (sortOrder: its place in the list).

export type ContactPhoneNumberRow = {
  id: string;
  accountId: string;
  contactId: string;
  phoneNumber: string;
  phoneType: string;
  isPrimary: DbBool;
  extension: string | null;
  notes: string | null;
  sortOrder: number;
  createdAt: DbTime;
  updatedAt: DbTime;
};

export type ContactEmailAddressRow = {
  id: string;
  accountId: string;
  contactId: string;
  emailAddress: string;
  emailType: string;
  isPrimary: DbBool;
  notes: string | null;
  sortOrder: number;
  createdAt: DbTime;
  updatedAt: DbTime;
};

export type ContactAddressRow = {
  id: string;
  accountId: string;
  contactId: string;
  addressType: string;
  isPrimary: DbBool;
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  stateProvince: string;
  postalCode: string;
  country: string;
  notes: string | null;
  sortOrder: number;
  createdAt: DbTime;
  updatedAt: DbTime;
};

export type ContactEducationRow = {
  id: string;
  accountId: string;
  contactId: string;
  institutionName: string;
  degreeType: string | null;
  degreeName: string | null;
  fieldOfStudy: string | null;
  graduationYear: number | null;
  gpa: number | null;
  honors: string | null;
  isCurrent: DbBool;
  notes: string | null;
  sortOrder: number;
  createdAt: DbTime;
  updatedAt: DbTime;
};

export type ContactEmploymentRow = {
  id: string;
  accountId: string;
  contactId: string;
  companyName: string;
  jobTitle: string | null;
  department: string | null;
  employmentType: string | null;
  startDate: DbTime | null;
  endDate: DbTime | null;
  isCurrent: DbBool;
  salaryRange: string | null;
  description: string | null;
  sortOrder: number;
  createdAt: DbTime;
  updatedAt: DbTime;
};

export type ContactAssociationRow = {
  id: string;
  accountId: string;
  contactId: string;
  associatedContactId: string;
  relationshipType: string;
  relationshipDescription: string | null;
  sortOrder: number;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** A note on a contact; a private one is seen only by the user who wrote it. */
export type ContactNoteRow = {
  id: string;
  accountId: string;
  contactId: string;
  subject: string | null;
  content: string;
  noteType: string;
  isPrivate: DbBool;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** A file attached to a contact (the file itself lives in the file store under `key`). */
export type ContactDocumentRow = {
  id: string;
  accountId: string;
  contactId: string;
  key: string;
  fileName: string;
  mimeType: string;
  size: DbBigInt;
  uploadedBy: string | null;
  uploadedAt: DbTime;
};

/**
 * An event: a timed one has instants (startDate, endDate), an all-day one calendar days (startDay,
 * endDay, docs/adr/0006-calendar-days.md), an undated one neither.
 */
export type EventRow = {
  id: string;
  accountId: string;
  campaignId: string | null;
  name: string;
  slug: string | null;
  description: string | null;
  eventType: string;
  status: CaucusEvent['status'];
  startDate: DbTime | null;
  endDate: DbTime | null;
  location: string | null;
  virtualUrl: string | null;
  isVirtual: DbBool;
  isPublic: DbBool;
  maxAttendees: number;
  fundraisingGoal: number;
  ticketPrice: number;
  allowDonations: DbBool;
  requiresRsvp: DbBool;
  currentAttendees: number;
  amountRaised: number;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
  startDay: DbTime | null;
  endDay: DbTime | null;
};

// ---- compliance, disbursements, FEC reports, call time, team, audit ----

/** A call-time session: the prospects of a contact list snapshotted for one caller (the assignee). */
export type CallSessionRow = {
  id: string;
  accountId: string;
  name: string;
  /** The list it was built from (null once that list is deleted; listName keeps its name). */
  listId: string | null;
  listName: string;
  campaignId: string | null;
  callOrder: CallOrder;
  assigneeId: string | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** A contact on a session's call sheet: pending -> claimed (on a caller's screen) -> done, or skipped (do not call). */
export type CallSessionProspectRow = {
  id: string;
  accountId: string;
  sessionId: string;
  contactId: string;
  position: number;
  status: 'pending' | 'claimed' | 'done' | 'skipped';
  claimedBy: string | null;
  claimedAt: DbTime | null;
  outcome: CallOutcome | null;
};

/** One call made to a contact, with what came of it (a pledge, a gift, a call-back time). */
export type CallRow = {
  id: string;
  accountId: string;
  sessionId: string | null;
  contactId: string;
  callerId: string | null;
  outcome: CallOutcome;
  amount: number | null;
  electionCode: string | null;
  callbackAt: DbTime | null;
  notes: string | null;
  pledgeId: string | null;
  donationId: string | null;
  createdAt: DbTime;
};

/** A meeting with a contact; its attendees from the team are rows of meeting_attendees. */
export type MeetingRow = {
  id: string;
  accountId: string;
  contactId: string;
  metAt: DbTime;
  subject: string;
  notes: string | null;
  followUp: string | null;
  followUpDate: DbTime | null;
  createdBy: string | null;
  createdAt: DbTime;
  updatedAt: DbTime;
};

/** An entry of the audit trail (lib/audit.ts writes it, never updates or deletes it). */
export type AuditLogRow = {
  id: string;
  accountId: string;
  userId: string | null;
  /** The author's name when the entry was made (kept after the user is gone). */
  userName: string | null;
  sessionId: string | null;
  entityType: string;
  entityId: string;
  action: string;
  /** JSON text: the record before and after (read it with fromJsonText). */
  beforeJson: string | null;
  afterJson: string | null;
  createdAt: DbTime;
};

// ---- duplicates ----

/** A pair the duplicate scan found (modules/duplicates/scan.ts): stored once, the smaller contact id first. */
export type ContactDuplicateRow = {
  id: string;
  accountId: string;
  firstContactId: string;
  secondContactId: string;
  score: number;
  /** JSON text (a list of the contract's DuplicateReason): read it with toJsonArray. */
  reasons: string;
  /** 'dismissed' is "Not a duplicate", remembered across scans. */
  status: 'open' | 'dismissed' | 'merged';
  foundAt: DbTime;
  decidedBy: string | null;
  decidedAt: DbTime | null;
};

/** One run of the duplicate scan job, with its progress. */
export type DuplicateScanRow = {
  id: string;
  accountId: string;
  status: DuplicateScanStatus['status'];
  done: number;
  total: number;
  pairsFound: number;
  startedAt: DbTime;
  finishedAt: DbTime | null;
};

/** A merge of contacts (modules/duplicates/merge.ts), with the snapshot its undo puts back. */
export type ContactMergeRow = {
  id: string;
  accountId: string;
  survivorId: string;
  /** JSON text: the ids of the records merged into the survivor. */
  mergedIds: string;
  /** JSON text: the records and moved rows as they were (merge.ts's Snapshot). */
  snapshot: string;
  createdBy: string | null;
  createdAt: DbTime;
  undoneAt: DbTime | null;
  undoneBy: string | null;
};

/** The donations of one day, campaign ('' for none) and amount in cents (the amount histogram's roll-up). */
export type DonationAmountDayRow = {
  accountId: string;
  donationDate: DbTime;
  campaignKey: string;
  amountCents: DbBigInt;
  gifts: number;
};

/** A contact's donations and pledges to one campaign, with its status (kept by triggers: docs/adr/0012-the-ledger.md). */
export type CampaignReachRow = {
  campaignId: string;
  contactId: string;
  accountId: string;
  contactStatus: string;
  donations: number;
  pledges: number;
};

/** The account's contacts of one status and their total donated (kept by triggers: docs/adr/0012-the-ledger.md). */
export type AccountContactTallyRow = {
  accountId: string;
  contactStatus: string;
  contacts: number;
  totalDonated: number;
};
