import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import {
  acknowledgeInputSchema,
  acknowledgmentsQuerySchema,
  messageAudienceQuerySchema,
  messageRecipientsQuerySchema,
  messageSendInputSchema,
  messageTestInputSchema,
  templateInputSchema,
  templatePreviewSchema,
  templatesQuerySchema,
  yearEndInputSchema,
} from '@caucus/contract';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { AcknowledgmentsService } from './acknowledgments';
import { lettersPdf } from './letters';
import { organizationOf } from './repository';
import type { SendsService } from './sends';
import type { TemplatesService } from './templates';
import { confirmPage, donePage, lookUp, unsubscribe } from './unsubscribe';

type Services = { knex: Knex; templates: TemplatesService; acknowledgments: AcknowledgmentsService; sends: SendsService };

const actorOf = (ctx: Parameters<typeof authOf>[0]) => {
  const { userId, sessionId } = authOf(ctx);
  return { userId, sessionId };
};

export function communicationRoutes({ knex, templates, acknowledgments, sends }: Services): Router<AppState> {
  const router = createRouter();

  router.get('/templates', async (ctx) => {
    const query = parseOr400(templatesQuerySchema, ctx.query);
    ctx.body = { data: { templates: await templates.list(authOf(ctx).accountId, query.purpose) } };
  });
  router.post('/templates', async (ctx) => {
    const values = parseOr400(templateInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { template: await templates.create(authOf(ctx).accountId, actorOf(ctx), values) } };
  });
  router.get('/templates/:id', async (ctx) => {
    ctx.body = { data: { template: await templates.get(authOf(ctx).accountId, ctx.params.id) } };
  });
  router.put('/templates/:id', async (ctx) => {
    await templates.find(authOf(ctx).accountId, ctx.params.id);
    const values = parseOr400(templateInputSchema, ctx.request.body ?? {});
    ctx.body = { data: { template: await templates.update(authOf(ctx).accountId, actorOf(ctx), ctx.params.id, values) } };
  });
  router.delete('/templates/:id', async (ctx) => {
    await templates.remove(authOf(ctx).accountId, actorOf(ctx), ctx.params.id);
    ctx.body = { data: { deleted: true } };
  });
  router.post('/templates/:id/preview', async (ctx) => {
    await templates.find(authOf(ctx).accountId, ctx.params.id);
    const { contactId } = parseOr400(templatePreviewSchema, ctx.request.body ?? {});
    ctx.body = { data: { preview: await templates.preview(authOf(ctx).accountId, ctx.params.id, contactId) } };
  });

  router.get('/acknowledgments', async (ctx) => {
    const query = parseOr400(acknowledgmentsQuerySchema, ctx.query);
    ctx.body = { data: await acknowledgments.list(authOf(ctx).accountId, query) };
  });
  router.post('/acknowledgments', async (ctx) => {
    const input = parseOr400(acknowledgeInputSchema, ctx.request.body ?? {});
    ctx.body = { data: await acknowledgments.acknowledge(authOf(ctx).accountId, actorOf(ctx), input) };
  });
  router.post('/acknowledgments/year-end', async (ctx) => {
    const input = parseOr400(yearEndInputSchema, ctx.request.body ?? {});
    ctx.body = { data: await acknowledgments.yearEnd(authOf(ctx).accountId, actorOf(ctx), input) };
  });
  router.get('/acknowledgments/letters/:batchId.pdf', async (ctx) => {
    const { accountId } = authOf(ctx);
    const letters = await acknowledgments.letters(accountId, ctx.params.batchId);
    const org = await organizationOf(knex, accountId);
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: org.timezone });
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="letters-${ctx.params.batchId}.pdf"`);
    ctx.body = await lettersPdf(org, letters, today);
  });

  router.get('/messages', async (ctx) => {
    ctx.body = { data: { messages: await sends.list(authOf(ctx).accountId) } };
  });
  router.get('/messages/audience', async (ctx) => {
    const { listId } = parseOr400(messageAudienceQuerySchema, ctx.query);
    ctx.body = { data: { audience: await sends.audience(authOf(ctx).accountId, listId) } };
  });
  router.post('/messages', async (ctx) => {
    const input = parseOr400(messageSendInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { message: await sends.create(authOf(ctx).accountId, actorOf(ctx), input) } };
  });
  router.post('/messages/test', async (ctx) => {
    const input = parseOr400(messageTestInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { message: await sends.test(authOf(ctx).accountId, actorOf(ctx), input) } };
  });
  router.get('/messages/:id', async (ctx) => {
    const query = parseOr400(messageRecipientsQuerySchema, ctx.query);
    const { accountId } = authOf(ctx);
    const message = await sends.get(accountId, ctx.params.id);
    ctx.body = { data: { message, ...(await sends.recipients(accountId, ctx.params.id, query)) } };
  });
  router.post('/messages/:id/cancel', async (ctx) => {
    ctx.body = { data: { message: await sends.cancel(authOf(ctx).accountId, actorOf(ctx), ctx.params.id) } };
  });

  router.get('/contacts/:id/messages', async (ctx) => {
    ctx.body = { data: await acknowledgments.ofContact(authOf(ctx).accountId, ctx.params.id) };
  });

  return router;
}

const UNSUBSCRIBE_POST = /^\/api\/unsubscribe\/[^/]+$/;

/** One-click unsubscribe posts (RFC 8058) come from mail clients as forms, without our CSRF header. */
export function isUnsubscribePost(ctx: { method: string; path: string }): boolean {
  return ctx.method === 'POST' && UNSUBSCRIBE_POST.test(ctx.path);
}

/** Public: the link in every list email. The token in the path is the credential. */
export function unsubscribeRoutes(knex: Knex): Router<AppState> {
  const router = createRouter({ prefix: '/unsubscribe' });
  router.get('/:token', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.type = 'text/html';
    ctx.body = confirmPage(await lookUp(knex, ctx.params.token), ctx.path);
  });
  router.post('/:token', async (ctx) => {
    const outcome = await unsubscribe(knex, ctx.params.token);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = outcome.state === 'unknown' ? 404 : 200;
    ctx.type = 'text/html';
    ctx.body = donePage(outcome);
  });
  return router;
}
