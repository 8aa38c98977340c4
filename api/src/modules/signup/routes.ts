import { Router } from '@koa/router';
import type { AppConfig } from '../../config';
import { signupSchema } from '../../contract';
import type { AppState } from '../../http/types';
import { parseOr400 } from '../../http/validate';
import type { SignupService } from './service';
import { setSignupCookie } from './signupToken';

export function signupRoutes(signup: SignupService, config: Pick<AppConfig, 'cookieSecure'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/auth' });

  router.post('/signup', async (ctx) => {
    const input = parseOr400(signupSchema, ctx.request.body ?? {});
    const { signupToken, ...result } = await signup.signup(input);
    setSignupCookie(ctx, signupToken, { secure: config.cookieSecure || ctx.secure });
    ctx.status = 201;
    ctx.body = { data: result };
  });

  return router;
}
