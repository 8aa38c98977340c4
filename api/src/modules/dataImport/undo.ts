import type { Knex } from 'knex';
import type { ImportUndoResponse } from '@caucus/contract';
import { engineOf } from '../../db/knex';
import { toInt, toJsonArray } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { recordAudit } from '../../lib/audit';
import type { JobOutcome } from '../../jobs/types';
import { leaveListsOf, syncSmartListsOf } from '../contactLists';
import { removeGifts, SYSTEM, type GiftRef, type LedgerActor } from '../ledger';
import type { ImportServiceContext } from './context';
import type { ImportedGift } from './repository';
import { ALREADY_UNDONE, IMPORT_NOT_FOUND, UNDO_RUNNING } from './messages';
import { EMPTY_UNDO_RESULT, readUndoResult, type UndoResult } from './undoResult';

// Undo is a job (docs/adr/0007-import-pipeline-and-jobs.md): the request marks it running and queues
// it; the job removes a batch of gifts per transaction, then the rest in a last one.

/** The columns of a contact an undo sets back, by name. */
type ContactUpdate = Record<string, unknown>;
const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export function createImportUndo({ repo, jobs, batchSize, history }: ImportServiceContext) {
  /**
   * Takes back what the import did: its donations, pledges, notes and associations, the contacts it
   * made (unless someone has since recorded money on them), the empty fields it filled (where they
   * still hold the imported value) and the tags it added; every total is recomputed. Runs as a job
   * (runUndoJob), a batch of gifts at a time, with its progress on the import: a big import takes
   * a minute or more to undo, and the user may leave the page. An undo that stopped continues.
   */
  async function undo(accountId: string, id: string, actor: LedgerActor = SYSTEM): Promise<ImportUndoResponse> {
    assertIdOr404(id, IMPORT_NOT_FOUND);
    await repo.transaction(async (trx) => {
      const row = await repo.findImport(trx, accountId, id, true);
      if (!row) throw new NotFound(IMPORT_NOT_FOUND);
      if (row.undoneAt) throw new Conflict(ALREADY_UNDONE);
      if (String(row.status) === 'processing') throw new Conflict('Wait for the import to finish before undoing it');
      if (row.undoStatus === 'running') throw new Conflict(UNDO_RUNNING);
      // An undo that failed continues where it stopped, with what it had removed so far.
      const continuing = row.undoStatus === 'failed';
      const total = continuing ? toInt(row.undoTotal) : await repo.countGifts(trx, accountId, id);
      await repo.updateImport(trx, id, {
        undoStatus: 'running',
        undoTotal: total,
        undoDone: continuing ? toInt(row.undoDone) : 0,
        undoResult: continuing && row.undoResult ? row.undoResult : JSON.stringify(EMPTY_UNDO_RESULT),
      });
      // Who asked: the undo job's removals are theirs (undoActor reads it back).
      await recordAudit(trx, { accountId, actor, entityType: 'import', entityId: id, action: 'undo', before: null, after: { continuing } });
    });
    if (jobs) await jobs.enqueue('import-undo', { importId: id });
    else await runUndoJob(id);
    return { import: await history.record(accountId, id) };
  }

  /**
   * The undo job: the import's donations and pledges a batch at a time (each batch one transaction,
   * locking like every money write, ADR 0002: contacts in id order, then campaigns; totals and
   * roll-ups recomputed for what it removed), then the rest in one last transaction. Safe to run
   * twice or after a crash: each batch takes what is still there.
   */
  async function runUndoJob(importId: string): Promise<JobOutcome> {
    for (;;) {
      // Let requests in between batches (see runImportJob).
      await new Promise((resolve) => setImmediate(resolve));
      let step: { done: boolean; accountId: string } | null;
      try {
        step = await repo.transaction(async (trx) => {
          const row = await repo.findImportForJob(trx, importId, true);
          if (!row || row.undoStatus !== 'running') return null;
          const accountId = String(row.accountId);
          const result = readUndoResult(row.undoResult);
          const planner = engineOf(trx) === 'mysql' ? repo.knex : trx;
          const gifts = await repo.nextGifts(planner, accountId, importId, await batchSize());
          if (gifts.length > 0) {
            await undoGifts(trx, accountId, await undoActor(trx, accountId, importId), gifts, result);
            await repo.updateImport(trx, importId, { undoDone: trx.raw('?? + ?', ['undoDone', gifts.length]), undoResult: JSON.stringify(result) });
            return { done: false, accountId };
          }
          await undoTheRest(trx, planner, accountId, importId, result);
          await repo.updateImport(trx, importId, { undoneAt: new Date(), undoStatus: 'done', undoResult: JSON.stringify(result) });
          return { done: true, accountId };
        });
      } catch (err) {
        // Undo again continues from what is left; the error goes to the job runner's log, sanitised.
        await repo.updateImport(repo.knex, importId, { undoStatus: 'failed' });
        throw err;
      }
      if (!step) return;
      if (step.done) return;
    }
  }

  /** The person who asked for the undo (the latest 'undo' entry of the import), or the system. */
  async function undoActor(trx: Knex.Transaction, accountId: string, importId: string): Promise<LedgerActor> {
    const entry = await trx('audit_log')
      .where({ accountId, entityType: 'import', entityId: importId, action: 'undo' })
      .orderBy('createdAt', 'desc')
      .first<{ userId: string | null; sessionId: string | null } | undefined>('userId', 'sessionId');
    return entry ? { userId: str(entry.userId), sessionId: str(entry.sessionId) } : SYSTEM;
  }

  /**
   * One batch of the import's gifts, removed through the ledger: locked, deleted, and every figure
   * they counted in brought back in line, the excess flags of their elections included.
   */
  async function undoGifts(trx: Knex.Transaction, accountId: string, actor: LedgerActor, gifts: ImportedGift[], result: UndoResult): Promise<void> {
    const refs: GiftRef[] = gifts.map((g) => ({
      kind: g.kind === 'pledges' ? 'pledges' : 'donations',
      id: String(g.id),
      contactId: str(g.contactId),
      campaignId: str(g.campaignId),
    }));
    const removed = await removeGifts(trx, accountId, actor, refs, 'import-undo');
    result.removed.donations += removed.donations;
    result.removed.pledges += removed.pledges;
  }

  /** Once the gifts are gone: notes, associations, the contacts it made, the fields it filled and the tags it added. */
  async function undoTheRest(trx: Knex.Transaction, planner: Knex | Knex.Transaction, accountId: string, id: string, result: UndoResult): Promise<void> {
    // The locks first (contacts by id), named by reads made outside this transaction on MariaDB so
    // that its own reads all come after the locks (see batch/plan.ts); the rows are read again below.
    const plannedEffects = await repo.allEffects(planner, id);
    await repo.lockContacts(trx, accountId, [...plannedEffects.map((e) => String(e.contactId)), ...(await repo.createdContactIds(planner, id))]);
    result.removed.notes += await repo.deleteByIds(
      trx,
      'contact_notes',
      accountId,
      (await repo.effects(trx, id, 'note_created')).map((e) => String(e.targetId)),
    );
    result.removed.associations += await repo.deleteByIds(
      trx,
      'contact_associations',
      accountId,
      (await repo.effects(trx, id, 'association_created')).map((e) => String(e.targetId)),
    );

    const createdIds = await repo.createdContactIds(trx, id);
    const keep = await repo.contactsWithMoney(trx, accountId, createdIds);
    const dropped = createdIds.filter((c) => !keep.has(c));
    await leaveListsOf(trx, accountId, dropped);
    result.removed.contacts += await repo.deleteByIds(trx, 'contacts', accountId, dropped);

    const updates = await restoredContacts(trx, accountId, id);
    for (const [contactId, update] of updates) {
      if (Object.keys(update).length === 0) continue;
      await repo.updateContact(trx, accountId, contactId, update);
      result.restoredContacts += 1;
    }
    await syncSmartListsOf(trx, accountId, updates.keys());
    await repo.deleteEffects(trx, id);
  }

  /** Per contact the import filled or tagged: the fields that still hold the imported value emptied, the added tags taken off. */
  async function restoredContacts(trx: Knex.Transaction, accountId: string, id: string): Promise<Map<string, ContactUpdate>> {
    const fills = await repo.effects(trx, id, 'contact_filled');
    const tagEffects = await repo.effects(trx, id, 'tags_added');
    const current = await repo.contactsByIds(
      trx,
      accountId,
      [...fills, ...tagEffects].map((e) => String(e.contactId)),
    );
    const updates = new Map<string, ContactUpdate>();
    for (const effect of fills) {
      const contact = current.get(String(effect.contactId));
      if (!contact) continue;
      const update = updates.get(contact.id) ?? {};
      // The filled columns are named by the effect: the contact is read by those names.
      const fields: Record<string, unknown> = contact;
      for (const [column, value] of Object.entries(JSON.parse(String(effect.data)) as ContactUpdate)) {
        // A field edited since keeps the person's edit.
        if (String(fields[column] ?? '') === String(value ?? '')) update[column] = null;
      }
      updates.set(contact.id, update);
    }
    for (const effect of tagEffects) {
      const contact = current.get(String(effect.contactId));
      if (!contact) continue;
      const added = new Set(JSON.parse(String(effect.data)) as string[]);
      const update = updates.get(contact.id) ?? {};
      const tags = toJsonArray<string>(update.tags ?? contact.tags).filter((t) => !added.has(t));
      update.tags = JSON.stringify(tags);
      updates.set(contact.id, update);
    }
    return updates;
  }

  return { undo, runUndoJob };
}
