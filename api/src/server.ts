import { scheduleNightlyScans } from './modules/duplicates';
import type { Server } from 'node:http';
import { createApp } from './app';
import { loadConfig } from './config';
import { createKnex, DEMO_EMAIL, DEMO_PASSWORD, engineOf, seedDemoIfEmpty } from './db';
import { keepIdleConnectionsForClients } from './http/keepAlive';
import { createLogger } from './http/logger';
import { serveMetrics } from './metrics/server';
import { removeAbandonedUploads } from './modules/files';
import { migrateAtStart } from './startup';

const SHUTDOWN_GRACE_MS = 10_000;

/** The port a server listens on (the one asked for when it was 0: any free port). */
function portOf(server: Server, asked: number | undefined): number | undefined {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : asked;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
  const knex = createKnex({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  const engine = engineOf(knex);

  await migrateAtStart(knex, logger);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(knex) : false;

  const app = createApp({ knex, config, logger: createLogger(config.logLevel) });
  const server: Server = app.listen(config.port);
  keepIdleConnectionsForClients(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const metricsServer = await serveMetrics(app.metrics, config);
  // Imports a stop or crash left unfinished continue where they stopped.
  const resumed = await app.jobs.resumeUnfinished();
  // Every night, each account's contacts are scanned for duplicates (the review queue stays current).
  const stopNightlyScans = scheduleNightlyScans(
    app.jobs.duplicates,
    async () => (await knex('contacts').distinct('accountId')).map((row: { accountId: string }) => String(row.accountId)),
    (err) => logger.error('nightly duplicate scan failed', { error: String(err) }),
  );
  // Uploads a stop or crash cut off leave a partial file in the upload area.
  const abandonedUploads = await removeAbandonedUploads(config).catch((err: unknown) => {
    logger.warn('abandoned uploads not removed', { error: String(err) });
    return 0;
  });
  const port = portOf(server, config.port);
  const url = config.publicUrl ?? `http://localhost:${port}`;

  logger.info('listening', {
    url,
    engine,
    database: engine === 'sqlite' ? config.sqliteFile : 'mysql',
    staticDir: config.staticDir ?? null,
    demoSeeded: seeded,
    jobs: config.redisUrl ? (config.jobsWorker ? 'bullmq (with worker)' : 'bullmq') : 'in-process',
    importsResumed: resumed,
    abandonedUploadsRemoved: abandonedUploads,
    metrics: metricsServer ? `http://${config.metricsHost}:${portOf(metricsServer, config.metricsPort)}/metrics` : null,
  });
  // Plain lines as well, for the person who just ran `npm start`.
  process.stdout.write(`\nCaucus is running at ${url}\n`);
  if (config.seedDemo) process.stdout.write(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n\n`);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    stopNightlyScans();
    metricsServer?.close();
    // In-flight requests finish; idle keep-alive sockets are closed so close() can complete.
    const force = setTimeout(() => {
      logger.warn('forced shutdown after grace period');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      app.jobs.queue
        .close()
        .then(() => app.sessionGeneration.close())
        .then(() => knex.destroy())
        .catch((err: unknown) => logger.error('closing database failed', { error: String(err) }))
        .finally(() => {
          clearTimeout(force);
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  const error = err instanceof Error ? err : new Error(String(err));
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'startup failed', error: error.message, stack: error.stack })}\n`,
  );
  process.exit(1);
});
