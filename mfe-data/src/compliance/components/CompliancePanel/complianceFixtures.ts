// Test-only data of the compliance components (not exported from the feature).
import type { ExcessiveContribution } from '@caucus/contract';

/** Bob Baker's $1,000 primary gift, $500 over the $3,500 limit; override what a test needs. */
export const anExcess = (overrides: Partial<ExcessiveContribution> = {}): ExcessiveContribution => ({
  donationId: 'd1',
  contactId: 'k1',
  contactName: 'Bob Baker',
  electionCode: 'P2026',
  donationDate: '2026-03-01',
  donationAmount: 1000,
  aggregate: 4000,
  limit: 3500,
  excessAmount: 500,
  deadline: '2026-04-30',
  ...overrides,
});
