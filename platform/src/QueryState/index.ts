export { QueryState } from './QueryState';
export type { QueryStateProps, QueryStateQuery } from './QueryState';
