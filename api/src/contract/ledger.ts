// Types of the ledger's routes (money history, archive, reconciliation), shared with the frontends.

/** One entry of the trace of money: who changed which gift, when, from which session, before and after. */
export type MoneyHistoryEntry = {
  id: string;
  entityType: string;
  entityId: string;
  action: string;
  userId: string | null;
  userName: string | null;
  sessionId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

/** data of GET /api/contacts/:id/financial-history and GET /api/contacts/donations/:donationId/history */
export type MoneyHistoryResponse = { entries: MoneyHistoryEntry[] };

/** One derived figure that does not equal what its rows say. */
export type ReconcileDifference = { figure: string; id: string; field: string; stored: unknown; expected: unknown };

/** data of GET /api/admin/reconcile */
export type ReconcileResponse = {
  differences: ReconcileDifference[];
  checked: { contacts: number; campaigns: number; pledges: number; donations: number; rollupRows: number; tallies: number };
};

/** data of POST /api/contacts/:id/archive and /unarchive */
export type ContactArchiveResponse = { contactId: string; archivedAt: string | null };

/** details of the 409 refusing the delete of a campaign or contact that holds gifts */
export const ARCHIVE_INSTEAD_ACTION = 'archive';
