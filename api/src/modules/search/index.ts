import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import type { ContactsRepository } from '../contacts/repository';
import { createSearchRepository } from './repository';
import { searchRoutes } from './routes';
import { createSearchService } from './service';

/** The top bar's search, wired for the app: contacts are found as the contacts list finds them. */
export function searchModuleRoutes(knex: Knex, contacts: Pick<ContactsRepository, 'list'>): Router<AppState> {
  return searchRoutes(createSearchService(createSearchRepository(knex), contacts));
}
