import type { Knex } from 'knex';
import { federalCommitteeBody, insertCampaign, insertContact, signedIn, type LoggedIn } from './fixtures';
import type { TestApp } from './twoAccountApp';

/**
 * A federal committee made through POST /api/committees (federalCommitteeBody with `extra`) and a
 * campaign of it, for `who`'s account.
 */
export async function committeeWithCampaign(
  { app, knex }: { app: TestApp; knex: Knex },
  who: LoggedIn,
  extra: Record<string, unknown> = {},
): Promise<{ committeeId: string; campaignId: string }> {
  const res = await signedIn(app as never, who).post('/api/committees', federalCommitteeBody(extra));
  expect(res.status).toBe(201);
  const committeeId = res.body.data.committee.id as string;
  return { committeeId, campaignId: await insertCampaign(knex, who.accountId, { committeeId }) };
}

/** A contributor with all FEC itemization asks for (address, employer, occupation); `fields` on top. */
export function insertItemizedDonor(knex: Knex, accountId: string, lastName: string, fields: Record<string, unknown> = {}): Promise<string> {
  return insertContact(knex, accountId, {
    firstName: 'Ann',
    lastName,
    addressLine1: '12 Elm St',
    city: 'Arlington',
    state: 'VA',
    zipCode: '22201',
    employer: 'Acme',
    occupation: 'Engineer',
    ...fields,
  });
}

/** POST /api/disbursements body of a $450 check to a print shop, with `extra` on top. */
export const vendorDisbursement = (committeeId: string, extra: Record<string, unknown> = {}) => ({
  committeeId,
  entityType: 'ORG',
  payeeOrganizationName: 'Quick Print LLC',
  payeeStreet1: '5 Press Rd',
  payeeCity: 'Richmond',
  payeeState: 'VA',
  payeeZip: '23220',
  amount: 450,
  disbursementDate: '2026-02-10',
  purpose: 'Printing',
  categoryCode: '006',
  paymentMethod: 'check',
  checkNumber: '1001',
  ...extra,
});
