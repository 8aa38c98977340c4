import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { FORGOT_PASSWORD_SENT, INVALID_RESET_TOKEN, PASSWORD_RESET_DONE, type AuthMessageResponse } from '@caucus/contract';
import { inTransaction } from '../../db/transaction';
import { toIsoDateTime } from '../../db/values';
import { BadRequest, TooManyRequests } from '../../http/errors';
import type { Mailer } from '../email';
import type { PasswordHasher } from './passwords';
import { FORGOT_KIND, RESET_KIND, type PasswordResetRepository } from './passwordResetRepository';
import { hashToken, looksLikeSessionToken, newSessionToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_RATE_WINDOW_MS = 15 * 60 * 1000;
/** Requests for one address from one ip per window. */
export const MAX_FORGOT_PER_EMAIL_IP = 5;
/** Requests from one ip across all addresses per window (stops mail-bombing many inboxes). */
export const MAX_FORGOT_PER_IP = 20;
/** Wrong or stale tokens from one ip per window. */
export const MAX_FAILED_RESETS_PER_IP = 20;
export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Please try again later.';
export const TOO_MANY_RESET_ATTEMPTS = 'Too many password reset attempts. Please try again later.';
/**
 * Every forgot-password answer takes at least this long, so a known address (token insert and
 * queued email) cannot be told from an unknown one by the response time.
 */
export const FORGOT_MIN_RESPONSE_MS = 250;

/** siteUrl: the configured address the reset link points at (see siteUrlFor). */
export type ResetClient = { ip: string; siteUrl: string };

function resetEmailText(firstName: string, link: string): string {
  return [
    `Hi ${firstName},`,
    '',
    'We received a request to reset the password of your Caucus account. Open this link to choose a new password:',
    '',
    link,
    '',
    'The link works once and expires in 1 hour. If you did not ask for a new password, ignore this email: your password stays the same.',
    '',
    'The Caucus team',
  ].join('\n');
}

export function createPasswordResetService(deps: {
  knex: Knex;
  repo: PasswordResetRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  now?: () => Date;
  minResponseMs?: number;
}) {
  const { knex, repo, hasher, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const minResponseMs = deps.minResponseMs ?? FORGOT_MIN_RESPONSE_MS;

  async function issueReset(email: string, client: ResetClient): Promise<void> {
    const user = await repo.findUserByEmail(email);
    // Pending signups and suspended users get nothing: a reset must not activate or revive them.
    if (!user || user.status !== 'active') return;
    const token = newSessionToken();
    const issued = now();
    const link = `${client.siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await inTransaction(knex, async (trx) => {
      await repo.insertReset(
        trx,
        { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(issued.getTime() + RESET_TOKEN_TTL_MS), ip: client.ip.slice(0, 64) || null },
        issued,
      );
      await mailer.send(trx, {
        to: user.email,
        subject: 'Reset your Caucus password',
        text: resetEmailText(user.firstName, link),
        kind: 'password_reset',
      });
    });
  }

  return {
    /** Same answer, and at least the same time, whether or not the address has an account. */
    async forgotPassword(input: { email: string }, client: ResetClient): Promise<AuthMessageResponse> {
      const started = Date.now();
      const email = input.email.trim().toLowerCase();
      const at = now();
      const since = new Date(at.getTime() - RESET_RATE_WINDOW_MS);
      // Counted in the database so the limit holds across every API instance; recorded before it is
      // counted, so a parallel burst counts itself and cannot all pass (and mail) at once.
      const attemptId = await repo.recordAttempt(FORGOT_KIND, email, client.ip, at);
      const [forEmail, forIp] = await Promise.all([
        repo.countAttempts(FORGOT_KIND, { email, ip: client.ip }, since),
        repo.countAttempts(FORGOT_KIND, { ip: client.ip }, since),
      ]);
      // Both counts include this request's own record.
      if (forEmail > MAX_FORGOT_PER_EMAIL_IP || forIp > MAX_FORGOT_PER_IP) {
        await repo.forgetAttempt(attemptId);
        throw new TooManyRequests(TOO_MANY_RESET_REQUESTS);
      }
      await issueReset(email, client);
      const remaining = minResponseMs - (Date.now() - started);
      if (remaining > 0) await sleep(remaining);
      return { message: FORGOT_PASSWORD_SENT };
    },

    async resetPassword(input: { token: string; password: string }, client: Pick<ResetClient, 'ip'>): Promise<AuthMessageResponse> {
      const at = now();
      // Recorded as a failure before it is counted (parallel guesses count each other); a token
      // that works takes its record back.
      const attemptId = await repo.recordAttempt(RESET_KIND, null, client.ip, at);
      const failures = await repo.countAttempts(RESET_KIND, { ip: client.ip }, new Date(at.getTime() - RESET_RATE_WINDOW_MS));
      if (failures > MAX_FAILED_RESETS_PER_IP) {
        await repo.forgetAttempt(attemptId);
        throw new TooManyRequests(TOO_MANY_RESET_ATTEMPTS);
      }

      const token = input.token.trim();
      if (!looksLikeSessionToken(token)) throw new BadRequest(INVALID_RESET_TOKEN);
      // Hashed before the transaction: argon2 is slow and must not hold a write lock.
      const passwordHash = await hasher.hash(input.password);
      const done = await inTransaction(knex, async (trx) => {
        const reset = await repo.findReset(trx, hashToken(token));
        if (!reset || (reset.usedAt !== null && reset.usedAt !== undefined) || reset.userStatus !== 'active') return false;
        const expiresAt = toIsoDateTime(reset.expiresAt);
        const changedAt = now();
        if (!expiresAt || Date.parse(expiresAt) <= changedAt.getTime()) return false;
        if (!(await repo.markUsed(trx, reset.id, changedAt))) return false;
        await repo.retireOtherResets(trx, reset.userId, changedAt);
        const email = await repo.setPassword(trx, reset.userId, passwordHash, changedAt);
        // Whoever knew the old password (or holds a stolen cookie) is signed out everywhere.
        await repo.revokeAllSessions(trx, reset.userId, changedAt);
        await repo.clearFailedLogins(trx, email);
        return true;
      });
      if (!done) throw new BadRequest(INVALID_RESET_TOKEN);
      await repo.forgetAttempt(attemptId);
      return { message: PASSWORD_RESET_DONE };
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
