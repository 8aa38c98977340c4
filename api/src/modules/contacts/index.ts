import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createContactsRepository, type ContactsRepository } from './repository';
import { contactsRoutes } from './routes';
import { createContactsService, type ContactsService } from './service';

type ContactFiles = Parameters<typeof createContactsService>[1];

/** Contacts, wired for the app; the duplicates' redirects and the search use its service and repository. */
export function contactsModule(knex: Knex, files: ContactFiles): { repository: ContactsRepository; service: ContactsService; routes: Router<AppState> } {
  const repository = createContactsRepository(knex);
  const service = createContactsService(repository, files);
  return { repository, service, routes: contactsRoutes(service) };
}
