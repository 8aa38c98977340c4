export { createContactFormService } from './service';
export type { ContactFormService, ContactMessage } from './service';
export { contactFormRoutes } from './routes';
