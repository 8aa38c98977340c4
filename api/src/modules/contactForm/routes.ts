import type { Router } from '@koa/router';
import { contactFormSchema } from '@caucus/contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { ContactFormService } from './service';
import { createRouter } from '../../http/router';

export function contactFormRoutes(service: ContactFormService): Router<AppState> {
  const router = createRouter();

  router.post('/contact-form', async (ctx) => {
    const input = parseOr400(contactFormSchema, ctx.request.body ?? {});
    const data = await service.submit(input, { ip: ctx.ip });
    ctx.status = 201;
    ctx.body = { data };
  });

  return router;
}
