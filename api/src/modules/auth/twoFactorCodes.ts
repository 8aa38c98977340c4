import { TOO_MANY_TWO_FACTOR_ATTEMPTS } from '@caucus/contract';
import { TooManyRequests } from '../../http/errors';
import { CODE_FAILURE_WINDOW_MS, hashRecoveryCode, MAX_FAILED_CODES, verifyTotp } from './twoFactor';
import type { TwoFactorRepository, TwoFactorUserRow } from './twoFactorRepository';

export type CodeCheck = 'ok' | 'wrong' | 'replayed';

export type PresentedCode = { code: string; kind: 'totp' } | { code: string; kind: 'recovery' };

/** A 6-digit entry is an authenticator code; anything else is read as a recovery code. */
export function presentedCode(value: string): PresentedCode {
  const compact = value.replace(/\s+/g, '');
  return /^\d{6}$/.test(compact) ? { code: compact, kind: 'totp' } : { code: value, kind: 'recovery' };
}

export type CodeCheckerOptions = {
  now?: () => Date;
  /** Called when the user's codes lock (and on each refusal while locked); it decides whether to tell them. */
  onLocked?: (userId: string) => Promise<void>;
};

/**
 * Checks a code of a user with two-factor sign-in on, under the same rate limit as the password:
 * the attempt is recorded as failed before it is checked (parallel guesses count each other) and
 * taken back when it was right. Failures are counted per user, across every login challenge, the
 * settings' checks and every IP: a new password step starts a new challenge, never a new count.
 * A right TOTP code moves the user's last time-step forward, so the same code is refused the next
 * time; a right recovery code is spent.
 */
export function createCodeChecker(repo: TwoFactorRepository, options: CodeCheckerOptions = {}) {
  const now = options.now ?? (() => new Date());
  const onLocked = options.onLocked ?? (async () => undefined);

  /** Seconds until enough failures leave the window for one more code to be checked. */
  async function secondsUntilUnlocked(userId: string, since: Date, at: Date): Promise<number> {
    const failures = await repo.failedCodeTimes(userId, since);
    const freeing = failures[Math.max(0, failures.length - MAX_FAILED_CODES)];
    return freeing ? (freeing.getTime() + CODE_FAILURE_WINDOW_MS - at.getTime()) / 1000 : 1;
  }

  async function limited<T extends CodeCheck>(userId: string, ip: string, check: () => Promise<T>): Promise<T> {
    const started = now();
    const since = new Date(started.getTime() - CODE_FAILURE_WINDOW_MS);
    const attemptId = await repo.recordFailedCode(userId, ip, started);
    const failures = await repo.countFailedCodes(userId, since);
    if (failures > MAX_FAILED_CODES) {
      await repo.forgetAttempt(attemptId);
      await onLocked(userId);
      throw new TooManyRequests(TOO_MANY_TWO_FACTOR_ATTEMPTS, await secondsUntilUnlocked(userId, since, started));
    }
    const result = await check();
    if (result === 'ok') await repo.forgetAttempt(attemptId);
    // This wrong code was the last one allowed: the lock starts now, whether or not anyone tries again.
    else if (failures === MAX_FAILED_CODES) await onLocked(userId);
    return result;
  }

  return {
    /** A code for a secret being set up (no time-step used yet). */
    async checkPending(userId: string, ip: string, secret: string, code: string): Promise<{ result: CodeCheck; timeStep: number }> {
      let timeStep = 0;
      const result = await limited(userId, ip, async () => {
        const verified = await verifyTotp(secret, code, now(), null);
        if (!verified.valid) return 'wrong';
        timeStep = verified.timeStep;
        return 'ok';
      });
      return { result, timeStep };
    },

    /** A code (or a recovery code) of a user whose two-factor sign-in is on. */
    async check(user: TwoFactorUserRow, ip: string, presented: PresentedCode): Promise<CodeCheck> {
      const secret = user.twoFactorSecret;
      if (!secret) return 'wrong';
      return limited(user.id, ip, async () => {
        const at = now();
        if (presented.kind === 'recovery') {
          return (await repo.spendRecoveryCode(user.id, hashRecoveryCode(user.id, presented.code), at)) ? 'ok' : 'wrong';
        }
        const lastStep = user.twoFactorLastStep === null ? null : Number(user.twoFactorLastStep);
        const verified = await verifyTotp(secret, presented.code, at, lastStep);
        if (!verified.valid) return verified.replayed ? 'replayed' : 'wrong';
        // Two requests racing with the same code: only one moves the step forward.
        return (await repo.advanceLastStep(user.id, verified.timeStep)) ? 'ok' : 'replayed';
      });
    },
  };
}

export type CodeChecker = ReturnType<typeof createCodeChecker>;
