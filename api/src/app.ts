import cors from '@koa/cors';
import { Router } from '@koa/router';
import Koa from 'koa';
import compress from 'koa-compress';
import type { Knex } from 'knex';
import type { AppConfig } from './config';
import { jsonBody } from './http/bodyParser';
import { csrfGuard } from './http/csrf';
import { errorHandler } from './http/errorHandler';
import { HttpError } from './http/errors';
import { createLogger, type Logger } from './http/logger';
import { requestContext } from './http/requestContext';
import { securityHeaders } from './http/securityHeaders';
import { staticSite } from './http/staticSite';
import type { AppState } from './http/types';
import { createAnalyticsRepository } from './modules/analytics/repository';
import { analyticsRoutes } from './modules/analytics/routes';
import { createAnalyticsService } from './modules/analytics/service';
import { requireSession } from './modules/auth/middleware';
import { createPasswordHasher } from './modules/auth/passwords';
import { createAuthRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createPasswordResetService } from './modules/auth/passwordReset';
import { createPasswordResetRepository } from './modules/auth/passwordResetRepository';
import { passwordResetRoutes } from './modules/auth/passwordResetRoutes';
import { checkoutModuleRoutes } from './modules/billing/module';
import { createBillingRepository } from './modules/billing/repository';
import { billingPublicRoutes, exceptLocalCheckoutForms, isLocalCheckoutFormPost } from './modules/billing/routes';
import { createBillingService } from './modules/billing/service';
import { createCampaignsRepository } from './modules/campaigns/repository';
import { campaignsRoutes } from './modules/campaigns/routes';
import { createCampaignsService } from './modules/campaigns/service';
import { createContactListsRepository } from './modules/contactLists/repository';
import { contactListsRoutes } from './modules/contactLists/routes';
import { createContactListsService } from './modules/contactLists/service';
import { createContactsRepository } from './modules/contacts/repository';
import { contactsRoutes } from './modules/contacts/routes';
import { createContactsService } from './modules/contacts/service';
import { dashboardModuleRoutes } from './modules/dashboard/routes';
import { contactFormRoutes, createContactFormService } from './modules/contactForm';
import { createDataImportRepository } from './modules/dataImport/repository';
import { dataImportRoutes } from './modules/dataImport/routes';
import { createDataImportService } from './modules/dataImport/service';
import { createMailer } from './modules/email';
import { createEventsRepository } from './modules/events/repository';
import { eventsRoutes } from './modules/events/routes';
import { createEventsService } from './modules/events/service';
import { financialsModuleRoutes } from './modules/financials';
import { filesModule } from './modules/files';
import { healthRoutes } from './modules/health/routes';
import { createSignupRepository } from './modules/signup/repository';
import { signupRoutes } from './modules/signup/routes';
import { createSignupService } from './modules/signup/service';

export type CreateAppOptions = {
  knex: Knex;
  config: AppConfig;
  logger?: Logger;
};

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Builds the Koa app without listening, so tests drive it with supertest. */
export function createApp({ knex, config, logger = createLogger(config.logLevel) }: CreateAppOptions): Koa<AppState> {
  const app = new Koa<AppState>({ proxy: config.trustProxy });
  // Errors are logged by errorHandler; Koa's default handler would print them a second time.
  app.silent = true;

  // One mailer for the app: every module queues email through it inside its own transaction.
  const mailer = createMailer(config, { knex, logger });
  const hasher = createPasswordHasher(config.passwordHashCost);

  const auth = createAuthService({
    repo: createAuthRepository(knex),
    hasher,
    config,
  });

  const api = new Router<AppState>({ prefix: '/api' });
  // Open to everyone.
  api.use(healthRoutes().routes());
  api.use(authRoutes(auth, config).routes());
  api.use(
    passwordResetRoutes(
      createPasswordResetService({ knex, repo: createPasswordResetRepository(knex), hasher, mailer, config }),
      config,
    ).routes(),
  );
  api.use(contactFormRoutes(createContactFormService({ knex, mailer, config })).routes());
  api.use(billingPublicRoutes(createBillingService(createBillingRepository(knex))).routes());
  api.use(signupRoutes(createSignupService({ repo: createSignupRepository(knex), hasher }), config).routes());
  api.use(checkoutModuleRoutes(knex, config, mailer).routes());
  api.use(analyticsRoutes(createAnalyticsService(createAnalyticsRepository(knex)), auth).routes());
  const files = filesModule(knex, config, logger);
  // Signed file URLs carry their own credential (an <img> cannot send a bearer header).
  api.use(files.publicRoutes.routes());

  // Account data: every route below runs with a session, and every repository scopes by its account.
  const secured = new Router<AppState>();
  secured.use(requireSession(auth));
  secured.use(contactsRoutes(createContactsService(createContactsRepository(knex), files.service)).routes());
  secured.use(contactListsRoutes(createContactListsService(createContactListsRepository(knex))).routes());
  secured.use(campaignsRoutes(createCampaignsService(createCampaignsRepository(knex))).routes());
  secured.use(eventsRoutes(createEventsService(createEventsRepository(knex))).routes());
  secured.use(dashboardModuleRoutes(knex).routes());
  secured.use(dataImportRoutes(createDataImportService(createDataImportRepository(knex))).routes());
  secured.use(financialsModuleRoutes(knex).routes());
  secured.use(files.securedRoutes.routes());
  api.use(secured.routes());

  const apiOnly = (middleware: Koa.Middleware<AppState>): Koa.Middleware<AppState> => async (ctx, next) =>
    isApiPath(ctx.path) ? middleware(ctx, next) : next();

  app.use(requestContext(logger));
  app.use(errorHandler());
  app.use(securityHeaders({ forceHttps: config.publicUrl?.startsWith('https://') ?? false }));
  app.use(
    apiOnly(
      cors({
        origin: (ctx) => {
          const origin = ctx.get('Origin');
          return config.corsOrigins.includes(origin) ? origin : '';
        },
        credentials: true,
        allowHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', 'X-Account-Id', 'X-Request-Id'],
        exposeHeaders: ['X-Request-Id'],
        maxAge: 600,
      }),
    ),
  );
  app.use(compress({ threshold: 1024 }));
  app.use(apiOnly(jsonBody(config.bodyLimitBytes, { acceptsForm: isLocalCheckoutFormPost })));
  app.use(apiOnly(exceptLocalCheckoutForms(csrfGuard())));
  app.use(api.routes());
  // Runs after what follows: a path that exists with another method becomes 405 instead of 404.
  app.use(
    api.allowedMethods({
      throw: true,
      methodNotAllowed: () => new HttpError(405, 'Method not allowed'),
      notImplemented: () => new HttpError(501, 'Not implemented'),
    }),
  );
  app.use(
    apiOnly(async (ctx) => {
      // Nothing under /api matched: the envelope 404, never the SPA page.
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
    }),
  );
  if (config.staticDir) app.use(staticSite(config.staticDir));
  app.use(async (ctx) => {
    if (ctx.body === undefined && ctx.status === 404) {
      ctx.status = 404;
      ctx.body = { message: 'Not found' };
    }
  });
  return app;
}
