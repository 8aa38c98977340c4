import { createHash } from 'node:crypto';
import { DEFAULT_TIMEZONE, SETTINGS_COUNTRIES, SETTINGS_TIMEZONES, type OrganizationSettings, type Workspace } from '@caucus/contract';
import type { AuthState } from '../../http/types';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SettingsContext } from './context';
import { oneOf, regionalOf, type Regional } from './preferences';

type SettingsOrganizationType = OrganizationSettings['type'];

/**
 * The organization settings as the audit trail keeps them: images (data URLs of up to megabytes)
 * by a short digest, enough to tell that the logo changed.
 */
function auditedOrganization(settings: OrganizationSettings): Record<string, unknown> {
  const digest = (image: string | null) => (image ? `image sha256:${createHash('sha256').update(image).digest('hex').slice(0, 12)}` : null);
  return { ...settings, logo: digest(settings.logo), favicon: digest(settings.favicon) };
}

/** The signup's organization types, folded onto the four the settings offer. */
export function settingsTypeOf(organizationType: string): SettingsOrganizationType {
  if (organizationType === 'political') return 'political';
  if (organizationType === 'nonprofit' || organizationType === 'non-profit' || organizationType.startsWith('501c')) return 'non-profit';
  if (organizationType === 'business') return 'business';
  return 'other';
}

/** Settings > Organization, and the workspace the frame shows (its name, logo and color). */
export function createOrganizationSettings({ repo, now, profileOf, organizationOf, accessState }: SettingsContext) {
  async function organization(auth: AuthState): Promise<OrganizationSettings> {
    const row = await organizationOf(auth.accountId);
    return {
      name: row.name,
      type: settingsTypeOf(row.organizationType),
      website: row.website ?? '',
      description: row.description ?? '',
      street: row.addressLine1 ?? '',
      city: row.city ?? '',
      state: row.state ?? '',
      zip: row.zipCode ?? '',
      country: oneOf(SETTINGS_COUNTRIES, row.country, 'United States'),
      taxId: row.taxId ?? '',
      timezone: oneOf(SETTINGS_TIMEZONES, row.timezone, DEFAULT_TIMEZONE as Regional['timezone']),
      primaryColor: row.primaryColor ?? '#667eea',
      secondaryColor: row.secondaryColor ?? '#764ba2',
      logo: row.logoDataUrl ?? null,
      favicon: row.faviconDataUrl ?? null,
    };
  }

  return {
    organization,

    async updateOrganization(auth: AuthState, input: OrganizationSettings): Promise<OrganizationSettings> {
      const current = await organizationOf(auth.accountId);
      const blankToNull = (value: string) => (value === '' ? null : value);
      const before = auditedOrganization(await organization(auth));
      const after = auditedOrganization({ ...input, primaryColor: input.primaryColor.toLowerCase(), secondaryColor: input.secondaryColor.toLowerCase() });
      await repo.transaction(async (trx) => {
        const changed = changedFields(before, after);
        if (changed) {
          await recordAudit(trx, {
            accountId: auth.accountId,
            actor: { userId: auth.userId, sessionId: auth.sessionId },
            entityType: 'settings',
            entityId: auth.accountId,
            action: 'organization',
            ...changed,
          });
        }
        await repo.updateAccount(
          trx,
          auth.accountId,
          {
            name: input.name,
            // The signup's finer type (501c3, 501c4...) is kept while the folded choice is unchanged.
            ...(settingsTypeOf(current.organizationType) === input.type ? {} : { organizationType: input.type }),
            website: blankToNull(input.website),
            description: blankToNull(input.description),
            addressLine1: blankToNull(input.street),
            city: blankToNull(input.city),
            state: blankToNull(input.state),
            zipCode: blankToNull(input.zip),
            country: input.country,
            taxId: blankToNull(input.taxId),
            ...(input.timezone ? { timezone: input.timezone } : {}),
            primaryColor: input.primaryColor.toLowerCase(),
            secondaryColor: input.secondaryColor.toLowerCase(),
            logoDataUrl: input.logo,
            faviconDataUrl: input.favicon,
          },
          now(),
        );
      });
      return organization(auth);
    },

    /** The frame's: the organization's name, logo and color; the signed-in user's timezone and formats. */
    async workspace(auth: AuthState): Promise<Workspace> {
      const [organization, profile, access] = await Promise.all([organizationOf(auth.accountId), profileOf(auth.userId), accessState(auth.accountId)]);
      return {
        organizationName: organization.name,
        logo: organization.logoDataUrl ?? null,
        primaryColor: organization.primaryColor ?? '#667eea',
        ...regionalOf(profile.preferences, organization),
        subscription: access,
      };
    },
  };
}
