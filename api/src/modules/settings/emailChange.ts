import type { Knex } from 'knex';
import {
  EMAIL_CHANGE_CODE_REQUIRED,
  EMAIL_CHANGE_CONFIRMED,
  EMAIL_CHANGE_PASSWORD_REQUIRED,
  EMAIL_CHANGE_UNDONE,
  EMAIL_CONFIRM_HOURS,
  EMAIL_UNDO_DAYS,
  INVALID_EMAIL_CHANGE_LINK,
  INVALID_EMAIL_UNDO_LINK,
  RECOVERY_CODE_WRONG,
  TOO_MANY_EMAIL_CHANGES,
  TWO_FACTOR_CODE_REUSED,
  TWO_FACTOR_CODE_WRONG,
  type EmailChangeResult,
} from '@caucus/contract';
import type { DbTime } from '../../db/rows';
import { toIsoDateTime } from '../../db/values';
import { BadRequest, Conflict, TooManyRequests } from '../../http/errors';
import type { AuthState } from '../../http/types';
import type { PasswordHasher } from '../auth/passwords';
import { hashToken, looksLikeSessionToken, newSessionToken } from '../auth/tokens';
import { presentedCode, type CodeChecker } from '../auth/twoFactorCodes';
import { isEnabled, type TwoFactorRepository } from '../auth/twoFactorRepository';
import type { Mailer } from '../email';
import { createCurrentPasswordCheck } from './currentPassword';
import type { EmailChangeRepository, EmailChangeRow } from './emailChangeRepository';

export const EMAIL_CONFIRM_TTL_MS = EMAIL_CONFIRM_HOURS * 3600 * 1000;
export const EMAIL_UNDO_TTL_MS = EMAIL_UNDO_DAYS * 24 * 3600 * 1000;
/** Requests per user per hour: each one emails two inboxes. */
export const MAX_EMAIL_CHANGES_PER_HOUR = 5;
const HOUR_MS = 3600 * 1000;
/** Wrong or stale links from one ip per window (the reset links' limit). */
export const LINK_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LINKS_PER_IP = 20;
export const EMAIL_IN_USE = 'An account with this email already exists';

/** siteUrl: the configured address the links point at (see siteUrlFor). */
export type EmailChangeClient = { ip: string; siteUrl: string };

const isSet = (value: unknown) => value !== null && value !== undefined;

function stillValid(expiresAt: DbTime | null, at: Date): boolean {
  const iso = toIsoDateTime(expiresAt);
  return iso !== null && Date.parse(iso) > at.getTime();
}

/**
 * The sign-in email changes in three steps: the signed-in user proves it is them (password, and the
 * code when two-factor sign-in is on); the link sent to the new address makes the change; the link
 * sent to the old address undoes it for 7 days and locks whoever made it out (see lockOut). Links are
 * single use and only their SHA-256 digests are stored, like password_resets.
 */
export function createEmailChangeService(deps: {
  repo: EmailChangeRepository;
  twoFactor: { repo: Pick<TwoFactorRepository, 'findUser'>; codes: CodeChecker };
  hasher: PasswordHasher;
  mailer: Mailer;
  now?: () => Date;
}) {
  const { repo, twoFactor, hasher, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  const verifyPassword = createCurrentPasswordCheck({ attempts: repo, hasher, now });

  /** Counts a wrong or stale link against the ip, first (parallel guesses count each other). */
  async function linkAttempt(ip: string): Promise<string> {
    const at = now();
    const attemptId = await repo.recordFailedLink(ip, at);
    if ((await repo.countFailedLinks(ip, new Date(at.getTime() - LINK_FAILURE_WINDOW_MS))) > MAX_FAILED_LINKS_PER_IP) {
      await repo.forgetAttempt(attemptId);
      throw new TooManyRequests(TOO_MANY_EMAIL_CHANGES, LINK_FAILURE_WINDOW_MS / 1000);
    }
    return attemptId;
  }

  function confirmText(firstName: string, newEmail: string, link: string): string {
    return [
      `Hi ${firstName},`,
      '',
      `Open this link to make ${newEmail} the sign-in email of your Caucus account:`,
      '',
      link,
      '',
      `The link works once and expires in ${EMAIL_CONFIRM_HOURS} hours. If you did not ask for this, ignore this email: nothing changes.`,
      '',
      'The Caucus team',
    ].join('\n');
  }

  function noticeText(firstName: string, oldEmail: string, newEmail: string, at: Date, link: string): string {
    return [
      `Hi ${firstName},`,
      '',
      `On ${at.toUTCString()}, someone signed in to your Caucus account asked to change its sign-in email from ${oldEmail} to ${newEmail}. The change takes effect when it is confirmed from ${newEmail}.`,
      '',
      'If this was you, there is nothing to do.',
      '',
      `If it was not you, open this link within ${EMAIL_UNDO_DAYS} days, even if the change was already confirmed:`,
      '',
      link,
      '',
      `It keeps (or brings back) ${oldEmail} as your sign-in email, signs out every session, turns off two-factor sign-in and asks you for a new password: whoever made the change knew your password.`,
      '',
      'The Caucus team',
    ].join('\n');
  }

  return {
    /** The current password check, shared with the other changes of a sign-in factor (password, two-factor sign-in). */
    checkPassword: verifyPassword,

    /**
     * What must hold before a change is started: not too many requests, the current password, and the
     * code when two-factor sign-in is on. Runs outside any transaction (argon2 is slow).
     */
    async authorize(
      auth: AuthState,
      input: { currentPassword?: string; twoFactorCode?: string },
      user: { email: string; passwordHash: string | null },
      ip: string,
    ): Promise<void> {
      const at = now();
      if ((await repo.countRequestsSince(auth.userId, new Date(at.getTime() - HOUR_MS))) >= MAX_EMAIL_CHANGES_PER_HOUR) {
        throw new TooManyRequests(TOO_MANY_EMAIL_CHANGES, HOUR_MS / 1000);
      }
      if (!input.currentPassword) throw new BadRequest(EMAIL_CHANGE_PASSWORD_REQUIRED, { currentPassword: EMAIL_CHANGE_PASSWORD_REQUIRED });
      await verifyPassword(user, input.currentPassword, ip);
      const factors = await twoFactor.repo.findUser(auth.userId);
      if (!factors || !isEnabled(factors)) return;
      if (!input.twoFactorCode) throw new BadRequest(EMAIL_CHANGE_CODE_REQUIRED, { twoFactorCode: EMAIL_CHANGE_CODE_REQUIRED });
      const presented = presentedCode(input.twoFactorCode);
      const result = await twoFactor.codes.check(factors, ip, presented);
      if (result !== 'ok') {
        const message = presented.kind === 'recovery' ? RECOVERY_CODE_WRONG : result === 'replayed' ? TWO_FACTOR_CODE_REUSED : TWO_FACTOR_CODE_WRONG;
        throw new BadRequest(message, { twoFactorCode: message });
      }
    },

    /**
     * Starts the change inside the caller's transaction: earlier requests' confirm links die, the new
     * address gets the confirm link and the old one the notice with the undo link.
     */
    async request(trx: Knex.Transaction, user: { id: string; email: string; firstName: string }, newEmail: string, client: EmailChangeClient): Promise<void> {
      const at = now();
      const confirmToken = newSessionToken();
      const undoToken = newSessionToken();
      await repo.cancelPending(trx, user.id, at);
      await repo.insert(
        trx,
        {
          userId: user.id,
          oldEmail: user.email,
          newEmail,
          confirmTokenHash: hashToken(confirmToken),
          undoTokenHash: hashToken(undoToken),
          confirmExpiresAt: new Date(at.getTime() + EMAIL_CONFIRM_TTL_MS),
          undoExpiresAt: new Date(at.getTime() + EMAIL_UNDO_TTL_MS),
          ip: client.ip.slice(0, 64) || null,
        },
        at,
      );
      await mailer.send(trx, {
        to: newEmail,
        subject: 'Confirm your new Caucus sign-in email',
        kind: 'email_change_confirm',
        text: confirmText(user.firstName, newEmail, `${client.siteUrl}/confirm-email?token=${encodeURIComponent(confirmToken)}`),
      });
      await mailer.send(trx, {
        to: user.email,
        subject: 'Your Caucus sign-in email is being changed',
        kind: 'email_change_notice',
        text: noticeText(user.firstName, user.email, newEmail, at, `${client.siteUrl}/undo-email-change?token=${encodeURIComponent(undoToken)}`),
      });
    },

    pendingEmail(userId: string): Promise<string | null> {
      return repo.pendingEmail(userId, now());
    },

    /** The link sent to the new address: the change takes effect. */
    async confirm(input: { token: string }, client: { ip: string }): Promise<EmailChangeResult> {
      const attemptId = await linkAttempt(client.ip);
      const token = input.token.trim();
      if (!looksLikeSessionToken(token)) throw new BadRequest(INVALID_EMAIL_CHANGE_LINK);
      const result = await repo.transaction(async (trx) => {
        const change = await repo.findByConfirmHash(trx, hashToken(token));
        const at = now();
        // Stale too when the email moved since the request (an undo, or another change confirmed).
        if (!change || change.userStatus !== 'active' || !stillValid(change.confirmExpiresAt, at) || change.userEmail !== change.oldEmail) return null;
        if (!(await repo.markConfirmed(trx, change.id, at))) return null;
        if (await repo.emailTakenByOther(trx, change.newEmail, change.userId)) throw new Conflict(EMAIL_IN_USE);
        await repo.setEmail(trx, change.userId, change.newEmail, at);
        return { message: EMAIL_CHANGE_CONFIRMED, email: change.newEmail };
      });
      if (!result) throw new BadRequest(INVALID_EMAIL_CHANGE_LINK);
      await repo.forgetAttempt(attemptId);
      return result;
    },

    /**
     * The link sent to the old address. Whoever made the change knew the password (and the code, or
     * enrolled their own authenticator through the session), so undoing only the email would leave
     * them in: the old email comes back, every open confirm link dies, and lockOut ends every session,
     * replaces the password with the one given here and turns two-factor sign-in off (the user sets it
     * up again; an account that requires it asks them to at their next sign-in). Works for 7 days,
     * whether or not the change was confirmed, once.
     */
    async undo(input: { token: string; password: string }, client: { ip: string }): Promise<EmailChangeResult> {
      const attemptId = await linkAttempt(client.ip);
      const token = input.token.trim();
      if (!looksLikeSessionToken(token)) throw new BadRequest(INVALID_EMAIL_UNDO_LINK);
      // Hashed before the transaction: argon2 is slow and must not hold a write lock.
      const passwordHash = await hasher.hash(input.password);
      const undone = await repo.transaction(async (trx): Promise<EmailChangeRow | null> => {
        const change = await repo.findByUndoHash(trx, hashToken(token));
        const at = now();
        if (!change || change.userStatus !== 'active' || isSet(change.undoneAt) || !stillValid(change.undoExpiresAt, at)) return null;
        if (!(await repo.markUndone(trx, change.id, at))) return null;
        if (change.userEmail !== change.oldEmail) {
          // Someone signed up with the freed address meanwhile: it cannot come back; nothing changes.
          if (await repo.emailTakenByOther(trx, change.oldEmail, change.userId)) throw new Conflict(EMAIL_IN_USE);
          await repo.setEmail(trx, change.userId, change.oldEmail, at);
        }
        await repo.cancelPending(trx, change.userId, at);
        await repo.lockOut(trx, change.userId, passwordHash, at);
        await repo.clearFailedLogins(trx, change.oldEmail);
        await mailer.send(trx, {
          to: change.oldEmail,
          subject: 'Your Caucus sign-in email was restored',
          kind: 'email_change_undone',
          text: [
            `Hi ${change.userFirstName},`,
            '',
            `The change of your Caucus sign-in email to ${change.newEmail} was undone on ${at.toUTCString()}. You sign in with ${change.oldEmail} and the new password you just chose.`,
            '',
            'Every session was signed out and two-factor sign-in was turned off: set it up again in Settings > Security after you sign in.',
            '',
            'The Caucus team',
          ].join('\n'),
        });
        return change;
      });
      if (!undone) throw new BadRequest(INVALID_EMAIL_UNDO_LINK);
      await repo.forgetAttempt(attemptId);
      return { message: EMAIL_CHANGE_UNDONE, email: undone.oldEmail };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
