/** What a rule needs to know beyond the contact: the account's settings. */
export type RuleContext = {
  accountId: string;
  /** Lifetime giving from which a contact is a major donor (default $1,000). */
  majorGiftThreshold: number;
  /** The account's IANA time zone, for whole-day comparisons of instants. */
  timeZone: string;
};
