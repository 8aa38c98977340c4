import type { Router } from '@koa/router';
import {
  committeeQuerySchema,
  contributorTypeInputSchema,
  limitSettingsInputSchema,
  limitsQuerySchema,
  remedyInputSchema,
  scheduleAQuerySchema,
} from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { ComplianceService } from './service';
import { createRouter } from '../../http/router';
import { authOf } from '../../http/session';

/** FEC compliance (docs/product/compliance.md): limits, the excessive queue and its remedies, Schedule A, 48-hour notices. */
export function complianceRoutes(compliance: ComplianceService): Router<AppState> {
  const router = createRouter({ prefix: '/compliance' });

  router.get('/limit-settings', async (ctx) => {
    ctx.body = { data: await compliance.limitSettings(authOf(ctx).accountId) };
  });

  router.put('/limit-settings', async (ctx) => {
    const { limits } = parseOr400(limitSettingsInputSchema, ctx.request.body ?? {});
    ctx.body = { data: await compliance.updateLimitSettings(authOf(ctx).accountId, limits) };
  });

  router.put('/contributors/:contactId', async (ctx) => {
    const { contributorType } = parseOr400(contributorTypeInputSchema, ctx.request.body ?? {});
    ctx.body = { data: await compliance.setContributorType(authOf(ctx).accountId, ctx.params.contactId, contributorType) };
  });

  router.get('/limits', async (ctx) => {
    const { contactId, committeeId } = parseOr400(limitsQuerySchema, ctx.query);
    ctx.body = { data: await compliance.limits(authOf(ctx).accountId, contactId, committeeId) };
  });

  router.get('/excessive', async (ctx) => {
    const { committeeId } = parseOr400(committeeQuerySchema, ctx.query);
    ctx.body = { data: await compliance.excessive(authOf(ctx).accountId, committeeId) };
  });

  router.post('/excessive/:donationId/remedy', async (ctx) => {
    const values = parseOr400(remedyInputSchema, ctx.request.body ?? {});
    const { accountId, userId, sessionId } = authOf(ctx);
    ctx.body = { data: await compliance.remedy(accountId, { userId, sessionId }, ctx.params.donationId, values) };
  });

  router.get('/schedule-a', async (ctx) => {
    const { committeeId, from, to, format } = parseOr400(scheduleAQuerySchema, ctx.query);
    const accountId = authOf(ctx).accountId;
    if (format === 'json') {
      ctx.body = { data: await compliance.scheduleA(accountId, committeeId, from, to) };
      return;
    }
    const file = await compliance.scheduleAFile(accountId, committeeId, from, to, format);
    ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
    ctx.type = file.contentType;
    ctx.body = file.body;
  });

  router.get('/48-hour-notices', async (ctx) => {
    const { committeeId } = parseOr400(committeeQuerySchema, ctx.query);
    ctx.body = { data: await compliance.fortyEightHourNotices(authOf(ctx).accountId, committeeId) };
  });

  return router;
}
