export { ContactDetailsTab } from './ContactDetailsTab';
