import type { Knex } from 'knex';
import type { PledgeValues } from '@caucus/contract';
import type { PledgeRow } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { NotFound } from '../../http/errors';
import { assertIdOr404, scoped } from '../../http/tenancy';
import { newId } from '../../lib/ids';
import { assertCampaignOf, assertContactOf, campaignReach, inLedgerTransaction, ownersOf } from './donations';
import { CONTACT_NOT_FOUND, PLEDGE_NOT_FOUND } from './errors';
import { addToCampaignTotals, lockMoneyRows, refreshFigures } from './figures';
import { traceMoney, type LedgerActor } from './trace';

/** The columns a pledge form writes; the amount fulfilled follows the pledge's gifts (figures.ts). */
type PledgeWrite = Pick<
  PledgeRow,
  'pledgeAmount' | 'frequency' | 'pledgeDate' | 'dueDate' | 'campaignId' | 'notes' | 'paymentMethod' | 'isAnonymous' | 'solicitorId' | 'status'
>;

function pledgeRow(values: PledgeValues): PledgeWrite {
  return {
    pledgeAmount: values.pledgeAmount,
    frequency: values.frequency,
    pledgeDate: values.pledgeDate,
    dueDate: values.dueDate,
    campaignId: values.campaignId,
    notes: values.notes,
    paymentMethod: values.paymentMethod,
    isAnonymous: values.isAnonymous,
    solicitorId: values.solicitorId,
    status: values.status,
  };
}

export type RecordPledgeInput = {
  accountId: string;
  actor: LedgerActor;
  contactId: string;
  values: PledgeValues;
  /** The caller's open transaction, when the pledge must commit with rows of its own (inLedgerTransaction). */
  trx?: Knex.Transaction;
};

/** Records a pledge; its pledger counts toward the campaign's contacts reached. Returns the new id. */
export async function recordPledge(knex: Knex, input: RecordPledgeInput): Promise<string> {
  const { accountId, actor, contactId, values } = input;
  assertIdOr404(contactId, CONTACT_NOT_FOUND);
  return inLedgerTransaction(knex, input.trx, async (trx) => {
    await lockMoneyRows(trx, accountId, [contactId], [], { accountFigures: false });
    await assertContactOf(trx, accountId, contactId);
    await assertCampaignOf(trx, accountId, values.campaignId);
    const reach = await campaignReach(trx, accountId, contactId, values.campaignId);
    // The campaign row is shared by every write to the campaign: locked last, held briefly.
    await lockMoneyRows(trx, accountId, [], [values.campaignId]);
    const id = newId();
    const now = new Date();
    const row = { ...pledgeRow(values), id, accountId, contactId, amountFulfilled: 0, createdBy: actor.userId, createdAt: now, updatedAt: now };
    await trx('pledges').insert(row);
    await addToCampaignTotals(trx, accountId, values.campaignId, reach);
    await traceMoney(trx, accountId, actor, 'pledge', [{ id, action: 'create', before: null, after: row }]);
    return id;
  });
}

export type ChangePledgeInput = { accountId: string; actor: LedgerActor; pledgeId: string; values: PledgeValues };

/**
 * Changes a pledge; its amount fulfilled follows its linked gifts again (a pledge marked fulfilled
 * by hand is not reopened by editing the pledge itself).
 */
export async function changePledge(knex: Knex, input: ChangePledgeInput): Promise<void> {
  const { accountId, actor, pledgeId, values } = input;
  assertIdOr404(pledgeId, PLEDGE_NOT_FOUND);
  const owners = await ownersOf(knex, 'pledges', accountId, pledgeId);
  if (!owners) throw new NotFound(PLEDGE_NOT_FOUND);
  await inTransaction(knex, async (trx) => {
    await lockMoneyRows(trx, accountId, [owners.contactId], [owners.campaignId, values.campaignId]);
    const before = await scoped(trx, 'pledges', accountId).where('pledges.id', pledgeId).first<PledgeRow | undefined>();
    if (!before) throw new NotFound(PLEDGE_NOT_FOUND);
    await assertCampaignOf(trx, accountId, values.campaignId);
    const write = pledgeRow(values);
    await scoped(trx, 'pledges', accountId)
      .where('pledges.id', pledgeId)
      .update({ ...write, updatedAt: new Date() });
    await refreshFigures(trx, accountId, { pledges: [{ id: pledgeId, demote: false }], campaigns: [before.campaignId ?? '', values.campaignId] });
    const after = await scoped(trx, 'pledges', accountId).where('pledges.id', pledgeId).first<PledgeRow | undefined>();
    await traceMoney(trx, accountId, actor, 'pledge', [{ id: pledgeId, action: 'update', before, after: after ?? null }]);
  });
}
