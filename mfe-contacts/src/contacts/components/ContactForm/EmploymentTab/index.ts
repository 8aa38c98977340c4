export { EmploymentTab } from './EmploymentTab';
