import type { Logger } from '../../http/logger';
import type { AuthService } from '../auth/service';
import { hashToken } from '../auth/tokens';
import type { SettingsService } from './service';

/**
 * The auth service with login alerts added after each successful sign-in. Kept out of the auth
 * module: the alert is a settings preference, and a failure to queue it never fails the sign-in.
 */
export function withLoginAlerts(auth: AuthService, settings: Pick<SettingsService, 'alertOnNewBrowser'>, logger: Logger): AuthService {
  return {
    ...auth,
    async login(input, client) {
      const result = await auth.login(input, client);
      try {
        await settings.alertOnNewBrowser(result.user.id, hashToken(result.token), client);
      } catch (err) {
        logger.error('login alert failed', { userId: result.user.id, error: err instanceof Error ? err.message : String(err) });
      }
      return result;
    },
  };
}
