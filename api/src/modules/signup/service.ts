import type { z } from 'zod';
import type { SignupEmailCheck, SignupResponse, signupSchema } from '../../contract';
import { toDbDateTime } from '../../db/values';
import { Conflict, NotFound } from '../../http/errors';
import { newId } from '../../lib/ids';
import type { PasswordHasher } from '../auth/passwords';
import { newSessionToken } from '../auth/tokens';
import { PLAN_NOT_FOUND } from '../billing/checkoutService';
import { isUniqueViolation } from '../billing/dbErrors';
import type { SignupRepository } from './repository';
import { SIGNUP_TOKEN_TTL_MS, signupTokenHash } from './signupToken';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const SIGNUP_IN_PROGRESS =
  'A signup with this email is already in progress. Finish it in the browser where it started, or try again in an hour.';

export type SignupResult = SignupResponse & { signupToken: string };

export function createSignupService(deps: { repo: SignupRepository; hasher: PasswordHasher; now?: () => Date }) {
  const { repo, hasher } = deps;
  const now = deps.now ?? (() => new Date());

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
    async signup(input: z.output<typeof signupSchema>, presentedToken?: string): Promise<SignupResult> {
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
            // browser must not take it over (and break the first one's checkout).
            const pending = await repo.pendingSignupToken(trx, existing.id);
            const expiresAt = pending ? toDbDateTime(pending.expiresAt) : null;
            const live = Boolean(expiresAt && expiresAt.getTime() > at.getTime());
            const sameBrowser = Boolean(pending && presentedToken && signupTokenHash(presentedToken) === pending.tokenHash);
            if (live && !sameBrowser) throw new Conflict(SIGNUP_IN_PROGRESS);
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
        if (isUniqueViolation(err)) throw new Conflict(SIGNUP_IN_PROGRESS);
        throw err;
      }
      return { accountId, email: input.email, planId: input.planId, signupToken };
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
