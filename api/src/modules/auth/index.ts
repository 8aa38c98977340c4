import type { Router } from '@koa/router';
import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import type { SiteConfig } from '../../http/siteUrl';
import type { AppState } from '../../http/types';
import type { Mailer } from '../email';
import { createPasswordResetService } from './passwordReset';
import { createPasswordResetRepository } from './passwordResetRepository';
import { passwordResetRoutes } from './passwordResetRoutes';
import type { PasswordHasher } from './passwords';
import { createAuthRepository } from './repository';
import { createSecretBox } from './secretBox';
import { createAuthService, type AuthService } from './service';
import type { SessionGeneration } from './sessionGeneration';
import { createCodeChecker } from './twoFactorCodes';
import { createCodeLockNotifier } from './twoFactorLockNotice';
import { createTwoFactorRepository } from './twoFactorRepository';

export { forgetCachedSessionsAfterWrites, requireSession } from './middleware';
export { createPasswordHasher, type PasswordHasher } from './passwords';
export { authRoutes } from './routes';
export type { AuthService } from './service';
export { LOCAL_SESSION_GENERATION, redisSessionGeneration, type SessionGeneration } from './sessionGeneration';

export type TwoFactor = { repo: ReturnType<typeof createTwoFactorRepository>; codes: ReturnType<typeof createCodeChecker> };

/** Two-factor sign-in: the encrypted secrets, and the code checker that mails a notice when it locks. */
export function twoFactorModule(knex: Knex, config: Pick<AppConfig, 'totpEncryptionKey' | 'publicUrl'>, mailer: Mailer): TwoFactor {
  const repo = createTwoFactorRepository(knex, createSecretBox(config.totpEncryptionKey));
  return { repo, codes: createCodeChecker(repo, { onLocked: createCodeLockNotifier({ repo, mailer, config }) }) };
}

/** Sign-in and sessions, wired for the app. */
export function authModule(
  knex: Knex,
  deps: { hasher: PasswordHasher; twoFactor: TwoFactor; config: Parameters<typeof createAuthService>[0]['config']; generation: SessionGeneration },
): AuthService {
  return createAuthService({ repo: createAuthRepository(knex), ...deps });
}

/** Forgotten passwords, wired for the app. */
export function passwordResetModuleRoutes(knex: Knex, deps: { hasher: PasswordHasher; mailer: Mailer }, config: SiteConfig): Router<AppState> {
  return passwordResetRoutes(createPasswordResetService({ knex, repo: createPasswordResetRepository(knex), ...deps }), config);
}
