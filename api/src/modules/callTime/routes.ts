import type { Router } from '@koa/router';
import { callInputSchema, callSessionInputSchema } from '@caucus/contract';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { CallTimeService } from './service';

/** Call time: sessions, the caller's next prospect, call outcomes, and the follow-up queues. */
export function callTimeRoutes(callTime: CallTimeService): Router<AppState> {
  const router = createRouter();

  router.get('/call-sessions/team', async (ctx) => {
    ctx.body = { data: { team: await callTime.team(authOf(ctx).accountId) } };
  });

  router.get('/call-sessions', async (ctx) => {
    ctx.body = { data: await callTime.list(authOf(ctx).accountId) };
  });

  router.post('/call-sessions', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    const values = parseOr400(callSessionInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { session: await callTime.create(accountId, { userId, sessionId }, values) } };
  });

  router.get('/call-sessions/:id', async (ctx) => {
    ctx.body = { data: { session: await callTime.get(authOf(ctx).accountId, ctx.params.id) } };
  });

  router.get('/call-sessions/:id/next', async (ctx) => {
    const { accountId, userId } = authOf(ctx);
    ctx.body = { data: await callTime.next(accountId, userId, ctx.params.id) };
  });

  router.post('/call-sessions/:id/calls', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    const values = parseOr400(callInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: await callTime.recordCall(accountId, { userId, sessionId }, ctx.params.id, values) };
  });

  router.get('/call-backs', async (ctx) => {
    ctx.body = { data: await callTime.callbacksDue(authOf(ctx).accountId) };
  });

  router.get('/pledges/open', async (ctx) => {
    ctx.body = { data: await callTime.openPledges(authOf(ctx).accountId) };
  });

  return router;
}
