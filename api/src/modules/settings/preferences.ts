import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_TIMEZONE,
  NOTIFICATION_PREFERENCE_KEYS,
  SETTINGS_DATE_FORMATS,
  SETTINGS_LANGUAGES,
  SETTINGS_TIMEZONES,
  type AccountSettings,
  type NotificationPreferences,
  type SettingsDateFormat,
} from '@caucus/contract';
import type { OrganizationRow } from './repository';

// A user's choices, kept as JSON in users.preferences: { notifications: {...}, regional: {...} }.

export function oneOf<T extends string>(values: readonly T[], value: string | null | undefined, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

export type Regional = Pick<AccountSettings, 'timezone' | 'language' | 'dateFormat'>;

export function readPreferences(stored: string | null): {
  all: Record<string, unknown>;
  notifications: NotificationPreferences;
  regional: Partial<Regional>;
} {
  let all: Record<string, unknown> = {};
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) all = parsed as Record<string, unknown>;
  } catch {
    // A preferences value that is not JSON is treated as none chosen yet.
  }
  const saved = (all.notifications && typeof all.notifications === 'object' ? all.notifications : {}) as Record<string, unknown>;
  const notifications = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const key of NOTIFICATION_PREFERENCE_KEYS) if (typeof saved[key] === 'boolean') notifications[key] = saved[key] as boolean;
  // Only values the settings still offer; anything else falls back to the workspace's.
  const chosen = (all.regional && typeof all.regional === 'object' ? all.regional : {}) as Record<string, unknown>;
  const regional: Partial<Regional> = {};
  if (SETTINGS_TIMEZONES.includes(chosen.timezone as Regional['timezone'])) regional.timezone = chosen.timezone as Regional['timezone'];
  if (SETTINGS_LANGUAGES.includes(chosen.language as Regional['language'])) regional.language = chosen.language as Regional['language'];
  if (SETTINGS_DATE_FORMATS.includes(chosen.dateFormat as SettingsDateFormat)) regional.dateFormat = chosen.dateFormat as SettingsDateFormat;
  return { all, notifications, regional };
}

/**
 * The user's timezone, language and date format: what they chose in Settings > Account, else the
 * workspace's (the account's columns, the defaults a new user starts with).
 */
export function regionalOf(preferences: string | null, workspace: Pick<OrganizationRow, 'timezone' | 'language' | 'dateFormat'>): Regional {
  const { regional } = readPreferences(preferences);
  return {
    timezone: regional.timezone ?? oneOf(SETTINGS_TIMEZONES, workspace.timezone, DEFAULT_TIMEZONE as Regional['timezone']),
    language: regional.language ?? oneOf(SETTINGS_LANGUAGES, workspace.language, 'en'),
    dateFormat: regional.dateFormat ?? oneOf(SETTINGS_DATE_FORMATS, workspace.dateFormat, DEFAULT_DATE_FORMAT),
  };
}
