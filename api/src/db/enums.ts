// Allowed values of the string "enum" columns. The database stores plain strings (the same schema on
// SQLite and MariaDB); the application validates against these lists. No server imports here, so
// schemas and the frontends may use it.

export const PLAN_IDS = ['starter', 'growth', 'team', 'organization'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Signup organization types (SPEC point 3). */
export const ORGANIZATION_TYPES = ['political', 'nonprofit', '501c3', '501c4', '501c6', 'other'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** Organization types offered by the Settings organization form (SPEC point 5). */
export const SETTINGS_ORGANIZATION_TYPES = ['non-profit', 'political', 'business', 'other'] as const;

/** Every organization type an account may carry (signup and settings lists together). */
export const ACCOUNT_ORGANIZATION_TYPES = [
  'political',
  'nonprofit',
  'non-profit',
  '501c3',
  '501c4',
  '501c6',
  'business',
  'other',
] as const;

export const ACCOUNT_STATUSES = ['pending', 'active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const USER_STATUSES = ['pending', 'active'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const MEMBERSHIP_ROLES = ['owner', 'admin', 'treasurer', 'staff', 'read_only'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export const PAYMENT_PROVIDERS = ['stripe', 'local'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Stripe's subscription statuses; the local checkout uses the same words. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CHECKOUT_SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

export const CONTACT_MESSAGE_SUBJECTS = ['sales', 'support', 'billing', 'partnership', 'other'] as const;
export type ContactMessageSubject = (typeof CONTACT_MESSAGE_SUBJECTS)[number];

export const EMAIL_KINDS = ['password_reset', 'welcome', 'contact_form', 'other'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const CONTACT_STATUSES = ['active', 'inactive', 'do_not_contact', 'bounced'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const PHONE_TYPES = ['mobile', 'home', 'work', 'fax', 'other'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

export const EMAIL_TYPES = ['personal', 'work', 'other'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const ADDRESS_TYPES = ['home', 'work', 'mailing', 'other'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

export const COUNTRIES = ['US', 'CA', 'MX', 'UK', 'AU', 'DE', 'FR', 'JP', 'other'] as const;
export type Country = (typeof COUNTRIES)[number];

export const RELATIONSHIP_TYPES = [
  'spouse',
  'partner',
  'parent',
  'child',
  'sibling',
  'colleague',
  'friend',
  'business_partner',
  'mentor',
  'other',
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export const DEGREE_TYPES = [
  'high_school',
  'associate',
  'bachelor',
  'master',
  'doctorate',
  'certificate',
  'other',
] as const;
export type DegreeType = (typeof DEGREE_TYPES)[number];

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'internship', 'volunteer', 'other'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const NOTE_TYPES = [
  'general',
  'call',
  'meeting',
  'email',
  'event',
  'donation',
  'follow_up',
  'personal',
  'other',
] as const;
export type NoteType = (typeof NOTE_TYPES)[number];

export const PLEDGE_FREQUENCIES = ['one_time', 'weekly', 'monthly', 'quarterly', 'annually'] as const;
export type PledgeFrequency = (typeof PLEDGE_FREQUENCIES)[number];

export const PLEDGE_STATUSES = ['pending', 'confirmed', 'fulfilled', 'cancelled'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

export const PAYMENT_METHODS = [
  'cash',
  'check',
  'credit_card',
  'ach',
  'wire',
  'paypal',
  'venmo',
  'zelle',
  'in_kind',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DONATION_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type DonationStatus = (typeof DONATION_STATUSES)[number];

/**
 * Only donations in this status count toward contact totals (totalDonated, donationCount, ...) and
 * campaign totals (amountRaised, donationCount). The demo and large seeds follow the same rule.
 */
export const COUNTED_DONATION_STATUS: DonationStatus = 'completed';

export const CAMPAIGN_TYPES = [
  'fundraising',
  'advocacy',
  'awareness',
  'gotv',
  'petition',
  'event',
  'volunteer',
  'educational',
  'membership',
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const COMMITTEE_TYPES = ['candidate', 'pac', 'super_pac', 'party', 'ballot_measure', 'nonprofit', 'other'] as const;
export type CommitteeType = (typeof COMMITTEE_TYPES)[number];

export const DONATION_ACCOUNT_TYPES = ['federal', 'state', 'local', 'nonprofit', 'operating', 'restricted', 'other'] as const;
export type DonationAccountType = (typeof DONATION_ACCOUNT_TYPES)[number];

/** SPEC names only the default ('fundraiser'); the rest are the kinds of events campaigns run. */
export { EVENT_TYPE_VALUES as EVENT_TYPES } from '../contract/events';
import type { EVENT_TYPE_VALUES } from '../contract/events';
export type EventType = (typeof EVENT_TYPE_VALUES)[number];

export const EVENT_STATUSES = ['draft', 'published', 'active', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const LIST_TYPES = ['static', 'smart'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export const LIST_MEMBER_SOURCES = ['manual', 'smart', 'import'] as const;
export type ListMemberSource = (typeof LIST_MEMBER_SOURCES)[number];

export const RULE_LOGICS = ['and', 'or'] as const;
export type RuleLogic = (typeof RULE_LOGICS)[number];

export const RULE_OPERATORS = {
  text: ['equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with', 'is_null', 'is_not_null'],
  number: [
    'equals',
    'not_equals',
    'greater_than',
    'greater_than_or_equal',
    'less_than',
    'less_than_or_equal',
    'between',
    'is_null',
    'is_not_null',
  ],
  date: ['date_before', 'date_after', 'date_between', 'is_null', 'is_not_null'],
  boolean: ['equals'],
  select: ['equals', 'not_equals', 'in', 'not_in'],
  tags: ['has_tag', 'not_has_tag'],
} as const;
export type RuleFieldType = keyof typeof RULE_OPERATORS;

export const IMPORT_TYPES = ['contacts', 'associates', 'donations', 'pledges', 'mixed'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export const IMPORT_STATUSES = ['processing', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_ROW_STATUSES = ['pending', 'imported', 'skipped'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const FILE_OWNER_TYPES = ['contact_profile_image', 'contact_document'] as const;
export type FileOwnerType = (typeof FILE_OWNER_TYPES)[number];

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
