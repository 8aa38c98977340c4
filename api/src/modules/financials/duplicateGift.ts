import type { Knex } from 'knex';
import { DUPLICATE_GIFT_MESSAGE, duplicateGiftReason, type DonationValues } from '@caucus/contract';
import type { ContactRow, DonationRow } from '../../db/rows';
import { Conflict } from '../../http/errors';
import { assertIdOr404 } from '../../http/tenancy';
import { sameGift, toPossibleDuplicate } from '../dataImport/duplicates';

// A gift typed in twice (two people entering the same check, a double click after a slow save): a new
// gift of a contact that matches one recorded for them in the last 7 days (same amount and date, and
// the same check number or, without one, the same method: the rule of the import's duplicates) is
// saved only once the user confirms it is another gift (confirmDuplicate).

const RECENT_DAYS = 7;

/** A gift recorded for the contact, with the contact's name. */
type RecentGiftRow = Pick<DonationRow, 'id' | 'contactId' | 'donationAmount' | 'donationDate' | 'paymentMethod' | 'checkNumber' | 'transactionId'> &
  Pick<ContactRow, 'firstName' | 'lastName' | 'organization'>;

export async function assertNotRecentDuplicate(trx: Knex | Knex.Transaction, accountId: string, contactId: string, values: DonationValues): Promise<void> {
  assertIdOr404(contactId, 'Contact not found');
  const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
  const rows: RecentGiftRow[] = await trx('donations')
    .join('contacts', 'contacts.id', 'donations.contactId')
    .where('donations.accountId', accountId)
    .where('donations.contactId', contactId)
    .where('donations.donationDate', values.donationDate)
    .where('donations.createdAt', '>=', since)
    .select(
      'donations.id',
      'donations.contactId',
      'donations.donationAmount',
      'donations.donationDate',
      'donations.paymentMethod',
      'donations.checkNumber',
      'donations.transactionId',
      'contacts.firstName',
      'contacts.lastName',
      'contacts.organization',
    );
  const checkNumber = values.paymentMethod === 'check' ? values.checkNumber : null;
  const existing = sameGift(rows.map(toPossibleDuplicate), contactId, {
    amount: values.donationAmount,
    date: values.donationDate,
    paymentMethod: values.paymentMethod,
    checkNumber,
    transactionId: values.transactionId,
  });
  if (!existing) return;
  throw new Conflict(DUPLICATE_GIFT_MESSAGE, {
    confirmDuplicate: duplicateGiftReason(existing),
    duplicateId: existing.id,
    duplicateAmount: existing.donationAmount.toFixed(2),
    duplicateDate: existing.donationDate ?? '',
    duplicateMethod: existing.paymentMethod ?? '',
    duplicateCheckNumber: existing.checkNumber ?? '',
  });
}
