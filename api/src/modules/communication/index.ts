import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import type { JobHandlers, JobQueue } from '../../jobs';
import { payloadId } from '../../jobs/types';
import { createAcknowledgmentsService } from './acknowledgments';
import { createDelivery } from './delivery';
import { communicationRoutes, unsubscribeRoutes } from './routes';
import { createSendsService, type SendTuning } from './sends';
import { createTemplatesService } from './templates';

export { isUnsubscribePost } from './routes';

export function sendTuning(config: AppConfig, overrides: Partial<SendTuning> = {}): SendTuning {
  return {
    publicUrl: config.publicUrl,
    batchSize: Number(process.env.SEND_BATCH_SIZE) || 200,
    lanes: Number(process.env.SEND_LANES) || 4,
    leaseMs: Number(process.env.SEND_LEASE_MS) || 60_000,
    retryBaseMs: Number(process.env.SEND_RETRY_MS) || 30_000,
    ...overrides,
  };
}

/** Templates, thank-yous and list email, with the job that delivers them (run by the app's queue or a worker). */
export function communicationModule(knex: Knex, config: AppConfig, queue: () => JobQueue | null, tuning: Partial<SendTuning> = {}) {
  const delivery = createDelivery(config.smtpUrl, config.mailFrom);
  const sends = createSendsService(knex, { delivery, queue, tuning: sendTuning(config, tuning) });
  const templates = createTemplatesService(knex);
  const acknowledgments = createAcknowledgmentsService(knex, sends);
  const jobHandlers: Pick<JobHandlers, 'message-send'> = { 'message-send': (payload) => sends.runSendJob(payloadId(payload, 'sendId')) };
  return {
    sends,
    jobHandlers,
    routes: communicationRoutes({ knex, templates, acknowledgments, sends }),
    publicRoutes: unsubscribeRoutes(knex),
    close: () => delivery.close(),
  };
}
