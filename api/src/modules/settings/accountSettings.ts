import {
  emailChangeSent,
  NOTIFICATION_PREFERENCE_KEYS,
  type AccountSettingsView,
  type AccountUpdate,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '@caucus/contract';
import { Conflict, Unauthorized } from '../../http/errors';
import type { AuthState } from '../../http/types';
import type { SettingsContext } from './context';
import { EMAIL_IN_USE, type EmailChangeClient } from './emailChange';
import { readPreferences, regionalOf, type Regional } from './preferences';

/** Settings > Account and > Notifications: the signed-in user's own details and choices. */
export function createAccountSettings({ repo, emailChange, now, profileOf, organizationOf }: SettingsContext) {
  async function account(auth: AuthState): Promise<AccountSettingsView> {
    const [profile, organization, pendingEmail] = await Promise.all([
      profileOf(auth.userId),
      organizationOf(auth.accountId),
      emailChange.pendingEmail(auth.userId),
    ]);
    return {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phone: profile.phone ?? '',
      ...regionalOf(profile.preferences, organization),
      pendingEmail,
    };
  }

  return {
    account,

    /**
     * All on the user: name, phone, and their own timezone, language and date format (the
     * workspace's stay as the default of its other users), saved at once. A new email is not: it
     * needs the current password (and code), and waits for the link sent to it (emailChange.ts).
     */
    async updateAccount(auth: AuthState, input: AccountUpdate, client: EmailChangeClient): Promise<AccountSettingsView> {
      const current = await profileOf(auth.userId);
      const newEmail = input.email.toLowerCase() === current.email.toLowerCase() ? null : input.email;
      if (newEmail) {
        if (await repo.emailTakenByOther(newEmail, auth.userId)) throw new Conflict(EMAIL_IN_USE, { email: EMAIL_IN_USE });
        await emailChange.authorize(auth, input, { email: current.email, passwordHash: await repo.findPasswordHash(auth.userId) }, client.ip);
      }
      await repo.transaction(async (trx) => {
        const at = now();
        await repo.updateProfile(
          trx,
          auth.userId,
          { firstName: input.firstName, lastName: input.lastName, phone: input.phone === '' ? null : input.phone },
          at,
        );
        const profile = await repo.findProfile(auth.userId, trx);
        if (!profile) throw new Unauthorized();
        const { all } = readPreferences(profile.preferences);
        const regional: Regional = { timezone: input.timezone, language: input.language, dateFormat: input.dateFormat };
        await repo.updatePreferences(trx, auth.userId, JSON.stringify({ ...all, regional }), at);
        if (newEmail) await emailChange.request(trx, { id: auth.userId, email: current.email, firstName: input.firstName }, newEmail, client);
      });
      const saved = await account(auth);
      return newEmail ? { ...saved, message: emailChangeSent(newEmail) } : saved;
    },

    async notifications(auth: AuthState): Promise<NotificationPreferences> {
      return readPreferences((await profileOf(auth.userId)).preferences).notifications;
    },

    async updateNotifications(auth: AuthState, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
      return repo.transaction(async (trx) => {
        const profile = await repo.findProfile(auth.userId, trx);
        if (!profile) throw new Unauthorized();
        const { all, notifications } = readPreferences(profile.preferences);
        const merged = { ...notifications };
        for (const key of NOTIFICATION_PREFERENCE_KEYS) if (typeof input[key] === 'boolean') merged[key] = input[key] as boolean;
        await repo.updatePreferences(trx, auth.userId, JSON.stringify({ ...all, notifications: merged }), now());
        return merged;
      });
    },
  };
}
