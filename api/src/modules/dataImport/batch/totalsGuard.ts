import { MAX_MONEY } from '@caucus/contract/common';

// Totals in cents as they stand under the batch's locks, moved by each gift the batch keeps, so that a
// row that would take one past what its column holds (DECIMAL(14,2)) is skipped with its reason
// instead of failing the whole batch. This is an admission check, not the contact's figures: those
// the ledger computes once, from the gifts the batch writes (withNewContactFigures, settleImportedGifts),
// and its own check of the same bound (assertGiftTotalFits) fails the write instead of skipping a row.

export const MAX_CENTS = Math.round(MAX_MONEY * 100);
const moneyText = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
export const CONTACT_TOTAL_TOO_LARGE = `amount would take the contact's total donated past ${moneyText(MAX_CENTS)}`;
export const CAMPAIGN_TOTAL_TOO_LARGE = `amount would take the campaign's amount raised past ${moneyText(MAX_CENTS)}`;
export const ACCOUNT_TOTAL_TOO_LARGE = `amount would take the account's total donated past ${moneyText(MAX_CENTS)}`;

export type TotalsGuard = ReturnType<typeof createTotalsGuard>;

/**
 * @param storedTotalOf a contact's total donated as read under its lock (0 for one the batch creates)
 * @param campaignRaised the campaign's amount raised as read under its lock (null: no campaign)
 * @param accountCents the account's total donated in cents, as read by the plan (locked or not: batch/plan.ts)
 */
export function createTotalsGuard(storedTotalOf: (contactId: string) => unknown, campaignRaised: number | null, accountCents: number) {
  const donatedCents = new Map<string, number>();
  const centsOf = (contactId: string | undefined) => {
    if (!contactId) return 0;
    const current = donatedCents.get(contactId);
    if (current !== undefined) return current;
    const stored = Math.round(Number(storedTotalOf(contactId) ?? 0) * 100);
    donatedCents.set(contactId, stored);
    return stored;
  };
  let campaignCents = campaignRaised === null ? 0 : Math.round(campaignRaised * 100);
  // The account-wide tally (every contact's total summed) has the same bound.
  let accountTotalCents = accountCents;
  let skippedForAccount = false;

  return {
    /** Why a counted gift of `cents` to this donor cannot be kept, or null when every total still fits. */
    reasonAgainst(donorId: string | undefined, cents: number): string | null {
      if (centsOf(donorId) + cents > MAX_CENTS) return CONTACT_TOTAL_TOO_LARGE;
      if (campaignRaised !== null && campaignCents + cents > MAX_CENTS) return CAMPAIGN_TOTAL_TOO_LARGE;
      if (accountTotalCents + cents > MAX_CENTS) {
        skippedForAccount = true;
        return ACCOUNT_TOTAL_TOO_LARGE;
      }
      return null;
    },
    /** A counted gift the batch keeps: every total it counts in moves. */
    add(donorId: string, cents: number): void {
      donatedCents.set(donorId, centsOf(donorId) + cents);
      campaignCents += cents;
      accountTotalCents += cents;
    },
    /** What the kept gifts add to the account's total, in cents. */
    accountAddedCents: (): number => accountTotalCents - accountCents,
    /** Whether a row was skipped for the account's bound (its outcome depends on the total read). */
    skippedForAccount: (): boolean => skippedForAccount,
  };
}
