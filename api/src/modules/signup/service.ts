import type { Knex } from 'knex';
import type { z } from 'zod';
import type { SignupEmailCheck, SignupResponse, signupSchema } from '@caucus/contract';
import { inTransaction } from '../../db/transaction';
import { toDbDateTime } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { newId } from '../../lib/ids';
import type { PasswordHasher } from '../auth/passwords';
import type { Mailer } from '../email';
import { newSessionToken } from '../auth/tokens';
import { PLAN_NOT_FOUND } from '../billing/checkoutService';
import { isUniqueViolation } from '../../db/errors';
import type { SignupRepository } from './repository';
import { SIGNUP_RESTART_EMAIL_INTERVAL_MS, SIGNUP_RESTART_TTL_MS, SIGNUP_TOKEN_TTL_MS, signupRestartHash, signupTokenHash } from './signupToken';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const SIGNUP_IN_PROGRESS =
  'A signup with this email is already in progress in another browser. We have emailed this address a link: open it to start over here, or finish the signup where it started.';

/** Where the emailed restart link points (a configured address, see siteUrlFor). */
export type SignupClient = { siteUrl: string };

function restartEmailText(link: string): string {
  return [
    'Hello,',
    '',
    'Someone tried to start a Caucus signup with this email address while another signup with it is still waiting for payment.',
    '',
    'If that was you and you want to start over, open this link in the browser you want to use:',
    '',
    link,
    '',
    'The link works once and expires in 30 minutes. Starting over cancels the unfinished signup. If it was not you, ignore this email: nobody can start over without it.',
    '',
    'The Caucus team',
  ].join('\n');
}

export type SignupResult = SignupResponse & { signupToken: string };

export function createSignupService(deps: { repo: SignupRepository; hasher: PasswordHasher; mailer: Mailer; knex: Knex; now?: () => Date }) {
  const { repo, hasher, mailer, knex } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The address's owner proves it by reading the mail: a link that lets one other browser take the
   * address over. At most one email per address per SIGNUP_RESTART_EMAIL_INTERVAL_MS.
   */
  async function emailRestartLink(email: string, client: SignupClient): Promise<void> {
    const at = now();
    await inTransaction(knex, async (trx) => {
      if (await repo.restartSentSince(trx, email, new Date(at.getTime() - SIGNUP_RESTART_EMAIL_INTERVAL_MS))) return;
      const token = newSessionToken();
      await repo.insertRestart(trx, { email, tokenHash: signupRestartHash(token), expiresAt: new Date(at.getTime() + SIGNUP_RESTART_TTL_MS) }, at);
      await mailer.send(trx, {
        to: email,
        subject: 'Start your Caucus signup over',
        text: restartEmailText(`${client.siteUrl}/signup?restart=${encodeURIComponent(token)}`),
        kind: 'signup_restart',
      });
    });
  }

  return {
    /**
     * Step 2 asks before anyone pays, so a taken address is reported there and not after checkout.
     * A pending signup counts as available: the signup call decides between browsers.
     */
    async checkEmail(email: string): Promise<SignupEmailCheck> {
      return { available: !(await repo.emailBelongsToUser(email)) };
    },

    /**
     * Creates the pending account, user and owner membership. Nothing is usable until checkout is
     * paid: the user cannot sign in and the account is invisible to every account-scoped route.
     */
    async signup(input: z.output<typeof signupSchema>, client: SignupClient, presentedToken?: string): Promise<SignupResult> {
      if (!(await repo.planExists(input.planId))) throw new NotFound(PLAN_NOT_FOUND);
      // Hashing is slow on purpose, so it runs before the transaction takes any lock.
      const passwordHash = await hasher.hash(input.password);
      const signupToken = newSessionToken();
      const accountId = newId();
      const at = now();
      try {
        await repo.transaction(async (trx) => {
          const existing = await repo.findUserByEmail(trx, input.email);
          if (existing && existing.status !== 'pending') throw new Conflict(EMAIL_TAKEN);
          if (existing) {
            // A pending signup belongs to the browser that started it until its token expires: another
            // browser takes it over (and ends the first one's checkout) only with the link emailed to
            // the address. Knowing an address is not enough to hold it: its owner can always start over.
            const pending = await repo.pendingSignupToken(trx, existing.id);
            const expiresAt = pending ? toDbDateTime(pending.expiresAt) : null;
            const live = Boolean(expiresAt && expiresAt.getTime() > at.getTime());
            const sameBrowser = Boolean(pending && presentedToken && signupTokenHash(presentedToken) === pending.tokenHash);
            const confirmed = Boolean(input.restartToken && (await repo.useRestart(trx, input.email, signupRestartHash(input.restartToken), at)));
            if (live && !sameBrowser && !confirmed) throw new Conflict(SIGNUP_IN_PROGRESS);
            await repo.removePendingSignup(trx, existing.id);
          }
          await repo.insertPendingSignup(
            trx,
            {
              accountId,
              userId: newId(),
              firstName: input.firstName,
              lastName: input.lastName,
              organizationName: input.organizationName,
              organizationType: input.organizationType,
              phone: input.phone,
              email: input.email,
              planId: input.planId,
              passwordHash,
              signupTokenHash: signupTokenHash(signupToken),
              tokenExpiresAt: new Date(at.getTime() + SIGNUP_TOKEN_TTL_MS),
            },
            at,
          );
        });
      } catch (err) {
        // Two signups for one email at the same moment: the unique index decides, the loser hears 409.
        const inProgress = isUniqueViolation(err) || (err instanceof Conflict && err.message === SIGNUP_IN_PROGRESS);
        if (!inProgress) throw err;
        await emailRestartLink(input.email, client);
        throw new Conflict(SIGNUP_IN_PROGRESS);
      }
      return { accountId, email: input.email, planId: input.planId, signupToken };
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
