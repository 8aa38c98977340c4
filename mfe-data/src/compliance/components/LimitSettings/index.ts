export { LimitSettings, CONTRIBUTOR_TYPE_LABELS } from './LimitSettings';
