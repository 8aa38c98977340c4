import type { Knex } from 'knex';
import { engineOf } from '../../../db/knex';
import type { ImportRow } from '../../../db/rows';
import { toJsonArray } from '../../../db/values';
import type { CommitteeElection } from '@caucus/contract';
import { committeeElections } from '../../committees/repository';
import { committeeOfCampaign } from '../../compliance/designation';
import { accountDonatedCents, lockAccountFigures } from '../../ledger';
import { findMatchingContacts } from '../../matching';
import { skipDuplicateGifts } from '../duplicates';
import type { DataImportRepository, PendingChunk } from '../repository';
import { createContactBook, matchKeyOfValues, type ContactBook } from './contactBook';
import { createTotalsGuard, type TotalsGuard } from './totalsGuard';
import { namedIdsOf, peopleOf, skipRepeatedTransactionIds, skipUnknownContacts, validateChunkRows, type BatchRow } from './validate';

// The first step of a batch: its rows read and checked, the contacts and campaign it may write locked,
// and everything the build step needs read under those locks (docs/adr/0007-import-pipeline-and-jobs.md).
// The order of the reads and locks is the app's (ADR 0002): the rows that only say what to lock first
// (outside the transaction on MariaDB), then the contacts in id order, the campaign, the account's
// figures; nothing here writes.

/** The import a batch belongs to, and the moment it is worked at. */
export type BatchImport = {
  importId: string;
  accountId: string;
  campaignId: string | null;
  donationAccountId: string | null;
  userId: string | null;
  /** The calendar day rows are validated against, and a pledge's date. */
  today: string;
  now: Date;
};

export type BatchPlan = BatchImport & {
  chunk: PendingChunk;
  rows: BatchRow[];
  /** The campaign's committee and its elections: a gift's designation must be one of them. */
  committeeId: string | null;
  elections: CommitteeElection[];
  /** Whom the campaign already counted as reached (a donation or pledge to it) before this batch. */
  reachedBefore: Set<string>;
  contacts: ContactBook;
  totals: TotalsGuard;
  /** The account's total donated as the plan read it, and whether it read it under the figures' lock. */
  accountCentsSeen: number;
  figuresLocked: boolean;
};

export type BatchOptions = {
  /** Lock the account's figures before anything is decided, as every other money write does. */
  figuresFirst?: boolean;
};

function batchImportOf(importRow: ImportRow): BatchImport {
  return {
    importId: importRow.id,
    accountId: importRow.accountId,
    campaignId: importRow.campaignId || null,
    donationAccountId: importRow.donationAccountId || null,
    userId: importRow.createdBy || null,
    today: new Date().toISOString().slice(0, 10),
    now: new Date(),
  };
}

/**
 * Plans the import's next pending chunk, or answers null when none is left. Runs inside the caller's
 * transaction, which holds the import's row.
 *
 * On MariaDB the reads that only say what to lock (the pending rows, the matching) run outside the
 * batch's transaction: under REPEATABLE READ a transaction's first plain read fixes its snapshot, and
 * totals worked out from a snapshot taken before the locks would miss a donation saved in between.
 */
export async function planBatch(
  repo: DataImportRepository,
  trx: Knex.Transaction,
  importRow: ImportRow,
  { figuresFirst = false }: BatchOptions = {},
): Promise<BatchPlan | null> {
  const batch = batchImportOf(importRow);
  const { importId, accountId, campaignId } = batch;
  const headers = toJsonArray<string>(importRow.headers);
  const mapping = JSON.parse(String(importRow.mapping ?? '{}')) as Record<string, string>;
  // SQLite has one connection (and one writer at a time): its reads stay in the transaction.
  const planner: Knex | Knex.Transaction = engineOf(trx) === 'mysql' ? repo.knex : trx;

  // Only this import's lease holder changes its chunks, so the chunk read here stays pending.
  const chunk = await repo.nextChunk(planner, importId);
  if (!chunk) return null;

  const rows = validateChunkRows(chunk, headers, mapping, batch.today);
  await skipRepeatedTransactionIds(repo, planner, accountId, rows);

  // Matching: existing contacts first, then the rows of this batch among themselves (a contact made
  // by an earlier batch is already in the database).
  const matched = await findMatchingContacts(planner, accountId, peopleOf(rows));

  // The locks, in the app's order: the contacts this batch may write (named by id or matched), in
  // id order, then the campaign, then (before the first write that needs them: batch/write.ts) the
  // account's figures. Everything below works from rows read under them.
  const namedIds = rows.flatMap((w) => (w.reason ? [] : namedIdsOf(w)));
  const locked = await repo.lockContacts(trx, accountId, [...namedIds, ...[...matched.values()].map((c) => c.id)]);
  const raised = campaignId ? await repo.lockCampaigns(trx, accountId, [campaignId]) : new Map<string, number>();
  // The account-wide figures: locked now, as every money write of the ledger takes them (lockMoneyRows:
  // contacts, campaigns, then these), or read now and locked late by the write step, so that a gift
  // saved meanwhile waits for the batch's last part only (docs/adr/0013-capacity-and-scale-out.md). A
  // batch without a campaign writes roll-ups other writers share: it locks them now.
  const figuresLocked = figuresFirst || !campaignId;
  const accountCentsSeen = figuresLocked ? await lockAccountFigures(trx, accountId) : await accountDonatedCents(trx, accountId, { lock: false });
  // Election designations: a mapped code must be an election of the campaign's committee.
  const committeeId = await committeeOfCampaign(trx, accountId, campaignId);
  const elections = committeeId ? await committeeElections(trx, accountId, committeeId) : [];

  skipUnknownContacts(rows, locked);
  const contacts = createContactBook(batch, locked, matched);
  const reachedBefore = campaignId ? await repo.contactsReached(trx, accountId, campaignId, [...locked.keys()]) : new Set<string>();

  // Possible duplicate gifts (already recorded, or earlier in the file) are skipped unless included in review.
  await skipDuplicateGifts(
    trx,
    accountId,
    importRow,
    rows,
    (w) => w.values.donation?.contactId ?? w.values.contactId ?? contacts.lookup(w.values)?.id ?? null,
    (w) => matchKeyOfValues(w.values),
  );

  const totals = createTotalsGuard((id) => contacts.byId(id)?.totalDonated, campaignId ? (raised.get(campaignId) ?? 0) : null, accountCentsSeen);
  return { ...batch, chunk, rows, committeeId, elections, reachedBefore, contacts, totals, accountCentsSeen, figuresLocked };
}
