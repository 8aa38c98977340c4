import { WRONG_CURRENT_PASSWORD } from '@caucus/contract';
import { BadRequest, TooManyRequests } from '../../http/errors';
import type { PasswordHasher } from '../auth/passwords';
import { FAILED_LOGIN_WINDOW_MS, MAX_FAILED_LOGINS, TOO_MANY_LOGINS } from '../auth/service';
import type { EmailChangeRepository } from './emailChangeRepository';

export type CurrentPasswordCheck = (user: { email: string; passwordHash: string | null }, password: string, ip: string, field?: string) => Promise<void>;

/**
 * The current password asked again before a sign-in factor changes (email, two-factor sign-in). Wrong
 * passwords count as failed sign-ins of the address: a stolen session is no way around the login's
 * limit. The attempt is recorded before the hash is checked, so parallel guesses count each other.
 * field: the body field the 400 names.
 */
export function createCurrentPasswordCheck(deps: {
  attempts: Pick<EmailChangeRepository, 'recordFailedPassword' | 'countFailedPasswords' | 'forgetAttempt'>;
  hasher: PasswordHasher;
  now?: () => Date;
}): CurrentPasswordCheck {
  const { attempts, hasher } = deps;
  const now = deps.now ?? (() => new Date());
  return async (user, password, ip, field = 'currentPassword') => {
    const at = now();
    const attemptId = await attempts.recordFailedPassword(user.email, ip, at);
    if ((await attempts.countFailedPasswords(user.email, ip, new Date(at.getTime() - FAILED_LOGIN_WINDOW_MS))) > MAX_FAILED_LOGINS) {
      await attempts.forgetAttempt(attemptId);
      throw new TooManyRequests(TOO_MANY_LOGINS, FAILED_LOGIN_WINDOW_MS / 1000);
    }
    // 400, not 401: the client treats a 401 as "signed out".
    if (!user.passwordHash || !(await hasher.verify(user.passwordHash, password))) {
      throw new BadRequest(WRONG_CURRENT_PASSWORD, { [field]: WRONG_CURRENT_PASSWORD });
    }
    await attempts.forgetAttempt(attemptId);
  };
}
