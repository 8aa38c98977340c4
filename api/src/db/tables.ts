// Table names, for tests and maintenance scripts.

/** Tables that hold one account's data: each has a NOT NULL account_id (docs/design.md, Tenancy). */
export const ACCOUNT_DATA_TABLES = [
  'memberships',
  'subscriptions',
  'contacts',
  'contact_tags',
  'contact_phone_numbers',
  'contact_email_addresses',
  'contact_addresses',
  'contact_associations',
  'contact_education',
  'contact_employment',
  'contact_notes',
  'contact_documents',
  'committees',
  'committee_elections',
  'contribution_limits',
  'donation_accounts',
  'campaigns',
  'pledges',
  'donations',
  'donation_day_totals',
  'donation_amount_days',
  'donor_years',
  'campaign_reach',
  'campaign_reach_paused',
  'campaign_contact_tallies',
  'account_contact_tallies',
  'events',
  'contact_lists',
  'contact_list_members',
  'imports',
  'import_chunks',
  'import_errors',
  'import_skipped_rows',
  'import_effects',
  'files',
  'audit_log',
  'message_templates',
  'message_sends',
  'sent_messages',
  'donation_acknowledgments',
  'email_unsubscribes',
  'call_sessions',
  'call_session_prospects',
  'calls',
  'meetings',
  'meeting_attendees',
  'team_invitations',
  'disbursements',
  'fec_reports',
  'bank_reconciliations',
  'notice_filings',
  'contact_duplicates',
  'duplicate_scans',
  'contact_merges',
] as const;

/** Tables not owned by a single account (platform, auth, public forms) or owned optionally. */
export const PLATFORM_TABLES = [
  'plans',
  'accounts',
  'users',
  'sessions',
  'password_resets',
  'email_changes',
  'signup_restarts',
  'login_attempts',
  'two_factor_recovery_codes',
  'two_factor_challenges',
  'checkout_sessions',
  'webhook_events',
  'contact_messages',
  'email_outbox',
  'analytics_events',
] as const;

export const ALL_TABLES = [...PLATFORM_TABLES, ...ACCOUNT_DATA_TABLES] as const;
export type TableName = (typeof ALL_TABLES)[number];

/**
 * Account data tables only MariaDB/MySQL has: the contact search's entries (migrations 20261127170000
 * and 20261128010000; SQLite searches the columns directly).
 */
export const MYSQL_ACCOUNT_DATA_TABLES = ['contact_search_grams'] as const;

/**
 * Where each platform table goes when the data is sharded by account on Vitess
 * (docs/adr/0013-capacity-and-scale-out.md "Past one primary"): every account data table carries
 * account_id (the sharding key); these say where the rest live.
 * - 'account-root': the accounts table itself, whose id is the sharding key.
 * - 'account': carries account_id, sharded with the account's data.
 * - 'user': hangs under users by user_id, in the unsharded keyspace with users (a person belongs to
 *   several accounts, so a user cannot live in one account's shard).
 * - 'global': platform rows of no account (plans as a reference table, public forms, mail, webhooks,
 *   per-IP counters), in the unsharded keyspace.
 */
export const PLATFORM_TABLE_PLACEMENT: Record<(typeof PLATFORM_TABLES)[number], 'account-root' | 'account' | 'user' | 'global'> = {
  accounts: 'account-root',
  sessions: 'account',
  checkout_sessions: 'account',
  analytics_events: 'account',
  users: 'global',
  password_resets: 'user',
  email_changes: 'user',
  two_factor_recovery_codes: 'user',
  two_factor_challenges: 'user',
  plans: 'global',
  signup_restarts: 'global',
  login_attempts: 'global',
  webhook_events: 'global',
  contact_messages: 'global',
  email_outbox: 'global',
};
