import type { Knex } from 'knex';
import type { SentMessageRow } from '../../db/rows';
import { NotFound } from '../../http/errors';
import { scoped } from '../../http/tenancy';
import { isId } from '../../lib/ids';
import type { Letter } from './letters';
import { peopleByIds } from './repository';

/** The letters of a batch, in the order they were written. */
export async function lettersOfBatch(knex: Knex, accountId: string, batchId: string): Promise<Letter[]> {
  if (!isId(batchId)) throw new NotFound('Letters not found');
  const send = await scoped(knex, 'message_sends', accountId).where('id', batchId).first('id');
  if (!send) throw new NotFound('Letters not found');
  const rows = await scoped<SentMessageRow>(knex, 'sent_messages', accountId).where({ sendId: batchId, channel: 'letter' }).orderBy('id');
  const people = await peopleByIds(knex, accountId, rows.map((r) => r.contactId ?? '').filter(Boolean));
  return rows.map((row) => {
    const person = people.get(row.contactId ?? '');
    return {
      person: { name: person ? `${person.firstName} ${person.lastName}`.trim() : '', addressLines: person?.addressLines ?? [] },
      subject: row.subject,
      text: row.bodyText ?? '',
    };
  });
}
