import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import type { RateLimiter } from '../../http/rateLimit';
import type { AppState } from '../../http/types';
import type { AuthService } from '../auth/service';
import { createAnalyticsRepository } from './repository';
import { analyticsRoutes } from './routes';
import { createAnalyticsService } from './service';

/** The product's analytics events, wired for the app (open to visitors, limited per IP; ADR 0005). */
export function analyticsModuleRoutes(knex: Knex, auth: AuthService, limiter: RateLimiter, config: Pick<AppConfig, 'rateLimits'>): Router<AppState> {
  return analyticsRoutes(createAnalyticsService(createAnalyticsRepository(knex)), auth, limiter, config);
}
