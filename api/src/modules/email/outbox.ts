import type { Knex } from 'knex';
import { toIsoDateTime } from '../../db/values';

export type OutboxEmail = {
  id: string;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  kind: string;
  createdAt: string | null;
  sentAt: string | null;
  error: string | null;
};

/** Newest email queued for an address (tests and support tooling read the outbox this way). */
export async function latestEmailTo(knex: Knex, to: string, kind?: string): Promise<OutboxEmail | undefined> {
  const query = knex('email_outbox').where('to', to).orderBy('id', 'desc').first();
  if (kind) query.andWhere('kind', kind);
  const row = (await query) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  return {
    id: String(row.id),
    to: String(row.to),
    subject: String(row.subject),
    text: (row.text as string | null) ?? null,
    html: (row.html as string | null) ?? null,
    kind: String(row.kind),
    createdAt: toIsoDateTime(row.createdAt as string),
    sentAt: toIsoDateTime(row.sentAt as string),
    error: (row.error as string | null) ?? null,
  };
}
