import type { AppConfig } from '../../config';
import type { Mailer } from '../email';
import { CODE_FAILURE_WINDOW_MS, MAX_FAILED_CODES } from './twoFactor';
import type { TwoFactorRepository } from './twoFactorRepository';

/** At most one "too many wrong codes" email per user in this long, however often the lock recurs. */
export const CODE_LOCK_NOTICE_INTERVAL_MS = 24 * 3600 * 1000;

/**
 * Tells the user their two-factor codes locked. A login asks for the code only after the right
 * password, so ten wrong codes there mean someone may hold the password: the email says so and what
 * to do. Sent once a day (a rolling 24 hours) so a determined guesser cannot flood the inbox.
 */
export function createCodeLockNotifier(deps: {
  repo: Pick<TwoFactorRepository, 'transaction' | 'claimLockNotice'>;
  mailer: Mailer;
  config: Pick<AppConfig, 'publicUrl'>;
  now?: () => Date;
}): (userId: string) => Promise<void> {
  const { repo, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());
  const minutes = Math.round(CODE_FAILURE_WINDOW_MS / 60000);
  return async (userId) => {
    const at = now();
    await repo.transaction(async (trx) => {
      const user = await repo.claimLockNotice(trx, userId, at, new Date(at.getTime() - CODE_LOCK_NOTICE_INTERVAL_MS));
      if (!user) return;
      await mailer.send(trx, {
        to: user.email,
        subject: 'Too many wrong two-factor codes on your Caucus account',
        kind: 'two_factor_locked',
        text: [
          `Hi ${user.firstName},`,
          '',
          `${MAX_FAILED_CODES} wrong two-factor codes were entered for your Caucus account (${user.email}), the last on ${at.toUTCString()}. Two-factor sign-in is paused for up to ${minutes} minutes.`,
          '',
          'If this was not you, someone may know your password: Caucus asks for the code only after the right password.',
          `Change your password in Settings > Security, or reset it at ${config.publicUrl}/forgot-password, and sign out the sessions you do not recognize.`,
          '',
          'The Caucus team',
        ].join('\n'),
      });
    });
  };
}
