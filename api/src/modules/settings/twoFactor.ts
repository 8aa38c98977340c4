import { recordAudit } from '../../lib/audit';
import {
  RECOVERY_CODE_WRONG,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_CODE_REUSED,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_NOT_STARTED,
  TWO_FACTOR_OWNER_FIRST,
  TWO_FACTOR_OWNER_ONLY,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@caucus/contract';
import { toIsoDateTime } from '../../db/values';
import { BadRequest, Conflict, Forbidden, Unauthorized } from '../../http/errors';
import type { AuthState } from '../../http/types';
import { enrolmentOf, hashRecoveryCode, newRecoveryCodes, newTotpSecret } from '../auth/twoFactor';
import { presentedCode, type CodeChecker } from '../auth/twoFactorCodes';
import { isEnabled, type TwoFactorRepository } from '../auth/twoFactorRepository';
import type { CurrentPasswordCheck } from './currentPassword';
import type { SettingsRepository } from './repository';

export const TWO_FACTOR_REQUIREMENT_ON = 'Two-factor sign-in is now required for everyone in this account.';
export const TWO_FACTOR_REQUIREMENT_OFF = 'Two-factor sign-in is no longer required for this account.';

/** Settings > Security > Two-factor sign-in: enrolment, recovery codes, turning it off, the owner's requirement. */
export function createTwoFactorSettingsService(deps: {
  repo: TwoFactorRepository;
  settingsRepo: Pick<SettingsRepository, 'findPasswordHash'>;
  codes: CodeChecker;
  /** The email change's check: wrong passwords count as failed sign-ins of the address. */
  checkPassword: CurrentPasswordCheck;
  now?: () => Date;
}) {
  const { repo, settingsRepo, codes, checkPassword } = deps;
  const now = deps.now ?? (() => new Date());

  async function userOf(userId: string) {
    const user = await repo.findUser(userId);
    if (!user) throw new Unauthorized();
    return user;
  }

  return {
    async status(auth: AuthState): Promise<TwoFactorStatus> {
      const [user, required, owner] = await Promise.all([
        userOf(auth.userId),
        repo.accountRequiresTwoFactor(auth.accountId),
        repo.isOwner(auth.userId, auth.accountId),
      ]);
      const enabled = isEnabled(user);
      return {
        enabled,
        enabledAt: enabled ? toIsoDateTime(user.twoFactorEnabledAt) : null,
        recoveryCodesRemaining: enabled ? await repo.countUnusedRecoveryCodes(auth.userId) : 0,
        enrollmentRequired: required && !enabled,
        accountRequiresTwoFactor: required,
        canManageRequirement: owner,
      };
    },

    /**
     * A new secret, pending until confirmed; starting again replaces the one pending. Needs the current
     * password: with a session alone, a thief could enrol their own authenticator and lock the owner out
     * (docs/adr/0010-a-stolen-session-is-not-an-account.md).
     */
    async setup(auth: AuthState, input: { currentPassword: string }, ip: string): Promise<TwoFactorSetup> {
      const user = await userOf(auth.userId);
      if (isEnabled(user)) throw new Conflict(TWO_FACTOR_ALREADY_ON);
      await checkPassword({ email: user.email, passwordHash: await settingsRepo.findPasswordHash(auth.userId) }, input.currentPassword, ip);
      const secret = newTotpSecret();
      await repo.setPendingSecret(auth.userId, secret, now());
      return { ...(await enrolmentOf(secret, user.email)), secret };
    },

    async confirm(auth: AuthState, code: string, ip: string): Promise<TwoFactorEnabled> {
      const user = await userOf(auth.userId);
      if (isEnabled(user)) throw new Conflict(TWO_FACTOR_ALREADY_ON);
      const secret = user.twoFactorPendingSecret;
      if (!secret) throw new Conflict(TWO_FACTOR_NOT_STARTED);
      // 400, not 401, for a wrong code: the client treats a 401 as "signed out".
      const { result, timeStep } = await codes.checkPending(auth.userId, ip, secret, code);
      if (result !== 'ok') throw new BadRequest(TWO_FACTOR_CODE_WRONG, { code: TWO_FACTOR_CODE_WRONG });
      const recoveryCodes = newRecoveryCodes();
      const at = now();
      const enabled = await repo.transaction((trx) =>
        repo.enable(
          trx,
          auth.userId,
          secret,
          timeStep,
          recoveryCodes.map((value) => hashRecoveryCode(auth.userId, value)),
          at,
        ),
      );
      if (enabled === 0) throw new Conflict(TWO_FACTOR_NOT_STARTED);
      return { message: TWO_FACTOR_ENABLED, recoveryCodes };
    },

    /** Needs the password and a current code (or a recovery code): a stolen session alone cannot turn it off. */
    async disable(auth: AuthState, input: { password: string; code: string }, ip: string): Promise<{ message: string }> {
      const user = await userOf(auth.userId);
      if (!isEnabled(user)) throw new Conflict(TWO_FACTOR_NOT_ON);
      await checkPassword({ email: user.email, passwordHash: await settingsRepo.findPasswordHash(auth.userId) }, input.password, ip, 'password');
      const presented = presentedCode(input.code);
      const result = await codes.check(user, ip, presented);
      if (result !== 'ok') {
        const message = presented.kind === 'recovery' ? RECOVERY_CODE_WRONG : result === 'replayed' ? TWO_FACTOR_CODE_REUSED : TWO_FACTOR_CODE_WRONG;
        throw new BadRequest(message, { code: message });
      }
      await repo.transaction((trx) => repo.disable(trx, auth.userId, now()));
      return { message: TWO_FACTOR_DISABLED };
    },

    /** The owner's switch; the owner needs it on first, so the rule never locks its author out of writing. */
    async setRequirement(auth: AuthState, required: boolean): Promise<TwoFactorStatus & { message: string }> {
      if (!(await repo.isOwner(auth.userId, auth.accountId))) throw new Forbidden(TWO_FACTOR_OWNER_ONLY);
      if (required && !isEnabled(await userOf(auth.userId))) throw new Conflict(TWO_FACTOR_OWNER_FIRST);
      const before = (await this.status(auth)).accountRequiresTwoFactor;
      await repo.transaction(async (trx) => {
        await repo.setAccountRequirement(auth.accountId, required, now(), trx);
        if (before !== required) {
          await recordAudit(trx, {
            accountId: auth.accountId,
            actor: { userId: auth.userId, sessionId: auth.sessionId },
            entityType: 'settings',
            entityId: auth.accountId,
            action: 'two_factor_requirement',
            before: { requireTwoFactor: before },
            after: { requireTwoFactor: required },
          });
        }
      });
      return { ...(await this.status(auth)), message: required ? TWO_FACTOR_REQUIREMENT_ON : TWO_FACTOR_REQUIREMENT_OFF };
    },
  };
}

export type TwoFactorSettingsService = ReturnType<typeof createTwoFactorSettingsService>;
