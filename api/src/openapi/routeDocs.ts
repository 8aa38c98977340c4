// Each module describes its routes beside them, in modules/<area>/openapi.ts; this list only gathers
// them. A new module adds one import and one spread here.
import { analyticsApi } from '../modules/analytics/openapi';
import { analyticsReportsApi } from '../modules/analytics-reports/openapi';
import { authApi } from '../modules/auth/openapi';
import { billingApi } from '../modules/billing/openapi';
import { campaignsApi } from '../modules/campaigns/openapi';
import { communicationApi } from '../modules/communication/openapi';
import { contactFormApi } from '../modules/contactForm/openapi';
import { contactListsApi } from '../modules/contactLists/openapi';
import { contactsApi } from '../modules/contacts/openapi';
import { dashboardApi } from '../modules/dashboard/openapi';
import { dataImportApi } from '../modules/dataImport/openapi';
import { duplicatesApi } from '../modules/duplicates/openapi';
import { eventsApi } from '../modules/events/openapi';
import { callTimeApi } from '../modules/callTime/openapi';
import { meetingsApi } from '../modules/meetings/openapi';
import { filesApi } from '../modules/files/openapi';
import { financialsApi } from '../modules/financials/openapi';
import { ledgerApi } from '../modules/ledger/openapi';
import { committeesApi } from '../modules/committees/openapi';
import { complianceApi } from '../modules/compliance/openapi';
import { disbursementsApi } from '../modules/disbursements/openapi';
import { fecReportsApi } from '../modules/fecReports/openapi';
import { healthApi } from '../modules/health/openapi';
import { searchApi } from '../modules/search/openapi';
import { emailChangeApi, settingsApi } from '../modules/settings/openapi';
import { signupApi } from '../modules/signup/openapi';
import { auditApi } from '../modules/audit/openapi';
import { teamApi } from '../modules/team/openapi';
import type { DescribedRoute } from './describe';

export const ROUTE_DOCS: readonly DescribedRoute[] = [
  ...healthApi,
  ...authApi,
  ...signupApi,
  ...billingApi,
  ...contactFormApi,
  ...analyticsApi,
  ...duplicatesApi,
  ...contactsApi,
  ...financialsApi,
  ...ledgerApi,
  ...committeesApi,
  ...complianceApi,
  ...disbursementsApi,
  ...fecReportsApi,
  ...filesApi,
  ...contactListsApi,
  ...campaignsApi,
  ...eventsApi,
  ...callTimeApi,
  ...meetingsApi,
  ...dashboardApi,
  ...analyticsReportsApi,
  ...dataImportApi,
  ...searchApi,
  ...settingsApi,
  ...emailChangeApi,
  ...communicationApi,
  ...teamApi,
  ...auditApi,
];
