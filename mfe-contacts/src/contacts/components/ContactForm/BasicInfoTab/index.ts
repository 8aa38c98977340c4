export { BasicInfoTab } from './BasicInfoTab';
export type { BasicInfoTabProps } from './BasicInfoTab';
