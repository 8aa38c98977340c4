import type { Knex } from 'knex';
import type { z } from 'zod';
import {
  EMAIL_CLUSTER_PREVIEW_FIELDS,
  type BulkMergeResponse,
  type EmailCluster,
  type EmailClustersResponse,
  type bulkMergeRequestSchema,
  type emailClustersQuerySchema,
} from '@caucus/contract';
import type { ContactDuplicateRow, ContactRow } from '../../db/rows';
import { toInt, toIsoDateTime, toJsonArray, toMoney } from '../../db/values';
import { Conflict, HttpError, NotFound } from '../../http/errors';
import { assertIdOr404, scoped } from '../../http/tenancy';
import type { LedgerActor } from '../ledger';
import { CONTACT_NOT_FOUND, mergeContacts, mergedValues } from './merge';
import { emailKey } from './scan';

// Bulk merge of exact-email clusters: contacts (not merged away) whose email is the same address,
// case and spaces aside. The preview shows, per cluster, the record that stays and what it keeps
// (each field's most recent non-empty value, every tag, every gift); the merge then runs each cluster
// through the one merge service (mergeContacts: ledger, audit, undo), one transaction per cluster, so
// one cluster that changed since the preview fails alone and every merge can be undone by itself.

type Db = Knex | Knex.Transaction;

export const NO_LONGER_SHARE_EMAIL = 'These contacts no longer share one email address';
const CHUNK = 500;

/**
 * Every exact-email cluster of the account, ordered by address. A cluster holding a pair marked 'Not
 * a duplicate' is left to the review queue (the user said two of its people differ); so is one too
 * large for a merge (a shared office inbox).
 */
async function clusterIds(db: Db, accountId: string, maxSize: number): Promise<{ key: string; ids: string[] }[]> {
  const rows = await scoped<Pick<ContactRow, 'id' | 'primaryEmail'>>(db, 'contacts', accountId)
    .whereNull('contacts.mergedIntoId')
    .whereNotNull('contacts.primaryEmail')
    .select('contacts.id', 'contacts.primaryEmail');
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const key = emailKey(row.primaryEmail);
    if (!key) continue;
    const list = groups.get(key);
    if (list) list.push(row.id);
    else groups.set(key, [row.id]);
  }
  const clusters = [...groups.entries()].filter(([, ids]) => ids.length > 1 && ids.length <= maxSize);
  if (clusters.length === 0) return [];
  const dismissed = await scoped<Pick<ContactDuplicateRow, 'firstContactId' | 'secondContactId'>>(db, 'contact_duplicates', accountId)
    .where('contact_duplicates.status', 'dismissed')
    .select('firstContactId', 'secondContactId');
  const apart = new Set(dismissed.map((d) => `${d.firstContactId}|${d.secondContactId}`));
  const hasDismissed = (ids: string[]) => ids.some((x) => ids.some((y) => x < y && apart.has(`${x}|${y}`)));
  return clusters
    .filter(([, ids]) => !hasDismissed(ids))
    .map(([key, ids]) => ({ key, ids: ids.sort() }))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}

const ms = (v: unknown) => (v ? new Date(v as string | Date).getTime() : 0);
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The record that stays: the one with the most gifts (its history is the main one), then the oldest. */
export function pickSurvivor(contacts: ContactRow[]): ContactRow {
  return [...contacts].sort(
    (x, y) => toInt(y.donationCount) - toInt(x.donationCount) || ms(x.createdAt) - ms(y.createdAt) || (String(x.id) < String(y.id) ? -1 : 1),
  )[0];
}

function summary(row: ContactRow): EmailCluster['contacts'][number] {
  return {
    id: String(row.id),
    firstName: str(row.firstName),
    lastName: str(row.lastName),
    primaryEmail: str(row.primaryEmail),
    primaryPhone: str(row.primaryPhone),
    addressLine1: str(row.addressLine1),
    city: str(row.city),
    state: str(row.state),
    zipCode: str(row.zipCode),
    totalDonated: toMoney(row.totalDonated ?? 0),
    donationCount: toInt(row.donationCount),
    updatedAt: toIsoDateTime(row.updatedAt ?? null),
  };
}

export async function emailClusters(
  knex: Knex,
  accountId: string,
  query: z.output<typeof emailClustersQuerySchema>,
  maxSize: number,
): Promise<EmailClustersResponse> {
  const all = await clusterIds(knex, accountId, maxSize);
  const page = all.slice((query.page - 1) * query.limit, query.page * query.limit);
  const ids = page.flatMap((c) => c.ids);
  const byId = new Map<string, ContactRow>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const row of await scoped<ContactRow>(knex, 'contacts', accountId)
      .whereIn('contacts.id', ids.slice(i, i + CHUNK))
      .select('contacts.*'))
      byId.set(row.id, row);
  }
  const clusters: EmailCluster[] = page.map(({ ids: members }) => {
    const rows = members.map((id) => byId.get(id)).filter((r): r is ContactRow => Boolean(r));
    const survivor = pickSurvivor(rows);
    const values = mergedValues(rows, {});
    const keeps = Object.fromEntries(EMAIL_CLUSTER_PREVIEW_FIELDS.map((f) => [f, str(values[f])])) as EmailCluster['keeps'];
    const others = rows.filter((r) => r !== survivor);
    return {
      email: str(survivor.primaryEmail)?.trim() ?? '',
      survivorId: String(survivor.id),
      mergedIds: others.map((r) => String(r.id)),
      contacts: [survivor, ...others].map(summary),
      keeps,
      tags: toJsonArray<string>(values.tags),
      giftsMoved: others.reduce((n, r) => n + toInt(r.donationCount), 0),
      totalDonated: toMoney(rows.reduce((cents, r) => cents + Math.round(Number(r.totalDonated ?? 0) * 100), 0) / 100),
      donationCount: rows.reduce((n, r) => n + toInt(r.donationCount), 0),
    };
  });
  return { clusters, total: all.length, page: query.page, limit: query.limit };
}

/**
 * Merges each cluster through the merge service, one after another. A cluster whose contacts no
 * longer share one address (edited since the preview), or one already merged, fails alone; a contact
 * that is not the account's refuses the whole request (404) before anything moves.
 */
export async function mergeEmailClusters(
  knex: Knex,
  accountId: string,
  actor: LedgerActor,
  input: z.output<typeof bulkMergeRequestSchema>,
): Promise<BulkMergeResponse> {
  // Another account's contact (or no contact at all) in the request: 404, and nothing is merged.
  const ids = input.clusters.flatMap((c) => [c.survivorId, ...c.mergedIds]);
  for (const id of ids) assertIdOr404(id, CONTACT_NOT_FOUND);
  let found = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const row = await scoped(knex, 'contacts', accountId)
      .whereIn('contacts.id', ids.slice(i, i + CHUNK))
      .count({ n: '*' })
      .first();
    found += toInt(row?.n);
  }
  if (found !== ids.length) throw new NotFound(CONTACT_NOT_FOUND);
  const out: BulkMergeResponse = { merged: [], failed: [] };
  const sameEmail = (contacts: ContactRow[]) => {
    const keys = new Set(contacts.map((c) => emailKey(c.primaryEmail)));
    if (keys.size !== 1 || keys.has(null)) throw new Conflict(NO_LONGER_SHARE_EMAIL);
  };
  for (const cluster of input.clusters) {
    try {
      const merge = await mergeContacts(knex, accountId, actor, { survivorId: cluster.survivorId, mergedIds: cluster.mergedIds, fields: {} }, sameEmail);
      out.merged.push({ survivorId: cluster.survivorId, mergeId: merge.id, mergedIds: merge.mergedIds, giftsMoved: merge.giftsMoved });
    } catch (err) {
      // A 4xx says why this cluster was refused; anything else is a fault of the server, not of the cluster.
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      out.failed.push({ survivorId: cluster.survivorId, mergedIds: cluster.mergedIds, message: err.message });
    }
  }
  return out;
}
