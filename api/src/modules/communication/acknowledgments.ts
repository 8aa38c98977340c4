import type { Knex } from 'knex';
import type { AcknowledgmentsPage, AcknowledgeResult } from '@caucus/contract';
import type { AuditActor } from '../../lib/audit';
import { createAcknowledge } from './acknowledge';
import { listAcknowledgments, type AckQuery } from './ackQueue';
import { lettersOfBatch } from './batchLetters';
import { contactHistory } from './contactHistory';
import type { Letter } from './letters';
import type { SendsService } from './sends';
import { writeYearEndLetters } from './yearEnd';

// The thank-you service, wired from its parts: which gifts wait for a thank-you (ackQueue.ts), the
// thank-you written for each (ackRendering.ts), the batch that records and sends them (acknowledge.ts),
// year-end letters (yearEnd.ts), a batch's letters (batchLetters.ts) and what a contact was sent
// (contactHistory.ts).

export { GIFT_NOT_FOUND, type AckQuery } from './ackQueue';
export { pickTemplate } from './ackRendering';

export function createAcknowledgmentsService(knex: Knex, sends: SendsService) {
  return {
    list: (accountId: string, query: AckQuery): Promise<AcknowledgmentsPage> => listAcknowledgments(knex, accountId, query),
    ...createAcknowledge(knex, sends),
    /** One letter per donor of the year, listing that year's gifts (the receipt donors keep for taxes). */
    yearEnd: (accountId: string, actor: AuditActor, input: { year: number; templateId: string }): Promise<AcknowledgeResult> =>
      writeYearEndLetters(knex, accountId, actor, input),
    /** The letters of a batch, in the order they were written. */
    letters: (accountId: string, batchId: string): Promise<Letter[]> => lettersOfBatch(knex, accountId, batchId),
    /** Everything a contact was sent, newest first, with each gift's acknowledgment. */
    ofContact: (accountId: string, contactId: string) => contactHistory(knex, accountId, contactId),
  };
}

export type AcknowledgmentsService = ReturnType<typeof createAcknowledgmentsService>;
