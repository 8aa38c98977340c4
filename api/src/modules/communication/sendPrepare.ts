import type { Knex } from 'knex';
import type { Audience } from '@caucus/contract';
import type { ContactListRow, MessageSendRow, MessageTemplateRow } from '../../db/rows';
import { scoped } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import { listContactIds, sortAudience } from './audience';
import { renderTemplate, type Organization } from './merge';
import { insertInChunks, organizationOf, peopleByIds, type Person } from './repository';
import { mergeValuesFor, toTemplate } from './templates';

// The start of a list send's job: docs/adr/0015-communication-sends-at-most-once.md.

const INSERT_CHUNK = 250;

/** One queued row per recipient, the template merged for each. */
async function queuedRows(trx: Knex.Transaction, send: MessageSendRow, template: MessageTemplateRow | undefined, recipients: Person[], org: Organization) {
  const accountId = send.accountId;
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
      sendId: send.id,
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
  return rows;
}

/** The send's counts of who was on the list and who was left out, written with its recipients. */
async function recordAudience(trx: Knex.Transaction, sendId: string, audience: Audience, emailCount: number): Promise<void> {
  await trx('message_sends').where('id', sendId).update({
    totalCount: audience.members,
    excludedNoEmail: audience.excluded.noEmail,
    excludedUnsubscribed: audience.excluded.unsubscribed,
    excludedBounced: audience.excluded.bounced,
    excludedDeceased: audience.excluded.deceased,
    emailCount,
  });
}

/** Resolves the list now and writes one queued row per recipient, all in one transaction. */
export async function prepareSend(knex: Knex, sendId: string): Promise<void> {
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
    const rows = await queuedRows(trx, send, template, recipients, org);
    await insertInChunks(trx, 'sent_messages', rows, INSERT_CHUNK);
    await recordAudience(trx, sendId, audience, rows.length);
  });
}
