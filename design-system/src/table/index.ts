// Entry `@caucus/design-system/table`: the data table and the table library under it. A separate
// entry (shared like the main one) because a shared module is loaded whole: in the main entry, the
// table library (12 KB brotli) was part of every page's first paint, dashboards included, while only
// the contacts section draws tables (ADR 0008).
export { DataTable, createColumnHelper } from '../components/DataTable';
export type { DataTableProps, ColumnDef, SortingState } from '../components/DataTable';
