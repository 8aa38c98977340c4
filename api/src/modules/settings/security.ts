import { OTHER_SESSIONS_SIGNED_OUT, PASSWORD_CHANGED, type ActiveSessionsResponse, type SessionsSignedOut } from '@caucus/contract';
import { toIsoDateTime } from '../../db/values';
import { NotFound } from '../../http/errors';
import type { AuthState } from '../../http/types';
import { isId } from '../../lib/ids';
import type { SettingsContext } from './context';
import { readPreferences } from './preferences';
import { browserKey, parseUserAgent } from './userAgent';

export const SESSION_NOT_FOUND = 'Session not found';

/** Settings > Security: the password, the sessions, and the alert of a sign-in from a new browser. */
export function createSecuritySettings({ repo, hasher, mailer, emailChange, config, now, profileOf }: SettingsContext) {
  return {
    /**
     * Verifies the current password, stores the new one, and ends every other session of the user
     * (and any reset link still open): whoever knew the old password is signed out everywhere.
     */
    async changePassword(auth: AuthState, input: { currentPassword: string; newPassword: string }, ip: string): Promise<SessionsSignedOut> {
      const profile = await profileOf(auth.userId);
      // Wrong passwords count as failed sign-ins of the address, as for the email change.
      await emailChange.checkPassword({ email: profile.email, passwordHash: await repo.findPasswordHash(auth.userId) }, input.currentPassword, ip);
      const passwordHash = await hasher.hash(input.newPassword);
      const { notifications } = readPreferences(profile.preferences);
      const signedOut = await repo.transaction(async (trx) => {
        const at = now();
        await repo.updatePasswordHash(trx, auth.userId, passwordHash, at);
        await repo.spendPasswordResets(trx, auth.userId, at);
        const count = await repo.revokeOtherSessions(trx, auth.userId, auth.sessionId, at);
        if (notifications.loginAlertPasswordChanged) {
          await mailer.send(trx, {
            to: profile.email,
            subject: 'Your Caucus password was changed',
            kind: 'password_changed',
            text: [
              `Hi ${profile.firstName},`,
              '',
              `The password of your Caucus account (${profile.email}) was changed on ${at.toUTCString()}, and every other session was signed out.`,
              '',
              `If this was not you, reset your password at ${config.publicUrl}/forgot-password right away.`,
              '',
              'The Caucus team',
            ].join('\n'),
          });
        }
        return count;
      });
      return { message: PASSWORD_CHANGED, signedOut };
    },

    async sessions(auth: AuthState): Promise<ActiveSessionsResponse> {
      const rows = await repo.listLiveSessions(auth.userId, now());
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          ...parseUserAgent(row.userAgent),
          ip: row.ip,
          createdAt: toIsoDateTime(row.createdAt),
          lastActiveAt: toIsoDateTime(row.lastUsedAt),
          current: row.id === auth.sessionId,
        })),
      };
    },

    async signOutSession(auth: AuthState, sessionId: string): Promise<{ signedOut: true }> {
      if (!isId(sessionId)) throw new NotFound(SESSION_NOT_FOUND);
      const count = await repo.transaction((trx) => repo.revokeSession(trx, auth.userId, sessionId, now()));
      if (count === 0) throw new NotFound(SESSION_NOT_FOUND);
      return { signedOut: true };
    },

    async signOutOthers(auth: AuthState): Promise<SessionsSignedOut> {
      const signedOut = await repo.transaction((trx) => repo.revokeOtherSessions(trx, auth.userId, auth.sessionId, now()));
      return { message: OTHER_SESSIONS_SIGNED_OUT, signedOut };
    },

    /** After a successful sign-in: an email when the browser (family + OS) is new for this user. */
    async alertOnNewBrowser(userId: string, tokenHash: string, client: { ip: string; userAgent: string | null }): Promise<void> {
      const profile = await repo.findProfile(userId);
      if (!profile || !readPreferences(profile.preferences).notifications.loginAlertNewBrowser) return;
      const earlier = await repo.earlierUserAgents(userId, tokenHash);
      // A first sign-in ever (right after signup) is no news to the person who just signed up.
      if (earlier.length === 0) return;
      const key = browserKey(client.userAgent);
      if (earlier.some((userAgent) => browserKey(userAgent) === key)) return;
      const { browser, os } = parseUserAgent(client.userAgent);
      await repo.transaction((trx) =>
        mailer.send(trx, {
          to: profile.email,
          subject: 'New sign-in to your Caucus account',
          kind: 'login_alert',
          text: [
            `Hi ${profile.firstName},`,
            '',
            `Your Caucus account (${profile.email}) was just signed in to from ${browser} on ${os}${client.ip ? ` (IP address ${client.ip})` : ''}.`,
            '',
            'If this was you, there is nothing to do.',
            `If not, change your password in Settings > Security, or reset it at ${config.publicUrl}/forgot-password, and sign out the sessions you do not recognize.`,
            '',
            'The Caucus team',
          ].join('\n'),
        }),
      );
    },
  };
}
