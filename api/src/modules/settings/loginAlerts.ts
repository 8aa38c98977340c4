import type { Logger } from '../../http/logger';
import { isChallenge, type AuthService, type LoginResult } from '../auth/service';
import { hashToken } from '../auth/tokens';
import type { SettingsService } from './service';

/**
 * The auth service with login alerts added after each successful sign-in. Kept out of the auth
 * module: the alert is a settings preference, and a failure to queue it never fails the sign-in.
 */
export function withLoginAlerts(auth: AuthService, settings: Pick<SettingsService, 'alertOnNewBrowser'>, logger: Logger): AuthService {
  const alert = async (result: LoginResult, client: { ip: string; userAgent: string | null }) => {
    try {
      await settings.alertOnNewBrowser(result.user.id, hashToken(result.token), client);
    } catch (err) {
      logger.error('login alert failed', { userId: result.user.id, error: err instanceof Error ? err.message : String(err) });
    }
  };
  return {
    ...auth,
    async login(input, client) {
      const result = await auth.login(input, client);
      // With two-factor sign-in the alert waits for the code step, where the session begins.
      if (!isChallenge(result)) await alert(result, client);
      return result;
    },
    async loginTwoFactor(input, client) {
      const result = await auth.loginTwoFactor(input, client);
      await alert(result, client);
      return result;
    },
  };
}
