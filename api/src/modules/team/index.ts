import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../../http/types';
import type { PasswordHasher } from '../auth/passwords';
import type { AuthService } from '../auth/service';
import type { Mailer } from '../email';
import { createTeamRepository } from './repository';
import { invitationAcceptRoutes, teamRoutes } from './routes';
import { createTeamService } from './service';

export { requirePermission } from './permissionGuard';

type RouteConfig = Parameters<typeof teamRoutes>[1];

/** The team: its secured routes (Settings > Team) and the open one an invitation is accepted on. */
export function teamModule(
  knex: Knex,
  deps: { hasher: PasswordHasher; mailer: Mailer; auth: Pick<AuthService, 'signInTo'> },
  config: RouteConfig,
): { routes: Router<AppState>; invitationRoutes: Router<AppState> } {
  const service = createTeamService({ repo: createTeamRepository(knex), ...deps });
  return { routes: teamRoutes(service, config), invitationRoutes: invitationAcceptRoutes(service, config) };
}
