export { ContactFormPage } from './ContactFormPage';
