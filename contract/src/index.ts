// Request/response contract shared by the API and the frontends. Only zod and types here: this module
// is bundled into browser code, so it must never import server code.
export * from './common';
export * from './auth';
export * from './contacts';
export * from './contactLists';
export * from './campaigns';
export * from './events';
export * from './dashboard';
export * from './dataImport';
export * from './billing';
export * from './signup';
export * from './settings';
export * from './twoFactor';
export * from './emailChange';
export * from './analytics';
export * from './contactForm';
export * from './financials';
export * from './committees';
export * from './compliance';
export * from './plausibility';

/** data of GET /api/health */
export type HealthResponse = { status: 'ok' };
export * from './search';
export * from './reports';
export * from './spreadsheet';
export * from './fecReports';
export * from './ledger';
export * from './communication';
export * from './callTime';
export * from './permissions';
export * from './team';
export * from './auditLabels';
export * from './duplicates';
export * from './disbursementImport';
