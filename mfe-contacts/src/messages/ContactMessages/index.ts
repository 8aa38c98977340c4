export { ContactMessages } from './ContactMessages';
