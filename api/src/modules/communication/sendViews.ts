import type { Knex } from 'knex';
import type { MessageRecipient, MessageSend } from '@caucus/contract';
import type { MessageSendRow, SentMessageRow } from '../../db/rows';
import { toInt, toIsoDateTime } from '../../db/values';
import { NotFound } from '../../http/errors';
import { scoped } from '../../http/tenancy';
import type { CountRow } from './repository';

// What a send's pages show: the sends, their counts by state, and their recipients.

export const SEND_NOT_FOUND = 'Message not found';

/** A send as its pages show it, with its list's name (null once the list is gone). */
type SendListRow = MessageSendRow & { listName: string | null };
/** A recipient with the contact's name (null for a test to the user, or once the contact is gone). */
type RecipientRow = SentMessageRow & { firstName: string | null; lastName: string | null };
export type RecipientsQuery = { status?: string; page: number; pageSize: number };

/** How many of a send's recipients are in each state. */
export async function counts(db: Knex | Knex.Transaction, sendId: string): Promise<MessageSend['counts']> {
  const rows: (Pick<SentMessageRow, 'status'> & CountRow)[] = await db('sent_messages')
    .where('sendId', sendId)
    .groupBy('status')
    .select('status')
    .count({ n: '*' });
  const out = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) {
    const status = row.status;
    if (status in out) out[status as keyof typeof out] = toInt(row.n);
  }
  return out;
}

function toSend(row: SendListRow, counts: MessageSend['counts']): MessageSend {
  return {
    id: row.id,
    kind: row.kind,
    listId: row.listId || null,
    listName: row.listName || null,
    templateId: row.templateId || null,
    subject: row.subject,
    status: row.status,
    sendAt: toIsoDateTime(row.sendAt),
    startedAt: toIsoDateTime(row.startedAt),
    finishedAt: toIsoDateTime(row.finishedAt),
    createdAt: toIsoDateTime(row.createdAt),
    audience: {
      members: toInt(row.totalCount),
      recipients: counts.queued + counts.sending + counts.sent + counts.failed,
      excluded: {
        noEmail: toInt(row.excludedNoEmail),
        unsubscribed: toInt(row.excludedUnsubscribed),
        bounced: toInt(row.excludedBounced),
        deceased: toInt(row.excludedDeceased),
      },
    },
    counts,
  };
}

function toRecipient(row: RecipientRow): MessageRecipient {
  return {
    id: row.id,
    contactId: row.contactId || null,
    contactName: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || (row.toEmail ?? ''),
    email: row.toEmail || null,
    status: row.status,
    error: row.error || null,
    attempts: toInt(row.attempts),
    sentAt: toIsoDateTime(row.sentAt),
  };
}

export function createSendViews(knex: Knex) {
  async function get(accountId: string, id: string): Promise<MessageSend> {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new NotFound(SEND_NOT_FOUND);
    const row: SendListRow | undefined = await scoped(knex, 'message_sends', accountId)
      .leftJoin('contact_lists', 'contact_lists.id', 'message_sends.listId')
      .where('message_sends.id', id)
      .first('message_sends.*', knex.ref('contact_lists.name').as('listName'));
    if (!row) throw new NotFound(SEND_NOT_FOUND);
    return toSend(row, await counts(knex, id));
  }

  return {
    get,

    async list(accountId: string): Promise<MessageSend[]> {
      const rows: SendListRow[] = await scoped(knex, 'message_sends', accountId)
        .leftJoin('contact_lists', 'contact_lists.id', 'message_sends.listId')
        .whereIn('message_sends.kind', ['list', 'test'])
        .orderBy([
          { column: 'message_sends.createdAt', order: 'desc' },
          { column: 'message_sends.id', order: 'desc' },
        ])
        .limit(100)
        .select('message_sends.*', knex.ref('contact_lists.name').as('listName'));
      return Promise.all(rows.map(async (row) => toSend(row, await counts(knex, row.id))));
    },

    async recipients(accountId: string, id: string, query: RecipientsQuery): Promise<{ recipients: MessageRecipient[]; total: number }> {
      await get(accountId, id);
      const base = () => {
        const q = scoped(knex, 'sent_messages', accountId).where('sent_messages.sendId', id);
        if (query.status) q.where('sent_messages.status', query.status);
        return q;
      };
      const [rows, total]: [RecipientRow[], CountRow | undefined] = await Promise.all([
        base()
          .leftJoin('contacts', 'contacts.id', 'sent_messages.contactId')
          .orderBy('sent_messages.id')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .select('sent_messages.*', 'contacts.firstName', 'contacts.lastName'),
        base().count({ n: '*' }).first<CountRow | undefined>(),
      ]);
      return { recipients: rows.map(toRecipient), total: toInt(total?.n) };
    },
  };
}

export type SendViews = ReturnType<typeof createSendViews>;
