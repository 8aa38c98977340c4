import type { Router } from '@koa/router';
import { meetingInputSchema, meetingsQuerySchema } from '@caucus/contract';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { MeetingsService } from './service';

/** Meetings with contacts, and each contact's meeting history. */
export function meetingsRoutes(meetings: MeetingsService): Router<AppState> {
  const router = createRouter();

  router.get('/meetings', async (ctx) => {
    const query = parseOr400(meetingsQuerySchema, ctx.query);
    ctx.body = { data: { meetings: await meetings.list(authOf(ctx).accountId, query) } };
  });

  router.post('/meetings', async (ctx) => {
    const { accountId, userId, sessionId } = authOf(ctx);
    const values = parseOr400(meetingInputSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { data: { meeting: await meetings.create(accountId, { userId, sessionId }, values) } };
  });

  router.get('/contacts/:id/meetings', async (ctx) => {
    ctx.body = { data: { meetings: await meetings.list(authOf(ctx).accountId, { contactId: ctx.params.id }) } };
  });

  return router;
}
