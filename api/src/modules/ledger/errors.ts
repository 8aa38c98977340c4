// Messages of the ledger's refusals, shared by the modules that call it (their routes and tests).

export const CONTACT_NOT_FOUND = 'Contact not found';
export const PLEDGE_NOT_FOUND = 'Pledge not found';
export const DONATION_NOT_FOUND = 'Donation not found';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const PLEDGE_OF_OTHER_CONTACT = 'The pledge belongs to another contact';
export const PLEDGE_ALREADY_FULFILLED = 'This pledge is already fulfilled';
export const NO_EXCESS = 'This donation has no excess to remedy';
export const NO_LATER_ELECTION = 'The committee has no later election to redesignate the excess to';
export const SAME_CONTACT = 'Reattribute the excess to another contact (the joint account holder), not the one who gave it';
export const notLaterElection = (code: string, from: string) => `Election ${code} is not a later election of the committee than ${from}`;
export const noRoomMessage = (what: string, code: string, excess: number, aggregate: number, limit: number) =>
  `${what} ${money(excess)} to ${code} would take the contributor to ${money(aggregate + excess)}, past the ${money(limit)} limit for ${code}`;

export function money(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
