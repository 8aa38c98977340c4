import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { RateLimiter } from '../../http/rateLimit';
import type { AppState } from '../../http/types';
import type { PasswordHasher } from '../auth/passwords';
import type { Mailer } from '../email';
import { createSignupRepository } from './repository';
import { signupRoutes } from './routes';
import { createSignupService } from './service';

/** The signup funnel, wired for the app. */
export function signupModuleRoutes(
  knex: Knex,
  deps: { hasher: PasswordHasher; mailer: Mailer },
  config: Parameters<typeof signupRoutes>[1],
  limiter: RateLimiter,
): Router<AppState> {
  return signupRoutes(createSignupService({ repo: createSignupRepository(knex), hasher: deps.hasher, mailer: deps.mailer, knex }), config, limiter);
}
