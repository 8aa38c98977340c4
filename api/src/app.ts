import cors from '@koa/cors';
import Koa from 'koa';
import compose from 'koa-compose';
import type { Knex } from 'knex';
import type { AppConfig } from './config';
import { jsonBody, refuseOtherBodyTypes } from './http/bodyParser';
import { canonicalApiPaths, isApiPath } from './http/canonicalPath';
import { compressAnswers } from './http/compression';
import { noStoreByDefault } from './http/cacheControl';
import { csrfGuard } from './http/csrf';
import { errorHandler } from './http/errorHandler';
import { jsonDepthLimit } from './http/jsonDepth';
import { serializeJsonOnce } from './http/jsonResponse';
import { createLogger, type Logger } from './http/logger';
import { allowedMethods } from './http/methods';
import { createRateLimiter } from './http/rateLimit';
import { requestContext } from './http/requestContext';
import { createRouter } from './http/router';
import { securityHeaders } from './http/securityHeaders';
import { staticSite } from './http/staticSite';
import type { AppState } from './http/types';
import { uploadSlots } from './http/uploadSlots';
import { analyticsModuleRoutes } from './modules/analytics';
import { analyticsReportsModuleRoutes } from './modules/analytics-reports';
import { auditModuleRoutes } from './modules/audit';
import {
  authModule,
  authRoutes,
  createPasswordHasher,
  forgetCachedSessionsAfterWrites,
  LOCAL_SESSION_GENERATION,
  passwordResetModuleRoutes,
  redisSessionGeneration,
  requireSession,
  twoFactorModule,
  type SessionGeneration,
} from './modules/auth';
import { billingPublicModuleRoutes, checkoutModuleRoutes, exceptLocalCheckoutForms, isLocalCheckoutFormPost } from './modules/billing';
import { callTimeModuleRoutes } from './modules/callTime';
import { campaignsModuleRoutes } from './modules/campaigns';
import { committeesModuleRoutes } from './modules/committees';
import { communicationModule, isUnsubscribePost } from './modules/communication';
import { complianceModuleRoutes } from './modules/compliance';
import { contactFormModuleRoutes } from './modules/contactForm';
import { contactListsModuleRoutes } from './modules/contactLists';
import { contactsModule } from './modules/contacts';
import { dashboardModuleRoutes } from './modules/dashboard';
import { dataImportModule, isImportUpload, type JobQueueFactory } from './modules/dataImport';
import { disbursementsModuleRoutes, isDisbursementImport } from './modules/disbursements';
import { duplicatesModule, type DuplicatesService } from './modules/duplicates';
import { createMailer } from './modules/email';
import { eventsModuleRoutes } from './modules/events';
import { fecReportsModuleRoutes } from './modules/fecReports';
import { filesModule, isFileUpload } from './modules/files';
import { financialsModuleRoutes } from './modules/financials';
import { healthRoutes } from './modules/health';
import { ledgerRoutes, type DonationListener } from './modules/ledger';
import { meetingsModuleRoutes } from './modules/meetings';
import { searchModuleRoutes } from './modules/search';
import { settingsModule, withLoginAlerts } from './modules/settings';
import { signupModuleRoutes } from './modules/signup';
import { requirePermission, teamModule } from './modules/team';
import type { JobQueue } from './jobs';
import { createMetrics, type AppMetrics } from './metrics';
import { apiReferenceRoutes } from './openapi/routes';

export type CreateAppOptions = {
  knex: Knex;
  config: AppConfig;
  logger?: Logger;
  /** The job queue for imports; default from config (in-process, or BullMQ with REDIS_URL). */
  jobs?: JobQueueFactory;
  /** Shared by the API instances; default from config (Redis with REDIS_URL, else this process alone). */
  sessionGeneration?: SessionGeneration;
  /** The figures the metrics port serves (server.ts); default a registry of this app's own. */
  metrics?: AppMetrics;
};

export type AppJobs = {
  queue: JobQueue;
  /** Queues again the imports a stop or crash left unfinished. */
  resumeUnfinished(): Promise<number>;
  /** The duplicate scan's service (the nightly scan, tests and benchmarks start scans through it). */
  duplicates: () => DuplicatesService;
};

/** Builds the Koa app without listening, so tests drive it with supertest. */
export function createApp({
  knex,
  config,
  logger = createLogger(config.logLevel),
  jobs,
  sessionGeneration = config.redisUrl ? redisSessionGeneration(config.redisUrl, config.jobsPrefix, logger) : LOCAL_SESSION_GENERATION,
  metrics = createMetrics({ knex }),
}: CreateAppOptions): Koa<AppState> & { jobs: AppJobs; sessionGeneration: SessionGeneration; metrics: AppMetrics } {
  // maxIpsCount: only the entries our own proxies appended to X-Forwarded-For are believed, so a
  // client cannot pick the address the per-IP limits count by sending the header itself.
  const app = new Koa<AppState>({ proxy: config.trustProxy, maxIpsCount: config.trustProxyHops }) as Koa<AppState> & {
    jobs: AppJobs;
    sessionGeneration: SessionGeneration;
    metrics: AppMetrics;
  };
  app.sessionGeneration = sessionGeneration;
  app.metrics = metrics;
  // Errors are logged by errorHandler; Koa's default handler would print them a second time.
  app.silent = true;

  // One mailer for the app: every module queues email through it inside its own transaction.
  const mailer = createMailer(config, { knex, logger });
  const hasher = createPasswordHasher(config.passwordHashCost);
  const limiter = createRateLimiter(knex);

  const twoFactor = twoFactorModule(knex, config, mailer);
  const settings = settingsModule(knex, config, { hasher, mailer, twoFactor });
  // Login alerts (a settings preference) run after each successful sign-in.
  const auth = withLoginAlerts(authModule(knex, { hasher, twoFactor, config, generation: sessionGeneration }), settings.service, logger);

  // Bodies are read inside the routers, once a route matched (and, on the secured router, once the
  // session and the guards let the request through): nothing is read or parsed for a request that
  // is refused anyway. Import uploads carry up to 200,000 rows; every other route keeps the small limit.
  const acceptsForm = (ctx: { method: string; path: string }) => isLocalCheckoutFormPost(ctx) || isUnsubscribePost(ctx);
  const smallBody = jsonBody(config.bodyLimitBytes, { acceptsForm, maxInflationRatio: config.bodyMaxInflationRatio });
  const importBody = jsonBody(config.importBodyLimitBytes, { maxInflationRatio: config.bodyMaxInflationRatio });
  const readBody: Koa.Middleware<AppState> = (ctx, next) => (isImportUpload(ctx) || isDisbursementImport(ctx) ? importBody(ctx, next) : smallBody(ctx, next));

  // Open to everyone.
  const api = createRouter({ prefix: '/api' });
  api.use(readBody);
  api.use(jsonDepthLimit());
  api.use(healthRoutes(knex).routes());
  api.use(apiReferenceRoutes().routes());
  api.use(authRoutes(auth, config).routes());
  api.use(passwordResetModuleRoutes(knex, { hasher, mailer }, config).routes());
  api.use(settings.publicRoutes.routes());
  api.use(contactFormModuleRoutes(knex, mailer, config).routes());
  api.use(billingPublicModuleRoutes(knex).routes());
  api.use(signupModuleRoutes(knex, { hasher, mailer }, config, limiter).routes());
  api.use(checkoutModuleRoutes(knex, config, mailer).routes());
  const team = teamModule(knex, { hasher, mailer, auth }, config);
  api.use(team.invitationRoutes.routes());
  api.use(analyticsModuleRoutes(knex, auth, limiter, config).routes());
  const files = filesModule(knex, config, logger);
  // Signed file URLs carry their own credential (an <img> cannot send a bearer header).
  api.use(files.publicRoutes.routes());
  // Email and thank-yous; their sends run on the imports' job queue (one queue runs every kind of job).
  let jobQueue: JobQueue | null = null;
  const communication = communicationModule(knex, config, () => jobQueue);
  // The unsubscribe link of every list email: its token is the credential.
  api.use(communication.publicRoutes.routes());

  // Account data: every route below runs with a session, and every repository scopes by its account.
  // The guards run in this order, as one layer of the router: the router matches each of its layers
  // against the path and wraps each in its own step, for every request.
  const secured = createRouter({ prefix: '/api' });
  secured.use(
    compose<Koa.ParameterizedContext<AppState>>([
      requireSession(auth),
      // What the member's role allows, from the one permission table (contract/permissions.ts).
      requirePermission(),
      // A cancelled or long-unpaid subscription makes the workspace read-only (writes answer 402).
      settings.readOnlyGuard,
      // An account that requires two-factor sign-in: its users without it may only enrol (writes answer 403).
      settings.twoFactorEnrollmentGuard,
      // Each upload may hold its body in memory while it is parsed: two at a time per user.
      uploadSlots((ctx) => isImportUpload(ctx) || isFileUpload(ctx) || isDisbursementImport(ctx)),
      readBody,
      jsonDepthLimit(),
    ]),
  );
  secured.use(settings.routes.routes());
  // Before the contacts' routes: their /:id would take /contacts/duplicates.
  const duplicates = duplicatesModule(knex, () => imports.queue);
  secured.use(duplicates.routes().routes());
  secured.use(duplicates.mergeRoutes().routes());
  const contacts = contactsModule(knex, files.service);
  secured.use(duplicates.redirect(contacts.service).routes());
  secured.use(contacts.routes.routes());
  secured.use(contactListsModuleRoutes(knex).routes());
  secured.use(campaignsModuleRoutes(knex).routes());
  secured.use(eventsModuleRoutes(knex).routes());
  secured.use(searchModuleRoutes(knex, contacts.repository).routes());
  // Before the analytics reports: GET /api/reports/fec must not be read as a report kind.
  secured.use(fecReportsModuleRoutes(knex).routes());
  secured.use(disbursementsModuleRoutes(knex).routes());
  secured.use(dashboardModuleRoutes(knex).routes());
  secured.use(analyticsReportsModuleRoutes(knex).routes());
  const imports = dataImportModule(knex, config, logger, jobs, {
    handlers: { ...communication.jobHandlers, ...duplicates.jobHandlers },
    importCompleted: async (accountId) => {
      await duplicates.service().startScan(accountId);
    },
  });
  jobQueue = imports.queue;
  metrics.watchJobs(imports.queue);
  app.jobs = {
    queue: imports.queue,
    resumeUnfinished: async () => (await imports.service.resumeUnfinished()) + (await communication.sends.resumeUnfinished()),
    duplicates: duplicates.service,
  };
  secured.use(imports.routes.routes());
  const onDonationRecorded: DonationListener = (trx, event) => settings.notifier.donationRecorded(trx, event);
  secured.use(financialsModuleRoutes(knex, onDonationRecorded).routes());
  secured.use(ledgerRoutes(knex).routes());
  // Pledges and gifts made on a call go through the ledger, like the donation form's.
  secured.use(callTimeModuleRoutes(knex, onDonationRecorded).routes());
  secured.use(meetingsModuleRoutes(knex).routes());
  secured.use(committeesModuleRoutes(knex).routes());
  secured.use(complianceModuleRoutes(knex).routes());
  secured.use(files.securedRoutes.routes());
  secured.use(files.disbursementRoutes.routes());
  secured.use(communication.routes.routes());
  secured.use(team.routes.routes());
  secured.use(auditModuleRoutes(knex).routes());

  const apiOnly =
    (middleware: Koa.Middleware<AppState>): Koa.Middleware<AppState> =>
    async (ctx, next) =>
      isApiPath(ctx.path) ? middleware(ctx, next) : next();

  app.use(metrics.recordRequests());
  app.use(requestContext(logger));
  app.use(forgetCachedSessionsAfterWrites(auth));
  app.use(apiOnly(noStoreByDefault()));
  app.use(errorHandler());
  app.use(securityHeaders({ forceHttps: config.publicUrl?.startsWith('https://') ?? false }));
  // Another spelling of an /api path (case, slashes, escapes) is a 404 before anything else runs.
  app.use(canonicalApiPaths());
  // Unknown methods are refused here, before any body is read; a known path's other methods after routing.
  app.use(allowedMethods([api, secured]));
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
  app.use(compressAnswers());
  app.use(serializeJsonOnce());
  app.use(apiOnly(refuseOtherBodyTypes({ acceptsForm })));
  // One-click unsubscribes come from mail clients as plain form posts; the token in the path is their credential.
  const csrf = exceptLocalCheckoutForms(csrfGuard());
  app.use(apiOnly((ctx, next) => (isUnsubscribePost(ctx) ? next() : csrf(ctx, next))));
  app.use(api.routes());
  app.use(secured.routes());
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
