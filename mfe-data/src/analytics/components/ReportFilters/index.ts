export { ReportFilters } from './ReportFilters';
export type { ReportFiltersProps } from './ReportFilters';
