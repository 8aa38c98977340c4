// The ledger: the one owner of every write that moves money or a figure derived from it
// (docs/adr/0012-the-ledger.md). Financials, compliance, the import pipeline and its undo call these
// operations; none of them writes donations, pledges or their derived figures itself.
//
// Every operation runs in one transaction (its own, or for the batch operations the caller's), takes
// its locks in the order of ADR 0002 (contacts in id order, then campaigns in id order), brings every
// derived figure back in line with the rows (figures.ts: contact giving, campaign totals, pledge
// fulfilment, analytics roll-ups, election aggregates and excess flags) and leaves a trace in the
// audit trail (trace.ts).
//
// New operations (disbursements, merges of duplicate donors, ...) go in their own file here, follow
// the same three steps (lockMoneyRows, write rows, refreshFigures + traceMoney) and are exported below.

// Actors and traces
export { SYSTEM, traceMoney, donationSnapshot, pledgeSnapshot, type LedgerActor } from './trace';

// Gifts entered by hand: record, change (amount, date, campaign, designation, status, pledge), move to another contributor
export {
  recordDonation,
  changeDonation,
  moveDonation,
  type RecordDonationInput,
  type ChangeDonationInput,
  type MoveDonationInput,
  type DonationListener,
} from './donations';

// Gifts entered by Staff wait for the treasurer's review
export { giftsToReview, needsReviewFor, reviewGifts, type ReviewGiftsInput } from './review';

// Pledges and their fulfilment (a donation linked to a pledge settles it, see figures.settlePledge)
export { recordPledge, changePledge, type RecordPledgeInput, type ChangePledgeInput } from './pledges';

// Compliance remedies of an excessive gift: refund, redesignate, reattribute
export { remedyExcess, type RemedyInput } from './remedies';

// Money going out of a committee: disbursements, refunds of contributions (they lower the
// contributor's aggregate) and the negative entries that void them
export {
  recordDisbursement,
  changeDisbursement,
  voidDisbursement,
  lockDisbursement,
  payeeOfContact,
  disbursementTrace,
  type RefundKey,
  type Payee,
} from './disbursements';

// Many gifts at once, inside the caller's transaction: an import's batch, and removal (import undo)
export {
  recordImportedGifts,
  writeImportedGifts,
  settleImportedGifts,
  withNewContactFigures,
  removeGifts,
  type ImportedGifts,
  type WrittenGifts,
  type GiftRef,
} from './imports';

// Money never disappears: holders of gifts are archived, never deleted
export { assertHoldsNoMoney, holdingsOf, holdingsMessage, ARCHIVE_INSTEAD, type Holdings } from './holds';
export {
  archiveCampaign,
  unarchiveCampaign,
  archiveContact,
  unarchiveContact,
  CAMPAIGN_ALREADY_ARCHIVED,
  CAMPAIGN_NOT_ARCHIVED,
  CONTACT_ALREADY_ARCHIVED,
  CONTACT_NOT_ARCHIVED,
} from './archive';

// The history of money, as the contact's financials show it
export { moneyHistoryOfContact, moneyHistoryOfDonation } from './history';

// Reconciliation: every derived figure recomputed from the rows and compared
export { reconcileAccount, reconcileAll, type Difference, type ReconcileReport } from './reconcile';

// Building blocks for new operations (same transaction, same lock order)
export {
  lockMoneyRows,
  lockAccountFigures,
  refreshFigures,
  recomputeContactStatsOf,
  settlePledge,
  accountDonatedCents,
  contactFiguresFromRows,
  NO_GIFT_FIGURES,
  type Touched,
} from './figures';
export { moveKeepingReach } from './reach';

export * from './errors';
export { ledgerRoutes } from './routes';
