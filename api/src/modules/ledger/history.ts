import type { Knex } from 'knex';
import { NotFound } from '../../http/errors';
import { assertIdOr404, scoped } from '../../http/tenancy';
import { toAuditEntry, type AuditEntry } from '../../lib/audit';
import { CONTACT_NOT_FOUND, DONATION_NOT_FOUND } from './errors';

// The trace of money as the contact's financials show it: every entry the ledger wrote about the
// contact's gifts (its snapshots always name the contact, trace.ts), newest first.

const LIMIT = 200;

/** Every change to the contact's donations and pledges, including gifts since removed or moved away. */
export async function moneyHistoryOfContact(knex: Knex, accountId: string, contactId: string): Promise<AuditEntry[]> {
  assertIdOr404(contactId, CONTACT_NOT_FOUND);
  if (!(await scoped(knex, 'contacts', accountId).where('contacts.id', contactId).first('contacts.id'))) throw new NotFound(CONTACT_NOT_FOUND);
  const named = `%"contactId":"${contactId}"%`;
  const rows = await knex('audit_log')
    .where('accountId', accountId)
    .whereIn('entityType', ['donation', 'pledge'])
    .where((q) => q.where('beforeJson', 'like', named).orWhere('afterJson', 'like', named))
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(LIMIT);
  return rows.map(toAuditEntry);
}

/** One gift's history; a gift removed since still has one (404 only for ids never seen in the account). */
export async function moneyHistoryOfDonation(knex: Knex, accountId: string, donationId: string): Promise<AuditEntry[]> {
  assertIdOr404(donationId, DONATION_NOT_FOUND);
  const rows = await knex('audit_log')
    .where({ accountId, entityType: 'donation', entityId: donationId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(LIMIT);
  if (rows.length === 0 && !(await scoped(knex, 'donations', accountId).where('donations.id', donationId).first('donations.id')))
    throw new NotFound(DONATION_NOT_FOUND);
  return rows.map(toAuditEntry);
}
