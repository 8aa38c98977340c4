import type { Knex } from 'knex';
import type { MessageSend } from '@caucus/contract';
import { BadRequest } from '../../http/errors';
import { findOwnedOr404 } from '../../http/tenancy';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { findList, sampleRecipient } from './audience';
import { postalAddress, renderTemplate, type Organization, type Rendered } from './merge';
import { organizationOf, type Person } from './repository';
import type { SendContext } from './sendContext';
import { SEND_NOT_FOUND } from './sendViews';
import { findTemplateOr400, mergeValuesFor, toTemplate } from './templates';

// Scheduling a list send, sending a test of one, cancelling one before it starts. The job
// (sendJob.ts) does the sending.

type User = { email: string; firstName: string; lastName: string };

function assertCanWriteToList(org: Organization): void {
  if (!postalAddress(org)) {
    const message = "Add the organisation's postal address in Settings first: every email to a list must carry it";
    throw new BadRequest(message, { listId: message });
  }
}

/** Who a test is merged for: a person of the list who would receive it, or else the user. */
async function testStandIn(knex: Knex, accountId: string, user: User, listId: string | null): Promise<Person> {
  const person = listId ? await sampleRecipient(knex, accountId, listId) : null;
  return (
    person ?? {
      id: '',
      firstName: user.firstName,
      lastName: user.lastName,
      email: null,
      status: 'active',
      deceased: false,
      unsubscribed: false,
      addressLines: [],
    }
  );
}

/** A test: a send of one, to the user, queued like any list recipient. */
async function insertTestSend(
  trx: Knex.Transaction,
  accountId: string,
  actor: AuditActor,
  send: { id: string; templateId: string; user: User; rendered: Rendered },
): Promise<void> {
  const { id, templateId, user, rendered } = send;
  const now = new Date();
  const common = { accountId, kind: 'test', subject: `[Test] ${rendered.subject}`.slice(0, 255), createdAt: now, updatedAt: now };
  await trx('message_sends').insert({
    id,
    ...common,
    templateId,
    status: 'sending',
    startedAt: now,
    totalCount: 1,
    emailCount: 1,
    createdBy: actor.userId,
  });
  await trx('sent_messages').insert({
    id: newId(),
    ...common,
    contactId: null,
    sendId: id,
    channel: 'email',
    toEmail: user.email,
    bodyText: rendered.text,
    bodyHtml: rendered.html,
    status: 'queued',
    attempts: 0,
  });
  await recordAudit(trx, { accountId, actor, entityType: 'message', entityId: id, action: 'test_send', after: { templateId, to: user.email } });
}

export function createSendScheduling({ knex, enqueue }: SendContext, get: (accountId: string, id: string) => Promise<MessageSend>) {
  return {
    async create(accountId: string, actor: AuditActor, input: { listId: string; templateId: string; sendAt: string | null }): Promise<MessageSend> {
      const list = await findList(knex, accountId, input.listId);
      const template = await findTemplateOr400(knex, accountId, input.templateId);
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
      return get(accountId, id);
    },

    /** The template merged for one person of the list (or for the user) and sent to the user alone. */
    async test(accountId: string, actor: AuditActor, input: { templateId: string; listId: string | null }): Promise<MessageSend> {
      const template = await findTemplateOr400(knex, accountId, input.templateId);
      const org = await organizationOf(knex, accountId);
      assertCanWriteToList(org);
      const user: User | undefined = await knex('users').where('id', actor.userId).first('email', 'firstName', 'lastName');
      if (!user) throw new Error(`No user ${actor.userId}`);
      const stand = await testStandIn(knex, accountId, user, input.listId);
      const rendered = renderTemplate(toTemplate(template), await mergeValuesFor(knex, accountId, org, stand, null));
      const id = newId();
      await knex.transaction((trx) => insertTestSend(trx, accountId, actor, { id, templateId: template.id, user, rendered }));
      await enqueue(id);
      return get(accountId, id);
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
      return get(accountId, id);
    },
  };
}
