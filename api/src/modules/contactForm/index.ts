import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import type { Mailer } from '../email';
import { contactFormRoutes } from './routes';
import { createContactFormService } from './service';

export { createContactFormService } from './service';
export type { ContactFormService, ContactMessage } from './service';
export { contactFormRoutes } from './routes';

/** The public site's contact form, wired for the app. */
export function contactFormModuleRoutes(knex: Knex, mailer: Mailer, config: Parameters<typeof createContactFormService>[0]['config']): Router<AppState> {
  return contactFormRoutes(createContactFormService({ knex, mailer, config }));
}
