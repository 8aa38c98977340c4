import { campaignFormInput, firstMessageByField } from '@caucus/contract';
import { toAmount } from '@caucus/platform';

export const CAMPAIGN_TYPES = ['fundraising', 'advocacy', 'awareness', 'gotv', 'petition', 'event', 'volunteer', 'educational', 'membership'] as const;

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'archived'] as const;

export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export type CampaignStatusValue = (typeof CAMPAIGN_STATUSES)[number];

/** Body of POST /campaigns and PUT /campaigns/:id (docs/product/api.md; the contract's CampaignInput). */
export type CampaignPayload = {
  name: string;
  slug: string;
  description?: string;
  campaignType: string;
  status: string;
  committeeId?: string;
  donationAccountId?: string;
  fundraisingGoal: number;
  contactGoal: number;
  volunteerGoal: number;
  startDate?: string;
  endDate?: string;
  allowPublicDonations: boolean;
  donationMinimum: number;
  donationMaximum: number;
  suggestedAmounts: number[];
};

/**
 * What the form edits. Numbers stay text while typed so a field can be cleared; dates are the
 * `YYYY-MM-DD` of a date input (or a full ISO date-time when one came from the server).
 */
export type CampaignFormValues = {
  name: string;
  slug: string;
  description: string;
  campaignType: string;
  status: string;
  committeeId: string;
  donationAccountId: string;
  fundraisingGoal: string;
  contactGoal: string;
  volunteerGoal: string;
  startDate: string;
  endDate: string;
  allowPublicDonations: boolean;
  donationMinimum: string;
  donationMaximum: string;
  suggestedAmounts: number[];
};

export type CampaignFormField = keyof CampaignFormValues;
export type CampaignFormErrors = Partial<Record<CampaignFormField, string>>;

export const DEFAULT_SUGGESTED_AMOUNTS = [25, 50, 100, 250, 500, 1000];

/**
 * Type fundraising, status draft, minimum 1, maximum 0 (no limit), the six suggested amounts
 * (docs/product/limits-and-defaults.md, Defaults).
 */
export function defaultCampaignValues(): CampaignFormValues {
  return {
    name: '',
    slug: '',
    description: '',
    campaignType: 'fundraising',
    status: 'draft',
    committeeId: '',
    donationAccountId: '',
    fundraisingGoal: '0',
    contactGoal: '0',
    volunteerGoal: '0',
    startDate: '',
    endDate: '',
    allowPublicDonations: true,
    donationMinimum: '1',
    donationMaximum: '0',
    suggestedAmounts: [...DEFAULT_SUGGESTED_AMOUNTS],
  };
}

type CampaignLike = {
  name: string;
  slug?: string | null;
  description?: string | null;
  campaignType?: string | null;
  status?: string | null;
  committeeId?: string | null;
  donationAccountId?: string | null;
  fundraisingGoal?: number | string | null;
  contactGoal?: number | string | null;
  volunteerGoal?: number | string | null;
  startDate?: string | null;
  endDate?: string | null;
  allowPublicDonations?: boolean | null;
  donationMinimum?: number | string | null;
  donationMaximum?: number | string | null;
  suggestedAmounts?: number[] | null;
};

/** A date input shows the calendar day the campaign starts or ends, in UTC like the saved value. */
function toDateInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

export function campaignToFormValues(campaign: CampaignLike): CampaignFormValues {
  const defaults = defaultCampaignValues();
  const number = (value: number | string | null | undefined, fallback: string) =>
    value === null || value === undefined || value === '' ? fallback : String(toAmount(value));
  return {
    name: campaign.name ?? '',
    slug: campaign.slug ?? '',
    description: campaign.description ?? '',
    campaignType: campaign.campaignType || defaults.campaignType,
    status: campaign.status || defaults.status,
    committeeId: campaign.committeeId ?? '',
    donationAccountId: campaign.donationAccountId ?? '',
    fundraisingGoal: number(campaign.fundraisingGoal, defaults.fundraisingGoal),
    contactGoal: number(campaign.contactGoal, defaults.contactGoal),
    volunteerGoal: number(campaign.volunteerGoal, defaults.volunteerGoal),
    startDate: toDateInput(campaign.startDate),
    endDate: toDateInput(campaign.endDate),
    allowPublicDonations: campaign.allowPublicDonations ?? defaults.allowPublicDonations,
    donationMinimum: number(campaign.donationMinimum, defaults.donationMinimum),
    donationMaximum: number(campaign.donationMaximum, defaults.donationMaximum),
    suggestedAmounts: sortAmounts(campaign.suggestedAmounts ?? defaults.suggestedAmounts),
  };
}

/**
 * Lowercased; characters other than letters, digits, spaces and hyphens removed; spaces turned to
 * hyphens; repeated hyphens collapsed (docs/product/validation.md, Campaign form).
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s/g, '-')
    .replace(/-+/g, '-');
}

function sortAmounts(amounts: number[]): number[] {
  return [...new Set(amounts.map(Number).filter((n) => Number.isFinite(n)))].sort((a, b) => a - b);
}

/** Added only when above 0 and not yet listed; the list stays ascending (docs/product/validation.md, Campaign form). */
export function addSuggestedAmount(amounts: number[], amount: number): number[] {
  if (!Number.isFinite(amount) || amount <= 0 || amounts.includes(amount)) return amounts;
  return sortAmounts([...amounts, amount]);
}

export function removeSuggestedAmount(amounts: number[], amount: number): number[] {
  return amounts.filter((value) => value !== amount);
}

function toNumber(value: string): number {
  const parsed = Number(value.trim());
  return value.trim() === '' || !Number.isFinite(parsed) ? 0 : parsed;
}

/**
 * Empty optionals (and an empty committee or donation account) are left out
 * (docs/product/validation.md, Saving campaigns and events).
 */
export function shapeCampaignForSave(values: CampaignFormValues): CampaignPayload {
  const payload: CampaignPayload = {
    name: values.name.trim(),
    slug: values.slug.trim(),
    campaignType: values.campaignType,
    status: values.status,
    fundraisingGoal: toNumber(values.fundraisingGoal),
    contactGoal: toNumber(values.contactGoal),
    volunteerGoal: toNumber(values.volunteerGoal),
    allowPublicDonations: values.allowPublicDonations,
    donationMinimum: toNumber(values.donationMinimum),
    donationMaximum: toNumber(values.donationMaximum),
    suggestedAmounts: sortAmounts(values.suggestedAmounts),
  };
  const description = values.description.trim();
  if (description) payload.description = description;
  if (values.committeeId) payload.committeeId = values.committeeId;
  if (values.donationAccountId) payload.donationAccountId = values.donationAccountId;
  // A campaign's start and end are calendar days: sent as YYYY-MM-DD, never as instants.
  if (values.startDate.trim()) payload.startDate = values.startDate.trim();
  if (values.endDate.trim()) payload.endDate = values.endDate.trim();
  return payload;
}

/** The campaign form's rules: the API's own (texts of docs/product/validation.md), read from the form's inputs. */
export const campaignFormSchema = campaignFormInput<CampaignFormValues>();

/** The first message for each field, e.g. { name: 'Campaign name is required' }; empty when the campaign can be saved. */
export function validateCampaign(values: CampaignFormValues): CampaignFormErrors {
  return firstMessageByField<CampaignFormField>(campaignFormSchema, values);
}
