import type { AggregateResponse } from '@caucus/contract';
import { NotFound } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { aggregateCents, designate, limitCents } from '../compliance/designation';
import { fromCents } from '../compliance/limitEngine';
import type { ComplianceRepository } from '../compliance/repository';
import { money } from './format';

// What a gift being entered would do to its contributor's aggregate for the election it is designated
// to: the donation form and the import review warn before a gift takes it past the limit, instead of
// the excess showing up later on the Compliance tab.

export const CONTACT_NOT_FOUND = 'Contact not found';

export type AggregateQuery = { contactId: string; campaignId: string; donationDate: string; electionCode: string | null; amount: number };
export type AggregateService = ReturnType<typeof createAggregateService>;

export function createAggregateService(complianceRepo: ComplianceRepository) {
  return {
    async forGift(accountId: string, query: AggregateQuery): Promise<AggregateResponse> {
      const db = complianceRepo.reader();
      assertIdOr404(query.contactId, CONTACT_NOT_FOUND);
      if (!(await complianceRepo.contactExists(db, accountId, query.contactId))) throw new NotFound(CONTACT_NOT_FOUND);
      const designation = await designate(db, accountId, query.campaignId, query.donationDate, query.electionCode);
      const amount = Math.round(query.amount * 100);
      if (!designation.committeeId || !designation.electionCode) {
        return { electionCode: null, aggregate: 0, limit: null, after: fromCents(amount), overLimit: false, message: null };
      }
      const key = { contactId: query.contactId, committeeId: designation.committeeId, electionCode: designation.electionCode };
      const aggregate = await aggregateCents(db, accountId, key);
      const limit = await limitCents(db, accountId, query.contactId, designation.electionCode);
      const after = aggregate + amount;
      const overLimit = after > limit;
      return {
        electionCode: designation.electionCode,
        aggregate: fromCents(aggregate),
        limit: fromCents(limit),
        after: fromCents(after),
        overLimit,
        message: overLimit
          ? `This gift takes the contributor to ${money(after)} for ${designation.electionCode}, past the ${money(limit)} limit by ${money(after - limit)}: the excess must be refunded, redesignated or reattributed within 60 days`
          : null,
      };
    },
  };
}
