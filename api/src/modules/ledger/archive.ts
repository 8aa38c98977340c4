import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction';
import { engineOf } from '../../db/knex';
import type { CampaignRow, ContactRow } from '../../db/rows';
import { toIsoDateTime } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { assertIdOr404, scoped } from '../../http/tenancy';
import { recordAudit } from '../../lib/audit';
import { CAMPAIGN_NOT_FOUND, CONTACT_NOT_FOUND } from './errors';
import type { LedgerActor } from './trace';

// Archiving is what a holder of money gets instead of a delete (docs/adr/0012-the-ledger.md): its
// gifts, totals, Schedule A rows and excess flags stay exactly as they are; it only leaves the
// pickers and the lists that show what is current.

/** The row a (un)archive locks: a campaign's status and the one it had, or a contact's archive time. */
type LockedHolder = Pick<CampaignRow, 'id'> & Partial<Pick<CampaignRow, 'status' | 'statusBeforeArchive'> & Pick<ContactRow, 'archivedAt'>>;

export const CAMPAIGN_ALREADY_ARCHIVED = 'This campaign is already archived';
export const CAMPAIGN_NOT_ARCHIVED = 'This campaign is not archived';
export const CONTACT_ALREADY_ARCHIVED = 'This contact is already archived';
export const CONTACT_NOT_ARCHIVED = 'This contact is not archived';

type HolderInput = { accountId: string; actor: LedgerActor; id: string };

async function lockedRow(trx: Knex.Transaction, table: 'campaigns' | 'contacts', accountId: string, id: string): Promise<LockedHolder | undefined> {
  const query = scoped(trx, table, accountId)
    .where(`${table}.id`, id)
    .first<LockedHolder | undefined>(
      `${table}.id`,
      table === 'campaigns' ? 'campaigns.status' : 'contacts.archivedAt',
      ...(table === 'campaigns' ? ['campaigns.statusBeforeArchive'] : []),
    );
  if (engineOf(trx) === 'mysql') query.forUpdate();
  return await query;
}

/** Archives a campaign: status 'archived', the one it had kept to give back. 409 when already archived. */
export async function archiveCampaign(knex: Knex, { accountId, actor, id }: HolderInput): Promise<void> {
  assertIdOr404(id, CAMPAIGN_NOT_FOUND);
  await inTransaction(knex, async (trx) => {
    const row = await lockedRow(trx, 'campaigns', accountId, id);
    if (!row) throw new NotFound(CAMPAIGN_NOT_FOUND);
    if (row.status === 'archived') throw new Conflict(CAMPAIGN_ALREADY_ARCHIVED);
    await scoped(trx, 'campaigns', accountId).where('campaigns.id', id).update({ status: 'archived', statusBeforeArchive: row.status, updatedAt: new Date() });
    await recordAudit(trx, {
      accountId,
      actor,
      entityType: 'campaign',
      entityId: id,
      action: 'archive',
      before: { status: row.status },
      after: { status: 'archived' },
    });
  });
}

/** Gives an archived campaign back the status it had (active when it was archived from the form). */
export async function unarchiveCampaign(knex: Knex, { accountId, actor, id }: HolderInput): Promise<void> {
  assertIdOr404(id, CAMPAIGN_NOT_FOUND);
  await inTransaction(knex, async (trx) => {
    const row = await lockedRow(trx, 'campaigns', accountId, id);
    if (!row) throw new NotFound(CAMPAIGN_NOT_FOUND);
    if (row.status !== 'archived') throw new Conflict(CAMPAIGN_NOT_ARCHIVED);
    const status = row.statusBeforeArchive && row.statusBeforeArchive !== 'archived' ? row.statusBeforeArchive : 'active';
    await scoped(trx, 'campaigns', accountId).where('campaigns.id', id).update({ status, statusBeforeArchive: null, updatedAt: new Date() });
    await recordAudit(trx, { accountId, actor, entityType: 'campaign', entityId: id, action: 'unarchive', before: { status: 'archived' }, after: { status } });
  });
}

export async function archiveContact(knex: Knex, { accountId, actor, id }: HolderInput): Promise<string> {
  assertIdOr404(id, CONTACT_NOT_FOUND);
  return inTransaction(knex, async (trx) => {
    const row = await lockedRow(trx, 'contacts', accountId, id);
    if (!row) throw new NotFound(CONTACT_NOT_FOUND);
    if (row.archivedAt) throw new Conflict(CONTACT_ALREADY_ARCHIVED);
    const archivedAt = new Date();
    await scoped(trx, 'contacts', accountId).where('contacts.id', id).update({ archivedAt });
    await recordAudit(trx, {
      accountId,
      actor,
      entityType: 'contact',
      entityId: id,
      action: 'archive',
      before: { archivedAt: null },
      after: { archivedAt: archivedAt.toISOString() },
    });
    return toIsoDateTime(archivedAt) as string;
  });
}

export async function unarchiveContact(knex: Knex, { accountId, actor, id }: HolderInput): Promise<void> {
  assertIdOr404(id, CONTACT_NOT_FOUND);
  await inTransaction(knex, async (trx) => {
    const row = await lockedRow(trx, 'contacts', accountId, id);
    if (!row) throw new NotFound(CONTACT_NOT_FOUND);
    if (!row.archivedAt) throw new Conflict(CONTACT_NOT_ARCHIVED);
    await scoped(trx, 'contacts', accountId).where('contacts.id', id).update({ archivedAt: null });
    await recordAudit(trx, {
      accountId,
      actor,
      entityType: 'contact',
      entityId: id,
      action: 'unarchive',
      before: { archivedAt: toIsoDateTime(row.archivedAt) },
      after: { archivedAt: null },
    });
  });
}
