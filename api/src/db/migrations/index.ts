import type { Knex } from 'knex';
import * as archiveMoneyHolders from './20261126100000_archive_money_holders';
import * as createPlans from './20261121120000_create_plans';
import * as createAccounts from './20261121120100_create_accounts';
import * as createAuth from './20261121120200_create_auth';
import * as createBilling from './20261121120300_create_billing';
import * as createMessaging from './20261121120400_create_messaging';
import * as createContacts from './20261121120500_create_contacts';
import * as createCampaigns from './20261121120600_create_campaigns';
import * as createPledgesDonations from './20261121120700_create_pledges_donations';
import * as createEvents from './20261121120800_create_events';
import * as createContactLists from './20261121120900_create_contact_lists';
import * as createImports from './20261121121000_create_imports';
import * as importChunks from './20261125120000_import_chunks';
import * as dropPrefixIndexes from './20261125130000_drop_prefix_indexes';
import * as createFilesAnalytics from './20261121121100_create_files_analytics';
import * as dashboardIndexes from './20261121130000_dashboard_indexes';
import * as contactsSearchIndex from './20261121140000_contacts_search_index';
import * as contactsSearchBinary from './20261122090000_contacts_search_binary';
import * as contactListRuleTrees from './20261123110000_contact_list_rule_trees';
import * as contactTags from './20261123110100_contact_tags';
import * as importPipeline from './20261123120000_import_pipeline';
import * as importMatchingIndexes from './20261123120100_import_matching_indexes';
import * as calendarDays from './20261123140000_calendar_days';
import * as dashboardTallies from './20261123150000_dashboard_tallies';
import * as importRowsReceived from './20261124100000_import_rows_received';
import * as settingsProfile from './20261124160000_settings_profile';
import * as fecCompliance from './20261124170000_fec_compliance';
import * as twoFactor from './20261124180000_two_factor';
import * as analyticsIndexes from './20261124190000_analytics_indexes';
import * as twoFactorSecretsSealed from './20261125090000_two_factor_secrets_sealed';
import * as donationRollups from './20261125150000_donation_rollups';
import * as donorYearsLeanIndexes from './20261125160000_donor_years_lean_indexes';
import * as checkoutPurposes from './20261126062100_checkout_purposes';
import * as importSkippedRows from './20261126062310_import_skipped_rows';
import * as importUndoProgress from './20261126062320_import_undo_progress';
import * as contactSource from './20261126062700_contact_source';
import * as emailChanges from './20261126064117_email_changes_and_code_lock_notice';
import * as analyticsQuotaIndexes from './20261126064700_analytics_quota_indexes';
import * as signupRestarts from './20261126071200_signup_restarts';
import * as teamInvitations from './20261126130000_team_invitations';
import * as auditLog from './20261126093000_audit_log';
import * as communication from './20261126110000_communication';
import * as callTime from './20261126120000_call_time';
import * as disbursementsAndFecReports from './20261126150000_disbursements_and_fec_reports';
import * as duplicates from './20261126160000_duplicates';
import * as contactMerges from './20261126160100_contact_merges';
import * as giftReview from './20261127020000_gift_review';
import * as reconciliationAccounts from './20261127030000_reconciliation_accounts';

export interface NamedMigration {
  name: string;
  migration: Knex.Migration;
}

// Listed explicitly (not read from disk) so the same list runs under jest, tsx and compiled dist/.
// Append new files at the end; never edit or reorder one that has landed.
export const migrations: NamedMigration[] = [
  { name: '20261121120000_create_plans', migration: createPlans },
  { name: '20261121120100_create_accounts', migration: createAccounts },
  { name: '20261121120200_create_auth', migration: createAuth },
  { name: '20261121120300_create_billing', migration: createBilling },
  { name: '20261121120400_create_messaging', migration: createMessaging },
  { name: '20261121120500_create_contacts', migration: createContacts },
  { name: '20261121120600_create_campaigns', migration: createCampaigns },
  { name: '20261121120700_create_pledges_donations', migration: createPledgesDonations },
  { name: '20261121120800_create_events', migration: createEvents },
  { name: '20261121120900_create_contact_lists', migration: createContactLists },
  { name: '20261121121000_create_imports', migration: createImports },
  { name: '20261121121100_create_files_analytics', migration: createFilesAnalytics },
  { name: '20261121130000_dashboard_indexes', migration: dashboardIndexes },
  { name: '20261121140000_contacts_search_index', migration: contactsSearchIndex },
  { name: '20261122090000_contacts_search_binary', migration: contactsSearchBinary },
  { name: '20261123110000_contact_list_rule_trees', migration: contactListRuleTrees },
  { name: '20261123110100_contact_tags', migration: contactTags },
  { name: '20261123120000_import_pipeline', migration: importPipeline },
  { name: '20261123120100_import_matching_indexes', migration: importMatchingIndexes },
  { name: '20261123140000_calendar_days', migration: calendarDays },
  { name: '20261123150000_dashboard_tallies', migration: dashboardTallies },
  { name: '20261124100000_import_rows_received', migration: importRowsReceived },
  { name: '20261124160000_settings_profile', migration: settingsProfile },
  { name: '20261124170000_fec_compliance', migration: fecCompliance },
  { name: '20261124180000_two_factor', migration: twoFactor },
  { name: '20261124190000_analytics_indexes', migration: analyticsIndexes },
  { name: '20261125090000_two_factor_secrets_sealed', migration: twoFactorSecretsSealed },
  { name: '20261125120000_import_chunks', migration: importChunks },
  { name: '20261125130000_drop_prefix_indexes', migration: dropPrefixIndexes },
  { name: '20261125150000_donation_rollups', migration: donationRollups },
  { name: '20261125160000_donor_years_lean_indexes', migration: donorYearsLeanIndexes },
  { name: '20261126062100_checkout_purposes', migration: checkoutPurposes },
  { name: '20261126062310_import_skipped_rows', migration: importSkippedRows },
  { name: '20261126062320_import_undo_progress', migration: importUndoProgress },
  { name: '20261126062700_contact_source', migration: contactSource },
  { name: '20261126064117_email_changes_and_code_lock_notice', migration: emailChanges },
  { name: '20261126064700_analytics_quota_indexes', migration: analyticsQuotaIndexes },
  { name: '20261126071200_signup_restarts', migration: signupRestarts },
  { name: '20261126093000_audit_log', migration: auditLog },
  { name: '20261126100000_archive_money_holders', migration: archiveMoneyHolders },
  { name: '20261126110000_communication', migration: communication },
  { name: '20261126120000_call_time', migration: callTime },
  { name: '20261126130000_team_invitations', migration: teamInvitations },
  { name: '20261126150000_disbursements_and_fec_reports', migration: disbursementsAndFecReports },
  { name: '20261126160000_duplicates', migration: duplicates },
  { name: '20261126160100_contact_merges', migration: contactMerges },
  { name: '20261127020000_gift_review', migration: giftReview },
  { name: '20261127030000_reconciliation_accounts', migration: reconciliationAccounts },
];
