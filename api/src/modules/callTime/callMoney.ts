import type { Knex } from 'knex';
import type { CallValues, Pledge } from '@caucus/contract';
import { toMoneyOrNull } from '../../db/values';
import { BadRequest } from '../../http/errors';
import { addDays } from '../../lib/calendarDays';
import { designate } from '../compliance/designation';
import { centsOf } from '../compliance/limitEngine';
import { toPledge } from '../financials/service';
import { recordDonation, recordPledge } from '../ledger';
import { str } from '../shared/contactActivity';
import type { Actor, CallTimeContext } from './context';
import { electionRoom } from './elections';
import { REMINDER_DAYS } from './followUps';
import type { SessionListRow } from './repository';

/** The pledge or gift a call brought, and a warning when it passes the contributor's limit. */
export type CallMoney = { pledge: Pledge | null; donationId: string | null; electionCode: string | null; warning: string | null };

const dollars = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The money of a call that ended in a pledge or a gift, recorded inside the call's transaction (callLog.ts). */
export function createCallMoney({ repo, onDonationRecorded }: CallTimeContext) {
  /** A warning when a pledge asks for more than the contributor may still give to its election. */
  async function limitWarning(
    trx: Knex.Transaction,
    accountId: string,
    contactId: string,
    campaignId: string | null,
    electionCode: string | null,
    amount: number,
    today: string,
  ): Promise<string | null> {
    const room = await electionRoom(trx, accountId, contactId, campaignId, today);
    const election = electionCode ? room.elections.find((e) => e.electionCode === electionCode) : room.current;
    if (!election || centsOf(amount) <= centsOf(election.remaining)) return null;
    return `The pledge of ${dollars(amount)} passes what the contributor can still give to ${election.electionCode}: ${dollars(election.remaining)} of the ${dollars(election.limit)} limit`;
  }

  async function pledgeOnCall(
    trx: Knex.Transaction,
    accountId: string,
    actor: Actor,
    campaignId: string,
    values: CallValues,
    today: string,
  ): Promise<CallMoney> {
    const contactId = values.contactId;
    const amount = values.amount as number;
    // The election is checked against the committee the same way a gift's designation is (400 naming it).
    const designation = await designate(trx, accountId, campaignId, today, values.electionCode);
    const warning = await limitWarning(trx, accountId, contactId, campaignId, designation.electionCode, amount, today);
    const pledgeId = await recordPledge(repo.reader(), {
      accountId,
      actor,
      contactId,
      trx,
      values: {
        pledgeAmount: amount,
        frequency: 'one_time',
        pledgeDate: today,
        dueDate: addDays(today, REMINDER_DAYS),
        campaignId,
        notes: values.notes ?? `Pledged on a call${designation.electionCode ? ` (${designation.electionCode})` : ''}`,
        paymentMethod: values.paymentMethod,
        isAnonymous: false,
        solicitorId: actor.userId,
        status: 'pending',
      },
    });
    const pledgeRow = await repo.pledge(trx, accountId, pledgeId);
    if (!pledgeRow) throw new Error(`The pledge ${pledgeId} just recorded is not there`);
    const pledge = toPledge(pledgeRow);
    return { pledge, donationId: null, electionCode: designation.electionCode, warning };
  }

  async function giftOnCall(trx: Knex.Transaction, accountId: string, actor: Actor, campaignId: string, values: CallValues, today: string): Promise<CallMoney> {
    const donationId = await recordDonation(repo.reader(), {
      accountId,
      actor,
      contactId: values.contactId,
      trx,
      onRecorded: onDonationRecorded,
      values: {
        donationAmount: values.amount as number,
        paymentMethod: values.paymentMethod,
        status: 'completed',
        donationDate: today,
        processedDate: null,
        campaignId,
        pledgeId: null,
        checkNumber: null,
        transactionId: null,
        referenceNumber: null,
        notes: values.notes,
        isAnonymous: false,
        isRecurring: false,
        solicitorId: actor.userId,
        taxDeductibleAmount: null,
        netAmount: null,
        inKindDescription: null,
        fairMarketValue: null,
        electionCode: values.electionCode,
      },
    });
    const donation = await repo.donation(trx, accountId, donationId);
    if (!donation) throw new Error(`The donation ${donationId} just recorded is not there`);
    const excess = toMoneyOrNull(donation.excessAmount);
    const electionCode = str(donation.electionCode);
    const warning =
      excess && excess > 0
        ? `The gift passes the ${electionCode} limit by ${dollars(excess)}: it is flagged for a refund, redesignation or reattribution`
        : null;
    return { pledge: null, donationId, electionCode, warning };
  }

  /**
   * Money moves through the ledger (docs/adr/0012-the-ledger.md): the pledge or gift, the contact's and
   * the campaign's figures, the roll-ups, election aggregates and excess flags change with its audit
   * trace, here in the call's own transaction (`trx`), so a call is never logged without its money
   * and money is never recorded without the call that brought it.
   */
  async function moveMoney(
    trx: Knex.Transaction,
    accountId: string,
    actor: Actor,
    session: SessionListRow,
    values: CallValues,
    today: string,
  ): Promise<CallMoney> {
    const campaignId = str(session.campaignId);
    if (!campaignId) throw new BadRequest('The session has no campaign to record pledges and gifts to', { campaignId: 'Campaign is required' });
    if (values.outcome === 'pledged') return pledgeOnCall(trx, accountId, actor, campaignId, values, today);
    return giftOnCall(trx, accountId, actor, campaignId, values, today);
  }

  return { moveMoney };
}
