// The rows of the main money tables as the drivers hand them back, on SQLite and on MariaDB alike,
// so a repository returns a typed row and its mapper reads fields without casting each one.
// The columns are the migrations' (camelCase through db/naming.ts); what differs between the engines
// is in the value types: a DATE is 'YYYY-MM-DD' text on both (mysql2's dateStrings), a DATETIME a
// Date on MariaDB and text or epoch milliseconds on SQLite, a boolean 0/1 (or true/false) on either,
// money a number (mysql2's decimalNumbers). The db/values.ts readers (toIsoDate, toBool, toMoney, ...)
// turn these into the contract's values.
import type { Campaign, ContactStatusValue, DisbursementKind, DonationStatus, FilingForm, PledgeStatus, ReportCode } from '@caucus/contract';
import type { DbDateTime } from './values';
import type { CallOrder, CallOutcome } from '@caucus/contract';

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
