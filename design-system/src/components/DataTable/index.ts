export { DataTable } from './DataTable';
export type { DataTableProps } from './DataTable';
// Consumers define columns without a second copy of the table library.
export { createColumnHelper } from '@tanstack/react-table';
export type { ColumnDef, SortingState } from '@tanstack/react-table';
