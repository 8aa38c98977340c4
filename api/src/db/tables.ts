// Table names, for tests and maintenance scripts.

/** Tables that hold one account's data: each has a NOT NULL account_id (tenancy, DESIGN.md). */
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
  'contact_duplicates',
  'duplicate_scans',
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
