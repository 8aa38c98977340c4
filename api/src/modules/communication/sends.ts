import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Audience, MessageRecipient, MessageSend } from '@caucus/contract';
import type { ContactListMemberRow, ContactListRow, DbTime, MessageSendRow, MessageTemplateRow, SentMessageRow } from '../../db/rows';
import { fromJsonText, toInt, toIsoDateTime, type DbDateTime } from '../../db/values';
import { BadRequest, NotFound } from '../../http/errors';
import { findOwnedOr404, scoped } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import type { JobOutcome, JobQueue } from '../../jobs/types';
import { compileRulesFor } from './lists';
import { isTemporaryFailure, type Delivery } from './delivery';
import { listFooter, postalAddress, renderTemplate, type Organization } from './merge';
import { organizationOf, peopleByIds, type Person } from './repository';
import { mergeValuesFor, toTemplate } from './templates';

export const SEND_NOT_FOUND = 'Message not found';
export const LIST_NOT_FOUND = 'Contact list not found';
const INSERT_CHUNK = 250;
const MAX_ATTEMPTS = 5;

export type SendTuning = {
  publicUrl: string;
  /** How many recipients are taken from the database at a time. */
  batchSize: number;
  /** How many messages are in flight at once. */
  lanes: number;
  /** How long a claimed recipient may stay 'sending' before a new worker counts it as interrupted. */
  leaseMs: number;
  /** First wait before a temporary failure is tried again (doubled each time). */
  retryBaseMs: number;
};

/** A send as its pages show it, with its list's name (null once the list is gone). */
type SendListRow = MessageSendRow & { listName: string | null };
/** A recipient with the contact's name (null for a test to the user, or once the contact is gone). */
type RecipientRow = SentMessageRow & { firstName: string | null; lastName: string | null };
/** COUNT comes back as a number, text or a bigint depending on the engine: read it with toInt. */
type CountRow = { n: unknown };

/** Epoch milliseconds of a stored instant, 0 when there is none. */
const instantMs = (value: DbDateTime): number => Date.parse(toIsoDateTime(value) ?? '') || 0;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Who is on the list now: a static list's members, a smart list's rules evaluated at this moment. */
async function listContactIds(db: Knex | Knex.Transaction, accountId: string, list: ContactListRow): Promise<string[]> {
  const members: Pick<ContactListMemberRow, 'contactId' | 'source'>[] = await db('contact_list_members')
    .where({ listId: list.id })
    .select('contactId', 'source');
  if (list.type !== 'smart') return members.map((m) => m.contactId);
  const rules = fromJsonText(list.rules);
  const byRule = Array.isArray(rules) && rules.length > 0 ? await compileRulesFor(db, accountId, rules) : [];
  const byHand = members.filter((m) => m.source !== 'smart_rule').map((m) => m.contactId);
  return [...new Set([...byRule, ...byHand])];
}

/** Splits a list into who gets the email and why the others do not (each excluded person counted once). */
function sortAudience(ids: string[], people: Map<string, Person>): { recipients: Person[]; audience: Audience } {
  const excluded = { noEmail: 0, unsubscribed: 0, bounced: 0, deceased: 0 };
  const recipients: Person[] = [];
  const seenEmails = new Set<string>();
  for (const id of ids) {
    const person = people.get(id);
    if (!person) continue;
    if (person.deceased) excluded.deceased += 1;
    else if (!person.email) excluded.noEmail += 1;
    else if (person.status === 'bounced') excluded.bounced += 1;
    else if (person.unsubscribed || person.status === 'do_not_contact') excluded.unsubscribed += 1;
    else if (seenEmails.has(person.email.toLowerCase())) continue;
    else {
      seenEmails.add(person.email.toLowerCase());
      recipients.push(person);
    }
  }
  return { recipients, audience: { members: ids.length, recipients: recipients.length, excluded } };
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

export function createSendsService(knex: Knex, deps: { delivery: Delivery; queue: () => JobQueue | null; tuning: SendTuning }) {
  const { delivery, tuning } = deps;

  async function findList(db: Knex | Knex.Transaction, accountId: string, listId: string): Promise<ContactListRow> {
    return findOwnedOr404<ContactListRow>(db, 'contact_lists', accountId, listId, LIST_NOT_FOUND).catch(() => {
      throw new BadRequest(LIST_NOT_FOUND, { listId: LIST_NOT_FOUND });
    });
  }

  async function findTemplate(db: Knex | Knex.Transaction, accountId: string, templateId: string): Promise<MessageTemplateRow> {
    return findOwnedOr404<MessageTemplateRow>(db, 'message_templates', accountId, templateId).catch(() => {
      throw new BadRequest('Template not found', { templateId: 'Template not found' });
    });
  }

  function assertCanWriteToList(org: Organization): void {
    if (!postalAddress(org)) {
      const message = "Add the organisation's postal address in Settings first: every email to a list must carry it";
      throw new BadRequest(message, { listId: message });
    }
  }

  async function counts(db: Knex | Knex.Transaction, sendId: string): Promise<MessageSend['counts']> {
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

  async function enqueue(sendId: string, delayMs = 0): Promise<void> {
    await deps.queue()?.enqueue('message-send', { sendId }, Math.max(0, delayMs));
  }

  /** Resolves the list now and writes one queued row per recipient, all in one transaction. */
  async function prepare(sendId: string): Promise<void> {
    await knex.transaction(async (trx) => {
      const send = await trx<MessageSendRow>('message_sends').where({ id: sendId, status: 'scheduled' }).first();
      if (!send) return;
      const accountId = send.accountId;
      const claimed = await trx('message_sends')
        .where({ id: sendId, status: 'scheduled' })
        .update({ status: 'sending', startedAt: new Date(), updatedAt: new Date() });
      if (claimed !== 1) return;
      const list = send.listId ? await scoped<ContactListRow>(trx, 'contact_lists', accountId).where('id', send.listId).first() : undefined;
      const template = send.templateId ? await scoped<MessageTemplateRow>(trx, 'message_templates', accountId).where('id', send.templateId).first() : undefined;
      const ids = list ? await listContactIds(trx, accountId, list) : [];
      const { recipients, audience } = sortAudience(ids, await peopleByIds(trx, accountId, ids));
      const org = await organizationOf(trx, accountId);
      const now = new Date();
      const rows = [];
      // Without its template (deleted since) nobody is written to.
      const message = template ? toTemplate(template) : undefined;
      for (const person of message ? recipients : []) {
        if (!message) break;
        const rendered = renderTemplate(message, await mergeValuesFor(trx, accountId, org, person, null));
        rows.push({
          id: newId(),
          accountId,
          contactId: person.id,
          sendId,
          donationId: null,
          kind: 'list',
          channel: 'email',
          toEmail: person.email,
          subject: rendered.subject.slice(0, 255),
          bodyText: rendered.text,
          bodyHtml: rendered.html,
          status: 'queued',
          attempts: 0,
          createdAt: now,
          updatedAt: now,
        });
      }
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx('sent_messages').insert(rows.slice(i, i + INSERT_CHUNK));
      await trx('message_sends').where('id', sendId).update({
        totalCount: audience.members,
        excludedNoEmail: audience.excluded.noEmail,
        excludedUnsubscribed: audience.excluded.unsubscribed,
        excludedBounced: audience.excluded.bounced,
        excludedDeceased: audience.excluded.deceased,
        emailCount: rows.length,
      });
    });
  }

  /** Recipients a killed worker left mid-delivery: they may have received it, so they are never sent again. */
  async function settleInterrupted(sendId: string): Promise<void> {
    await knex('sent_messages')
      .where({ sendId, status: 'sending' })
      .where('claimedAt', '<', new Date(Date.now() - tuning.leaseMs))
      .update({ status: 'failed', error: 'Delivery was interrupted; not sent again so that nobody receives it twice', updatedAt: new Date() });
  }

  async function deliverOne(org: Organization, row: SentMessageRow): Promise<void> {
    const kind = row.kind;
    const withUnsubscribe = kind === 'list' || kind === 'test';
    const token = withUnsubscribe ? randomBytes(32).toString('base64url') : null;
    const tokenHash = token ? hashToken(token) : null;
    // The claim stores the link's token hash too, so the link works the moment the message arrives.
    const claimed = await knex('sent_messages')
      .where({ id: row.id, status: 'queued' })
      .update({ status: 'sending', claimedAt: new Date(), attempts: toInt(row.attempts) + 1, unsubscribeTokenHash: tokenHash, updatedAt: new Date() });
    if (claimed !== 1) return;
    let text = row.bodyText ?? '';
    let html = row.bodyHtml ?? '';
    let headers: Record<string, string> | undefined;
    if (token) {
      const url = `${tuning.publicUrl.replace(/\/$/, '')}/api/unsubscribe/${token}`;
      const footer = listFooter(org, url);
      text += footer.text;
      html += footer.html;
      // RFC 8058: one-click unsubscribe a mail client can offer without opening any page.
      headers = { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    } else if (org.addressLine1) {
      text += `\n\n--\n${org.name}, ${postalAddress(org) ?? ''}`;
      html += `<hr><p style="font-size:12px;color:#555">${org.name.replace(/[<>&]/g, '')}, ${(postalAddress(org) ?? '').replace(/[<>&]/g, '')}</p>`;
    }
    const envelope = { to: String(row.toEmail), subject: row.subject, text, html, headers };
    if (!delivery.send) {
      // No SMTP server: handing the message to the outbox is the delivery, in the same transaction as its state.
      await knex.transaction(async (trx) => {
        await trx('email_outbox').insert({
          id: newId(),
          to: envelope.to,
          subject: envelope.subject,
          text,
          html,
          kind: kind === 'list' ? 'list_email' : kind,
          createdAt: new Date(),
          sentAt: new Date(),
          error: null,
        });
        await trx('sent_messages').where('id', row.id).update({ status: 'sent', sentAt: new Date(), error: null, updatedAt: new Date() });
      });
      return;
    }
    try {
      await delivery.send(envelope);
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const attempts = toInt(row.attempts) + 1;
      const retry = isTemporaryFailure(err) && attempts < MAX_ATTEMPTS;
      await knex('sent_messages')
        .where('id', row.id)
        .update(
          retry
            ? { status: 'queued', error: reason, nextAttemptAt: new Date(Date.now() + tuning.retryBaseMs * 2 ** (attempts - 1)), updatedAt: new Date() }
            : { status: 'failed', error: reason, updatedAt: new Date() },
        );
      return;
    }
    await knex('sent_messages').where('id', row.id).update({ status: 'sent', sentAt: new Date(), error: null, updatedAt: new Date() });
  }

  async function runLanes(org: Organization, rows: SentMessageRow[]): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (row) await deliverOne(org, row);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, tuning.lanes) }, lane));
  }

  return {
    counts,
    enqueue,

    async audience(accountId: string, listId: string): Promise<Audience> {
      const list = await findList(knex, accountId, listId);
      const ids = await listContactIds(knex, accountId, list);
      return sortAudience(ids, await peopleByIds(knex, accountId, ids)).audience;
    },

    async create(accountId: string, actor: AuditActor, input: { listId: string; templateId: string; sendAt: string | null }): Promise<MessageSend> {
      const list = await findList(knex, accountId, input.listId);
      const template = await findTemplate(knex, accountId, input.templateId);
      assertCanWriteToList(await organizationOf(knex, accountId));
      const sendAt = input.sendAt ? new Date(input.sendAt.length === 10 ? `${input.sendAt}T00:00:00.000Z` : input.sendAt) : null;
      const id = newId();
      const now = new Date();
      await knex.transaction(async (trx) => {
        await trx('message_sends').insert({
          id,
          accountId,
          kind: 'list',
          listId: list.id,
          templateId: template.id,
          subject: template.subject.slice(0, 255),
          status: 'scheduled',
          sendAt,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'message',
          entityId: id,
          action: 'schedule',
          after: { listId: list.id, listName: list.name, templateId: template.id, sendAt: sendAt?.toISOString() ?? null },
        });
      });
      await enqueue(id, sendAt ? sendAt.getTime() - Date.now() : 0);
      return this.get(accountId, id);
    },

    /** The template merged for one person of the list (or for the user) and sent to the user alone. */
    async test(accountId: string, actor: AuditActor, input: { templateId: string; listId: string | null }): Promise<MessageSend> {
      const template = await findTemplate(knex, accountId, input.templateId);
      const org = await organizationOf(knex, accountId);
      assertCanWriteToList(org);
      const user: { email: string; firstName: string; lastName: string } | undefined = await knex('users')
        .where('id', actor.userId)
        .first('email', 'firstName', 'lastName');
      if (!user) throw new Error(`No user ${actor.userId}`);
      let person: Person | null = null;
      if (input.listId) {
        const ids = await listContactIds(knex, accountId, await findList(knex, accountId, input.listId));
        person = sortAudience(ids.slice(0, 50), await peopleByIds(knex, accountId, ids.slice(0, 50))).recipients[0] ?? null;
      }
      const stand = person ?? {
        id: '',
        firstName: user.firstName,
        lastName: user.lastName,
        email: null,
        status: 'active',
        deceased: false,
        unsubscribed: false,
        addressLines: [],
      };
      const rendered = renderTemplate(toTemplate(template), await mergeValuesFor(knex, accountId, org, stand, null));
      const id = newId();
      const now = new Date();
      await knex.transaction(async (trx) => {
        await trx('message_sends').insert({
          id,
          accountId,
          kind: 'test',
          templateId: template.id,
          subject: `[Test] ${rendered.subject}`.slice(0, 255),
          status: 'sending',
          startedAt: now,
          totalCount: 1,
          emailCount: 1,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        await trx('sent_messages').insert({
          id: newId(),
          accountId,
          contactId: null,
          sendId: id,
          kind: 'test',
          channel: 'email',
          toEmail: user.email,
          subject: `[Test] ${rendered.subject}`.slice(0, 255),
          bodyText: rendered.text,
          bodyHtml: rendered.html,
          status: 'queued',
          attempts: 0,
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'message',
          entityId: id,
          action: 'test_send',
          after: { templateId: template.id, to: user.email },
        });
      });
      await enqueue(id);
      return this.get(accountId, id);
    },

    async cancel(accountId: string, actor: AuditActor, id: string): Promise<MessageSend> {
      await knex.transaction(async (trx) => {
        await findOwnedOr404(trx, 'message_sends', accountId, id, SEND_NOT_FOUND);
        const changed = await trx('message_sends').where({ id, status: 'scheduled' }).update({ status: 'cancelled', updatedAt: new Date() });
        if (changed !== 1)
          throw new BadRequest('Only a scheduled message that has not started can be cancelled', { id: 'Only a scheduled message can be cancelled' });
        await recordAudit(trx, {
          accountId,
          actor,
          entityType: 'message',
          entityId: id,
          action: 'cancel',
          before: { status: 'scheduled' },
          after: { status: 'cancelled' },
        });
      });
      return this.get(accountId, id);
    },

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

    async get(accountId: string, id: string): Promise<MessageSend> {
      if (!/^[0-9a-f-]{36}$/.test(id)) throw new NotFound(SEND_NOT_FOUND);
      const row: SendListRow | undefined = await scoped(knex, 'message_sends', accountId)
        .leftJoin('contact_lists', 'contact_lists.id', 'message_sends.listId')
        .where('message_sends.id', id)
        .first('message_sends.*', knex.ref('contact_lists.name').as('listName'));
      if (!row) throw new NotFound(SEND_NOT_FOUND);
      return toSend(row, await counts(knex, id));
    },

    async recipients(
      accountId: string,
      id: string,
      query: { status?: string; page: number; pageSize: number },
    ): Promise<{ recipients: MessageRecipient[]; total: number }> {
      await this.get(accountId, id);
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

    /** The job: prepare the recipients if not yet done, then deliver in batches until none is left. */
    async runSendJob(sendId: string): Promise<JobOutcome> {
      const send = await knex<MessageSendRow>('message_sends').where('id', sendId).first();
      if (!send || send.status === 'cancelled' || send.status === 'sent') return;
      if (send.status === 'scheduled') {
        const at = instantMs(send.sendAt);
        if (at > Date.now()) return { retryAfterMs: at - Date.now() };
        await prepare(sendId);
      }
      const org = await organizationOf(knex, send.accountId);
      await settleInterrupted(sendId);
      for (;;) {
        const rows: SentMessageRow[] = await knex('sent_messages')
          .where({ sendId, status: 'queued' })
          .where((q) => q.whereNull('nextAttemptAt').orWhere('nextAttemptAt', '<=', new Date()))
          .orderBy('id')
          .limit(tuning.batchSize);
        if (rows.length === 0) break;
        await runLanes(org, rows);
      }
      const left = await counts(knex, sendId);
      if (left.sending > 0) return { retryAfterMs: tuning.leaseMs };
      if (left.queued > 0) {
        const next = await knex('sent_messages').where({ sendId, status: 'queued' }).min({ at: 'nextAttemptAt' }).first<{ at: DbTime | null } | undefined>();
        const at = instantMs(next?.at) || Date.now();
        return { retryAfterMs: Math.max(50, at - Date.now()) };
      }
      await knex('message_sends').where({ id: sendId, status: 'sending' }).update({ status: 'sent', finishedAt: new Date(), updatedAt: new Date() });
    },

    /** Sends a stop or crash left unfinished, queued again (in-process jobs live only as long as the process). */
    async resumeUnfinished(): Promise<number> {
      const rows: Pick<MessageSendRow, 'id' | 'sendAt'>[] = await knex('message_sends').whereIn('status', ['scheduled', 'sending']).select('id', 'sendAt');
      for (const row of rows) await enqueue(row.id, instantMs(row.sendAt) - Date.now());
      return rows.length;
    },
  };
}

export type SendsService = ReturnType<typeof createSendsService>;
