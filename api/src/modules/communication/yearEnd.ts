import type { Knex } from 'knex';
import type { AcknowledgeResult } from '@caucus/contract';
import type { MessageTemplateRow, SentMessageRow } from '../../db/rows';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { newId } from '../../lib/ids';
import { renderTemplate, type Organization } from './merge';
import { giftsQuery, insertInChunks, organizationOf, peopleByIds, type Person } from './repository';
import { findTemplateOr400, mergeValuesFor, toTemplate, yearValues } from './templates';

// Year-end letters: one per donor of the year, listing that year's gifts (the receipt donors keep for taxes).

type YearEndLetter = Omit<SentMessageRow, 'donationId' | 'error' | 'nextAttemptAt' | 'claimedAt' | 'sentAt' | 'unsubscribeTokenHash'>;
type LetterBatch = { accountId: string; batchId: string; year: number; template: MessageTemplateRow; org: Organization; now: Date };

/** The contacts with a completed gift in the year. */
async function donorsOf(trx: Knex.Transaction, accountId: string, year: number): Promise<string[]> {
  return (
    (await giftsQuery(trx, accountId)
      .whereNotNull('donations.contactId')
      .whereBetween('donations.donationDate', [`${year}-01-01`, `${year}-12-31`])
      .distinct('donations.contactId')
      .pluck('donations.contact_id')) as unknown[]
  ).map(String);
}

async function insertBatch(trx: Knex.Transaction, batch: LetterBatch, createdBy: string | null, letterCount: number): Promise<void> {
  const { now } = batch;
  await trx('message_sends').insert({
    id: batch.batchId,
    accountId: batch.accountId,
    kind: 'year_end',
    templateId: batch.template.id,
    subject: `Year-end summary ${batch.year}`,
    status: 'sent',
    startedAt: now,
    finishedAt: now,
    totalCount: letterCount,
    letterCount,
    createdBy,
    createdAt: now,
    updatedAt: now,
  });
}

/** The letters, in order of the donors' names. */
async function renderLetters(trx: Knex.Transaction, batch: LetterBatch, people: Map<string, Person>): Promise<YearEndLetter[]> {
  const { accountId, now } = batch;
  const rows: YearEndLetter[] = [];
  for (const person of [...people.values()].sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`))) {
    const values = { ...(await mergeValuesFor(trx, accountId, batch.org, person, null)), ...(await yearValues(trx, accountId, person.id, batch.year)) };
    const rendered = renderTemplate(toTemplate(batch.template), values);
    rows.push({
      id: newId(),
      accountId,
      contactId: person.id,
      sendId: batch.batchId,
      kind: 'year_end',
      channel: 'letter',
      toEmail: null,
      subject: rendered.subject.slice(0, 255),
      bodyText: rendered.text,
      bodyHtml: rendered.html,
      status: 'printed',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    });
  }
  return rows;
}

/** One letter per donor of the year, listing that year's gifts (the receipt donors keep for taxes). */
export async function writeYearEndLetters(
  knex: Knex,
  accountId: string,
  actor: AuditActor,
  input: { year: number; templateId: string },
): Promise<AcknowledgeResult> {
  return knex.transaction(async (trx) => {
    const template = await findTemplateOr400(trx, accountId, input.templateId);
    const contactIds = await donorsOf(trx, accountId, input.year);
    const empty: AcknowledgeResult = { batchId: null, emailed: 0, letters: 0, notNeeded: 0, alreadyDone: 0, letterUrl: null };
    if (contactIds.length === 0) return empty;
    const people = await peopleByIds(trx, accountId, contactIds);
    const org = await organizationOf(trx, accountId);
    const batch: LetterBatch = { accountId, batchId: newId(), year: input.year, template, org, now: new Date() };
    await insertBatch(trx, batch, actor.userId, people.size);
    const rows = await renderLetters(trx, batch, people);
    await insertInChunks(trx, 'sent_messages', rows, 200);
    await recordAudit(trx, {
      accountId,
      actor,
      entityType: 'message',
      entityId: batch.batchId,
      action: 'year_end_letters',
      after: { year: input.year, letters: rows.length },
    });
    return { ...empty, batchId: batch.batchId, letters: rows.length, letterUrl: `/api/acknowledgments/letters/${batch.batchId}.pdf` };
  });
}
