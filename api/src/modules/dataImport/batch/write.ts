import type { Knex } from 'knex';
import { toBool } from '../../../db/values';
import { newId } from '../../../lib/ids';
import { syncSmartListsOf } from '../../contactLists';
import { lockAccountFigures, settleImportedGifts, withNewContactFigures, writeImportedGifts } from '../../ledger';
import { MAX_CENTS } from './totalsGuard';
import type { DataImportRepository } from '../repository';
import type { BuiltBatch, NewEffect } from './build';
import type { FilledFields } from './contactBook';
import type { BatchPlan } from './plan';

// The last step of a batch: what the build step made, written in dependency order in the batch's
// transaction, under the locks the plan took (docs/adr/0007-import-pipeline-and-jobs.md), then the
// chunk marked done with its skipped rows and the import's counts. The order of these writes is part
// of the locking of ADR 0002: keep it.

/**
 * The account's total moved between the plan's read of it and its lock, so that a row the batch
 * accepted or skipped for the account's bound might be decided otherwise: the batch is rolled back
 * and done again with the account's figures locked first (BatchOptions.figuresFirst).
 */
export class AccountFiguresMoved extends Error {
  constructor() {
    super("The account's total donated moved during the import batch");
    this.name = 'AccountFiguresMoved';
  }
}

export type BatchResult = { processed: number; imported: number; skipped: number };

export async function writeBatch(repo: DataImportRepository, trx: Knex.Transaction, plan: BatchPlan, built: BuiltBatch): Promise<BatchResult> {
  const { importId, accountId, campaignId, userId, contacts } = plan;
  const { created, filled, tagsAdded } = contacts;
  const effects: NewEffect[] = [...built.effects];
  // The account's figures, before the first write that moves them (when the plan did not lock them).
  // Every row was decided with the total read then: the same outcome holds under the lock when the
  // total did not move, or when no row met the bound and the batch still fits.
  let figuresLocked = plan.figuresLocked;
  const lockFigures = async () => {
    if (figuresLocked) return;
    figuresLocked = true;
    const cents = await lockAccountFigures(trx, accountId);
    if (cents !== plan.accountCentsSeen && (plan.totals.skippedForAccount() || cents + plan.totals.accountAddedCents() > MAX_CENTS))
      throw new AccountFiguresMoved();
  };

  // New contacts are inserted with their figures: the ledger's, from this batch's gifts (all they have).
  const createdRows = [...created.values()];
  withNewContactFigures(createdRows, built.donations);
  // Inserting a contact moves the account's tallies (their trigger).
  if (createdRows.length > 0) await lockFigures();
  await repo.insert(trx, 'contacts', createdRows);
  for (const id of new Set([...filled.keys(), ...tagsAdded.keys()])) {
    const update: FilledFields = { ...(filled.get(id) ?? {}) };
    const tags = tagsAdded.get(id);
    if (tags) update.tags = contacts.byId(id)?.tags;
    await repo.updateContact(trx, accountId, id, update);
    if (filled.has(id)) effects.push({ kind: 'contact_filled', contactId: id, targetId: null, data: JSON.stringify(filled.get(id)) });
    if (tags) effects.push({ kind: 'tags_added', contactId: id, targetId: null, data: JSON.stringify([...tags]) });
  }
  // The gifts go through the ledger: their rows, the campaign's totals and their trace now; the
  // donors' figures, roll-ups, excess flags and pledges last, under the account's figures (below).
  const newlyReached = [...built.reached].filter((id) => !plan.reachedBefore.has(id));
  const written = await writeImportedGifts(
    trx,
    accountId,
    { userId, sessionId: null },
    {
      donations: built.donations,
      pledges: built.pledges,
      campaignId,
      committeeId: plan.committeeId,
      newlyReached: {
        contacts: campaignId ? newlyReached.length : 0,
        volunteers: campaignId ? newlyReached.filter((id) => toBool(contacts.byId(id)?.isVolunteer)).length : 0,
      },
      newContactIds: new Set(created.keys()),
    },
  );
  await repo.insert(trx, 'contact_notes', built.notes);
  await repo.insert(trx, 'contact_associations', built.associations);
  await repo.insert(
    trx,
    'import_effects',
    effects.map((e) => ({ id: newId(), accountId, importId, data: null, ...e })),
  );

  const imported = plan.rows.filter((w) => !w.reason);
  const skipped = plan.rows.filter((w) => w.reason);
  await repo.markChunkDone(
    trx,
    plan.chunk.id,
    createdRows.map((c) => c.id),
  );
  await repo.insertSkipped(
    trx,
    accountId,
    importId,
    skipped.map((w) => ({ rowNumber: w.rowNumber, reason: w.reason as string, cells: w.cells })),
    'server',
  );
  await repo.addCounts(trx, importId, {
    recordsImported: imported.length,
    recordsSkipped: skipped.length,
    contactsCreated: createdRows.length,
    contactsUpdated: filled.size,
  });

  // Last, under the account's figures: the gifts' roll-ups, excess flags and pledges, the donors'
  // giving columns (they move the account's tallies), then the smart lists, whose member counts are
  // account-wide rows every money write reaches after the figures. This batch's new and changed
  // contacts are synced set-based (its donors followed their new figures in the ledger).
  await lockFigures();
  await settleImportedGifts(trx, accountId, written);
  await syncSmartListsOf(trx, accountId, [...created.keys(), ...filled.keys(), ...tagsAdded.keys()]);
  return { processed: plan.rows.length, imported: imported.length, skipped: skipped.length };
}
