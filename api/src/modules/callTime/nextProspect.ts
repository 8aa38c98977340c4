import type { Knex } from 'knex';
import type { NextProspectResponse, Prospect } from '@caucus/contract';
import type { CallSessionProspectRow, ContactRow } from '../../db/rows';
import { toIsoDate, toMoney, toMoneyOrNull } from '../../db/values';
import { NotFound } from '../../http/errors';
import { todayIn } from '../../lib/calendarDays';
import { centsOf } from '../compliance/limitEngine';
import { fullName, str } from '../shared/contactActivity';
import { toCall } from './callView';
import type { CallTimeContext } from './context';
import { electionRoom } from './elections';
import type { SessionListRow } from './repository';
import { suggestAsk } from './suggestedAsk';

/** How many prospects the claim loop tries at a time before reading the queue again. */
const CLAIM_BATCH = 8;
const CLAIM_ROUNDS = 5;

/** The caller's next prospect: claimed off the call sheet, with everything their screen shows about them. */
export function createNextProspect(context: CallTimeContext) {
  const { repo, now, sessionOr404, progressOf } = context;

  /** Everything the caller's screen shows about one prospect. */
  async function buildProspect(accountId: string, session: SessionListRow, prospect: CallSessionProspectRow): Promise<Prospect> {
    const db = repo.reader();
    const contactId = prospect.contactId;
    const contact = await repo.contact(db, accountId, contactId);
    if (!contact) throw new NotFound('Contact not found');
    const today = todayIn(await repo.accountTimeZone(db, accountId), now());
    const room = await electionRoom(db, accountId, contactId, str(session.campaignId), today);
    const largest = await repo.largestGift(db, accountId, contactId);
    const lastAmount = toMoneyOrNull(contact.lastDonationAmount);
    const ask = suggestAsk({
      largestCents: largest === null ? null : centsOf(largest),
      lastCents: lastAmount === null ? null : centsOf(lastAmount),
      remainingCents: room.current ? centsOf(room.current.remaining) : null,
    });
    return {
      contactId,
      position: Number(prospect.position),
      name: fullName(contact.firstName, contact.lastName, contact.organization),
      organization: str(contact.organization),
      employer: str(contact.employer),
      occupation: str(contact.occupation),
      city: str(contact.city),
      state: str(contact.state),
      email: str(contact.primaryEmail),
      phones: await phonesOf(db, accountId, contact),
      giving: {
        totalDonated: toMoney(contact.totalDonated),
        donationCount: Number(contact.donationCount ?? 0),
        lastDonationAmount: lastAmount,
        lastDonationDate: toIsoDate(contact.lastDonationDate),
        largestDonationAmount: largest,
        recent: (await repo.recentGifts(db, accountId, contactId, 5)).map((gift) => ({
          id: gift.id,
          date: toIsoDate(gift.donationDate),
          amount: toMoney(gift.donationAmount),
          campaignName: str(gift.campaignName),
          electionCode: str(gift.electionCode),
        })),
      },
      elections: room.elections,
      currentElection: room.current,
      openPledges: (await repo.openPledgesOf(db, accountId, contactId)).map((pledge) => ({
        id: pledge.id,
        amount: toMoney(pledge.pledgeAmount),
        amountFulfilled: toMoney(pledge.amountFulfilled),
        pledgeDate: toIsoDate(pledge.pledgeDate),
      })),
      pastCalls: (await repo.callsOfContact(db, accountId, contactId, 10)).map((row) => {
        const call = toCall(row);
        return { id: call.id, at: call.createdAt, outcome: call.outcome, amount: call.amount, notes: call.notes, callerName: call.caller?.name ?? null };
      }),
      suggestedAsk: ask.cents === null ? null : ask.cents / 100,
      askReason: ask.reason,
    };
  }

  /** The contact's numbers: the phone fields of the record first, then any further numbers it lists. */
  async function phonesOf(db: Knex, accountId: string, contact: ContactRow): Promise<{ label: string; number: string }[]> {
    const phones: { label: string; number: string }[] = [];
    const add = (label: string, value: unknown) => {
      const number = str(value)?.trim();
      if (number && !phones.some((phone) => phone.number === number)) phones.push({ label, number });
    };
    add('Primary', contact.primaryPhone);
    add('Mobile', contact.mobilePhone);
    add('Other', contact.secondaryPhone);
    for (const row of await repo.phones(db, accountId, contact.id)) {
      const kind = row.phoneType ?? 'other';
      add(kind.charAt(0).toUpperCase() + kind.slice(1), row.extension ? `${row.phoneNumber} ext. ${row.extension}` : row.phoneNumber);
    }
    return phones;
  }

  /** Claims the next free prospect for the caller, or returns the one already on their screen. */
  async function claimNext(accountId: string, sessionId: string, callerId: string): Promise<CallSessionProspectRow | null> {
    const db = repo.reader();
    const held = await repo.heldBy(db, accountId, sessionId, callerId);
    if (held) return held;
    for (let round = 0; round < CLAIM_ROUNDS; round++) {
      const at = now();
      const candidates = await repo.claimable(db, accountId, sessionId, at, CLAIM_BATCH);
      if (candidates.length === 0) return null;
      for (const candidate of candidates) {
        if (await repo.claim(db, accountId, candidate, callerId, at)) return { ...candidate, status: 'claimed', claimedBy: callerId };
      }
    }
    return null;
  }

  return {
    async next(accountId: string, callerId: string, sessionId: string): Promise<NextProspectResponse> {
      const session = await sessionOr404(repo.reader(), accountId, sessionId);
      const claimed = await claimNext(accountId, sessionId, callerId);
      return {
        prospect: claimed ? await buildProspect(accountId, session, claimed) : null,
        progress: await progressOf(repo.reader(), accountId, sessionId),
      };
    },
  };
}
