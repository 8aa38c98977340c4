import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import { createMeetingsRepository } from './repository';
import { meetingsRoutes } from './routes';
import { createMeetingsService } from './service';

export function meetingsModuleRoutes(knex: Knex): Router<AppState> {
  return meetingsRoutes(createMeetingsService(createMeetingsRepository(knex)));
}
