import type { Knex } from 'knex';
import type { RemedyResponse, RemedyValues } from '@caucus/contract';
import { inTransaction } from '../../db/transaction';
import type { AccountRow, ContactRow, DonationRow } from '../../db/rows';
import { toIsoDate } from '../../db/values';
import { BadRequest, Conflict, NotFound } from '../../http/errors';
import { assertIdOr404, scoped } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import { DONATION_FACT_COLUMNS, type DonationFacts } from '../analytics-reports/rollups';
import { committeeElections } from '../committees/repository';
import { aggregateCents, committeeOfCampaign, limitCents, type ExcessKey } from '../compliance/designation';
import { centsOf, fromCents } from '../compliance/limitEngine';
import { CONTACT_NOT_FOUND, DONATION_NOT_FOUND, NO_EXCESS, NO_LATER_ELECTION, noRoomMessage, notLaterElection, SAME_CONTACT } from './errors';
import { disbursementTrace, payeeOfContact, recordDisbursement } from './disbursements';
import { lockMoneyRows, refreshFigures } from './figures';
import { traceMoney, type LedgerActor } from './trace';
import { todayIn } from '../../lib/calendarDays';

// Reads a donation's columns by name: the stored row, or it with a remedy's changes spread over it.
const factsOf = (row: Record<string, unknown>) =>
  Object.fromEntries(DONATION_FACT_COLUMNS.map((c) => c.replace('donations.', '')).map((c) => [c, row[c]])) as DonationFacts;

export const REFUND_BEFORE_GIFT = 'Refund date must be on or after the day the contribution was received';

async function timeZoneOf(db: Knex.Transaction, accountId: string): Promise<string | null> {
  const row: Pick<AccountRow, 'timezone'> | undefined = await db('accounts').where('accounts.id', accountId).first('accounts.timezone');
  return row?.timezone || null;
}

export type RemedyInput = { accountId: string; actor: LedgerActor; donationId: string; values: RemedyValues };

/**
 * Cures an excessive gift (refund, redesignate, reattribute): the excess leaves it and becomes its
 * own row (or, when the whole gift is excess, the gift itself moves). The flags of every election
 * touched, both contacts' figures, the pledge, the campaign and the roll-ups follow in the same
 * transaction, under the lock order of ADR 0002: contacts (in id order), then the campaign.
 */
export async function remedyExcess(knex: Knex, input: RemedyInput): Promise<RemedyResponse> {
  const { accountId, actor, donationId, values } = input;
  assertIdOr404(donationId, DONATION_NOT_FOUND);
  const owner: Pick<DonationRow, 'contactId' | 'campaignId'> | undefined = await scoped(knex, 'donations', accountId)
    .where('donations.id', donationId)
    .first('donations.contactId', 'donations.campaignId');
  if (!owner) throw new NotFound(DONATION_NOT_FOUND);
  const targetContactId = values.action === 'reattribute' ? values.contactId : null;
  if (targetContactId !== null) assertIdOr404(targetContactId, CONTACT_NOT_FOUND);
  const campaignId = owner.campaignId;

  return inTransaction(knex, async (trx) => {
    await lockMoneyRows(trx, accountId, [owner.contactId, targetContactId], [campaignId]);
    const gift = await scoped(trx, 'donations', accountId).where('donations.id', donationId).first<DonationRow | undefined>();
    if (!gift) throw new NotFound(DONATION_NOT_FOUND);
    const excess = centsOf(gift.excessAmount);
    const contactId = gift.contactId;
    const electionCode = gift.electionCode;
    const committeeId = await committeeOfCampaign(trx, accountId, campaignId);
    if (excess <= 0 || !contactId || !electionCode || !committeeId) throw new Conflict(NO_EXCESS);
    const amount = centsOf(gift.donationAmount);
    const whole = excess >= amount;

    let target: ExcessKey;
    if (values.action === 'redesignate') {
      const elections = await committeeElections(trx, accountId, committeeId);
      const current = elections.find((e) => e.code === electionCode);
      const later = elections.filter((e) => current && e.date > current.date);
      const chosen = values.electionCode ? later.find((e) => e.code === values.electionCode) : later[0];
      if (values.electionCode && !chosen)
        throw new BadRequest(notLaterElection(values.electionCode, electionCode), { electionCode: notLaterElection(values.electionCode, electionCode) });
      if (!chosen) throw new Conflict(NO_LATER_ELECTION);
      target = { contactId, committeeId, electionCode: chosen.code };
    } else if (values.action === 'reattribute') {
      if (targetContactId === contactId) throw new BadRequest(SAME_CONTACT, { contactId: SAME_CONTACT });
      // A contact of another account reads as missing.
      if (!(await scoped(trx, 'contacts', accountId).where('contacts.id', targetContactId!).first('contacts.id'))) throw new NotFound(CONTACT_NOT_FOUND);
      target = { contactId: targetContactId!, committeeId, electionCode };
    } else {
      target = { contactId, committeeId, electionCode };
    }

    if (values.action !== 'refund') {
      const aggregate = await aggregateCents(trx, accountId, target);
      const limit = await limitCents(trx, accountId, target.contactId, target.electionCode);
      if (aggregate + excess > limit) {
        const what = values.action === 'redesignate' ? 'Redesignating' : 'Reattributing';
        throw new Conflict(noRoomMessage(what, target.electionCode, fromCents(excess), fromCents(aggregate), fromCents(limit)));
      }
    }

    const moved = { electionCode: target.electionCode, contactId: target.contactId, remedyAction: values.action, remedyOfId: donationId };
    const refunded = values.action === 'refund' ? { status: 'refunded' } : {};
    // A pledge belongs to its contact; the reattributed part is not that pledge's money.
    const pledgeId = values.action === 'reattribute' ? null : gift.pledgeId;
    const now = new Date();
    let remedyDonationId = donationId;
    const rollups: { removed: DonationFacts[]; added: DonationFacts[] } = { removed: [factsOf(gift)], added: [] };
    if (whole) {
      // The whole gift is excess: it moves (or is refunded) as it is.
      const changes = { ...moved, ...refunded, remedyOfId: null, pledgeId };
      await scoped(trx, 'donations', accountId)
        .where('donations.id', donationId)
        .update({ ...changes, updatedAt: now });
      rollups.added.push(factsOf({ ...gift, ...changes }));
      await traceMoney(trx, accountId, actor, 'donation', [{ id: donationId, action: values.action, before: gift, after: { ...gift, ...changes } }]);
    } else {
      remedyDonationId = newId();
      const kept = { donationAmount: fromCents(amount - excess) };
      await scoped(trx, 'donations', accountId)
        .where('donations.id', donationId)
        .update({ ...kept, updatedAt: now });
      const { id: _id, createdAt: _c, updatedAt: _u, excessAmount: _e, remedyDeadline: _d, transactionId: _t, ...copied } = gift;
      const row = {
        ...copied,
        ...moved,
        ...refunded,
        id: remedyDonationId,
        // A calendar day, written back as one (a driver's Date could shift it through a time zone).
        donationDate: toIsoDate(gift.donationDate),
        donationAmount: fromCents(excess),
        excessAmount: null,
        remedyDeadline: null,
        pledgeId,
        notes: `${values.action === 'refund' ? 'Refund' : values.action === 'redesignate' ? 'Redesignation' : 'Reattribution'} of the excess of an earlier gift`,
        createdAt: now,
        updatedAt: now,
      };
      await trx('donations').insert(row);
      rollups.added.push(factsOf({ ...gift, ...kept }), factsOf(row));
      await traceMoney(trx, accountId, actor, 'donation', [
        { id: donationId, action: values.action, before: gift, after: { ...gift, ...kept } },
        { id: remedyDonationId, action: values.action, before: null, after: row },
      ]);
    }

    // A refund is money going out: its disbursement (line 20a on F3, 28a on F3X; Schedule B's
    // INDIVIDUAL_REFUNDS) is written with the remedy, naming the refunded row, so the report shows
    // the receipt and its refund and cash on hand drops by what was sent back.
    let refundDisbursementId: string | null = null;
    if (values.action === 'refund') {
      refundDisbursementId = newId();
      const giftDate = toIsoDate(gift.donationDate) as string;
      const today = todayIn(await timeZoneOf(trx, accountId), now);
      const day = values.refundDate ?? (today < giftDate ? giftDate : today);
      if (day < giftDate) throw new BadRequest(REFUND_BEFORE_GIFT, { refundDate: REFUND_BEFORE_GIFT });
      const contact = await scoped(trx, 'contacts', accountId).where('contacts.id', contactId).first<ContactRow | undefined>();
      if (!contact) throw new NotFound(CONTACT_NOT_FOUND);
      const payee = payeeOfContact(contact);
      if (payee.entityType === 'IND' && !(payee.payeeFirstName && payee.payeeLastName)) {
        payee.entityType = 'ORG';
        payee.payeeOrganizationName = [payee.payeeFirstName, payee.payeeLastName].filter(Boolean).join(' ') || 'Unnamed contributor';
        payee.payeeFirstName = null;
        payee.payeeLastName = null;
      }
      const disbursement = {
        id: refundDisbursementId,
        accountId,
        committeeId,
        donationAccountId: gift.donationAccountId,
        kind: 'refund',
        refundOfDonationId: remedyDonationId,
        payeeContactId: contactId,
        ...payee,
        amount: fromCents(excess),
        disbursementDate: day,
        purpose: 'Refund of excessive contribution',
        categoryCode: '010',
        electionCode,
        paymentMethod: 'check',
        checkNumber: values.checkNumber ?? null,
        memo: null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      };
      await recordDisbursement(trx, accountId, actor, disbursement, null, disbursementTrace(disbursement));
    }

    await refreshFigures(trx, accountId, {
      rollups,
      excess: [{ contactId, committeeId, electionCode }, target],
      pledges: [{ id: gift.pledgeId, demote: true }],
      contacts: [contactId, target.contactId],
      campaigns: [campaignId],
    });
    return {
      remedy: {
        action: values.action,
        donationId,
        remedyDonationId,
        amount: fromCents(excess),
        contactId: target.contactId,
        electionCode: target.electionCode,
        refundDisbursementId,
      },
    };
  });
}
