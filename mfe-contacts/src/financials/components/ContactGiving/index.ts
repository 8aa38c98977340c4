export { ContactGiving } from './ContactGiving';
export type { ContactGivingProps } from './ContactGiving';
