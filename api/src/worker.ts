import { loadConfig } from './config';
import { createKnex } from './db';
import { createLogger } from './http/logger';
import { createBullQueue, startBullWorker } from './jobs/bullmq';
import { createMetrics } from './metrics';
import { serveMetrics } from './metrics/server';
import { communicationModule } from './modules/communication';
import { createImportService, importJobHandlers } from './modules/dataImport';
import { duplicatesModule } from './modules/duplicates';
import { migrateAtStart } from './startup';

// A job worker on its own (`npm run worker -w @caucus/api`): takes import jobs from BullMQ on
// REDIS_URL and works them against DATABASE_URL (or the SQLite file). Start as many as you like;
// kill one mid-import and the next one continues where it stopped.
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.redisUrl) throw new Error('REDIS_URL is required: without Redis, jobs run inside the API process');
  const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
  const knex = createKnex({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateAtStart(knex, logger);

  const queue = createBullQueue(config.redisUrl, config.jobsPrefix);
  const duplicates = duplicatesModule(knex, () => queue);
  const imports = createImportService(knex, config, queue, async (accountId) => {
    await duplicates.service().startScan(accountId);
  });
  const stalledIntervalMs = Number(process.env.JOBS_STALLED_MS) || undefined;
  const communication = communicationModule(knex, config, () => queue);
  const handlers = { ...importJobHandlers(() => imports), ...communication.jobHandlers, ...duplicates.jobHandlers };
  const worker = startBullWorker(config.redisUrl, handlers, { logger, stalledIntervalMs, prefix: config.jobsPrefix });
  const resumed = await imports.resumeUnfinished();
  await communication.sends.resumeUnfinished();
  // The queue's depth and this process's figures (it serves no HTTP requests) on a port of its own.
  const metrics = createMetrics({ knex });
  metrics.watchJobs(queue);
  const metricsServer = await serveMetrics(metrics, config);
  logger.info('worker ready', { worker: imports.workerId, importsResumed: resumed, metricsPort: config.metricsPort ?? null });

  const shutdown = () => {
    metricsServer?.close();
    void worker
      .close()
      .then(() => queue.close())
      .then(() => knex.destroy())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  process.stderr.write(`worker failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
