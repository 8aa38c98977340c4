import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createEventsRepository } from './repository';
import { eventsRoutes } from './routes';
import { createEventsService } from './service';

/** Events, wired for the app. */
export function eventsModuleRoutes(knex: Knex): Router<AppState> {
  return eventsRoutes(createEventsService(createEventsRepository(knex)));
}
