import type { Knex } from 'knex';
import { giftsByContactSql, type GiftTable } from '../../db/giftsByContact';
import { engineOf } from '../../db/knex';

// The campaign-reach rows (one per campaign and contact with a donation or pledge to it, which the
// dashboard counts) follow each donation and pledge row by trigger. Moving a contact's thousands of
// rows to another contact at once (a merge of duplicate donors, its undo) would run three trigger
// statements per row; instead the move pauses those triggers for its own transaction and recounts
// the reach rows of the contacts involved afterwards (migration 20261127150000_reach_paused_for_moves).

/**
 * Runs `move`, which changes the contact of donations or pledges of `contactIds` (and only theirs),
 * with the reach triggers paused, then brings those contacts' reach rows back in line with their
 * donations and pledges. The pause is a row of this transaction: a failure rolls it back with the move.
 */
export async function moveKeepingReach<T>(trx: Knex.Transaction, accountId: string, contactIds: string[], move: () => Promise<T>): Promise<T> {
  const mysql = engineOf(trx) === 'mysql';
  const thisConnection = mysql ? trx.raw('connection_id()') : 0;
  await trx('campaign_reach_paused').insert({ connectionId: thisConnection, accountId });
  const moved = await move();
  await trx('campaign_reach_paused').where('connectionId', thisConnection).delete();
  await recountReach(trx, accountId, contactIds);
  return moved;
}

/** The reach rows of `contactIds`, counted again from their donations and pledges (as the triggers would have kept them). */
async function recountReach(trx: Knex.Transaction, accountId: string, contactIds: string[]): Promise<void> {
  const ids = [...new Set(contactIds)];
  if (ids.length === 0) return;
  const marks = ids.map(() => '?').join(', ');
  await trx.raw(`delete from campaign_reach where account_id = ? and contact_id in (${marks})`, [accountId, ...ids]);
  const counted = (table: GiftTable, columns: string) =>
    `select campaign_id, contact_id, ${columns} from ${giftsByContactSql(trx, table)}
      where account_id = ? and contact_id in (${marks}) and campaign_id is not null
      group by campaign_id, contact_id`;
  await trx.raw(
    `insert into campaign_reach (campaign_id, contact_id, account_id, contact_status, donations, pledges)
       select m.campaign_id, c.id, c.account_id, c.status, sum(m.donations), sum(m.pledges)
         from (${counted('donations', 'count(*) as donations, 0 as pledges')}
               union all
               ${counted('pledges', '0 as donations, count(*) as pledges')}) m
         join contacts c on c.id = m.contact_id
        group by m.campaign_id, c.id, c.account_id, c.status`,
    [accountId, ...ids, accountId, ...ids],
  );
}
