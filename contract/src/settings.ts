import { z } from 'zod';
import { PLAN_REQUIRED_MESSAGE as PLAN_REQUIRED, signupFields } from './signup';
import { safeText, type TextOptions } from './common';

// Settings forms (docs/product/screens.md, Settings; texts in validation.md), saved through /api/settings (docs/product/first-run-and-settings.md: the
// product has the server, so settings hold the truth). They reuse the signup's rules for the same
// fields, so a profile or password never has two sets of rules.

/** The timezones, languages and date formats the settings offer (docs/product/screens.md; defaults in limits-and-defaults.md). */
export const SETTINGS_TIMEZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'] as const;
export const SETTINGS_LANGUAGES = ['en', 'es', 'fr'] as const;
export const SETTINGS_DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export type SettingsDateFormat = (typeof SETTINGS_DATE_FORMATS)[number];
export const SETTINGS_COUNTRIES = ['United States', 'Canada', 'United Kingdom', 'Other'] as const;
export const DEFAULT_TIMEZONE = 'America/New_York';
export const DEFAULT_DATE_FORMAT: SettingsDateFormat = 'MM/DD/YYYY';

/** Free text that may be blank: trimmed, '' kept as "not given". */
function optionalText(max: number, label: string, options: TextOptions = {}) {
  return safeText(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`),
    label,
    options,
  );
}

/** Account settings: the person's name, email and phone, and the workspace's regional preferences. */
export const accountSettingsSchema = signupFields
  .pick({ firstName: true, lastName: true, email: true })
  .extend({
    phone: optionalText(50, 'Phone'),
    timezone: z.enum(SETTINGS_TIMEZONES, { error: 'Please choose a timezone' }),
    language: z.enum(SETTINGS_LANGUAGES, { error: 'Please choose a language' }),
    dateFormat: z.enum(SETTINGS_DATE_FORMATS, { error: 'Please choose a date format' }),
  })
  .strict();
export type AccountSettings = z.output<typeof accountSettingsSchema>;
export type AccountSettingsInput = z.input<typeof accountSettingsSchema>;

/** The organization types settings offer (docs/product/validation.md, Settings). */
export const SETTINGS_ORGANIZATION_TYPES = ['non-profit', 'political', 'business', 'other'] as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const MAX_ORGANIZATION_IMAGE_BYTES = 512 * 1024;
export const ORGANIZATION_IMAGE_TOO_LARGE = 'Logo and favicon must be less than 512KB';
// A data URL of a raster image: the row keeps it, and the frame shows it without another request.
// SVG is left out because it can carry script.
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|gif|webp|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/]+=*$/;
const imageDataUrl = z
  .string({ error: 'Please select an image file' })
  // Base64 is 4/3 of the bytes, plus the short prefix.
  .max(Math.ceil((MAX_ORGANIZATION_IMAGE_BYTES * 4) / 3) + 64, ORGANIZATION_IMAGE_TOO_LARGE)
  .regex(IMAGE_DATA_URL, 'Please select an image file')
  .nullable();

export const organizationSettingsSchema = z
  .object({
    name: signupFields.shape.organizationName,
    type: z.enum(SETTINGS_ORGANIZATION_TYPES, { error: 'Organization type is required' }),
    website: optionalText(255, 'Website').refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
      error: 'Please enter a website address starting with http:// or https://',
    }),
    description: optionalText(2000, 'Description', { multiline: true }),
    street: optionalText(255, 'Street'),
    city: optionalText(100, 'City'),
    state: optionalText(100, 'State'),
    zip: optionalText(20, 'ZIP'),
    country: z.enum(SETTINGS_COUNTRIES, { error: 'Please choose a country' }),
    taxId: optionalText(50, 'Tax ID'),
    /**
     * The workspace's timezone: where its days and years turn for the figures every member shares
     * ("this year" on a donor record, compliance dates, date rules of smart lists), and the timezone
     * of members who have not chosen their own. Optional on save (unchanged when left out).
     */
    timezone: z.enum(SETTINGS_TIMEZONES, { error: 'Please choose a timezone' }).optional(),
    primaryColor: z.string({ error: 'Please choose a color' }).regex(HEX_COLOR, 'Please choose a color'),
    secondaryColor: z.string({ error: 'Please choose a color' }).regex(HEX_COLOR, 'Please choose a color'),
    logo: imageDataUrl,
    favicon: imageDataUrl,
  })
  .strict();
export type OrganizationSettings = z.output<typeof organizationSettingsSchema>;
export type OrganizationSettingsInput = z.input<typeof organizationSettingsSchema>;

/** Password change: the current password, and a new one under the signup's password rule. */
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024, 'Password is too long'),
  newPassword: signupFields.shape.password,
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const PASSWORD_CHANGED = 'Password updated. Other sessions were signed out.';
export const OTHER_SESSIONS_SIGNED_OUT = 'Other sessions were signed out.';

/** data of POST /api/settings/password and POST /api/settings/sessions/sign-out-others */
export type SessionsSignedOut = { message: string; signedOut: number };

/** One row of the active sessions list (GET /api/settings/sessions). */
export type ActiveSession = {
  id: string;
  browser: string;
  os: string;
  ip: string | null;
  createdAt: string | null;
  lastActiveAt: string | null;
  current: boolean;
};
export type ActiveSessionsResponse = { sessions: ActiveSession[] };

/**
 * Per-user choices, each honoured by an email the product sends (docs/product/first-run-and-settings.md: nothing pretends):
 * - emailNotifications (Account page): the switch over every notice below; security emails have
 *   their own switches;
 * - campaignUpdates: a campaign reached its goal (the donation recorded that took it there);
 * - newDonations: a colleague recorded a donation (the person who recorded it is not told);
 * - loginAlertNewBrowser, loginAlertPasswordChanged (Security page).
 * The sample settings' push notifications, event reminders and weekly or daily summaries are not
 * offered: the product has no push channel and no scheduled sender, so a switch would change nothing.
 * Every key is optional on save, so each page sends only its own.
 */
export const NOTIFICATION_PREFERENCE_KEYS = [
  'emailNotifications',
  'campaignUpdates',
  'newDonations',
  'loginAlertNewBrowser',
  'loginAlertPasswordChanged',
] as const;
export type NotificationPreferenceKey = (typeof NOTIFICATION_PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<NotificationPreferenceKey, boolean>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  campaignUpdates: true,
  newDonations: true,
  loginAlertNewBrowser: true,
  loginAlertPasswordChanged: true,
};

const onOff = z.boolean({ error: 'Must be true or false' }).optional();
export const notificationPreferencesSchema = z
  .object(Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, onOff])) as Record<NotificationPreferenceKey, typeof onOff>)
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'Nothing to save' });
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

/** What the frame needs on every page (GET /api/settings/workspace). */
export type Workspace = {
  organizationName: string;
  logo: string | null;
  primaryColor: string;
  timezone: string;
  dateFormat: SettingsDateFormat;
  language: string;
  subscription: { status: string | null; readOnly: boolean; message: string | null };
};

export const READ_ONLY_CANCELED =
  'Your subscription has ended, so this workspace is read-only. Renew it in Settings > Payment to make changes; your data is kept and exports still work.';
export const READ_ONLY_UNPAID =
  'Your subscription payment is overdue, so this workspace is read-only. Renew it in Settings > Payment to make changes; your data is kept and exports still work.';
/** Days a past_due or unpaid subscription keeps full access after its period ended. */
export const PAYMENT_GRACE_DAYS = 7;

/** One payment of the subscription (a completed checkout). */
export type Invoice = { id: string; date: string | null; planName: string; amount: number; currency: string; status: string };

/** data of GET /api/settings/billing */
export type BillingOverview = {
  subscription: {
    planId: string;
    planName: string;
    price: number;
    currency: string;
    status: string;
    renewsAt: string | null;
    cancelAtPeriodEnd: boolean;
    provider: string;
  } | null;
  readOnly: boolean;
  invoices: Invoice[];
  /** Stripe is configured and the subscription has a Stripe customer: "Manage billing" opens its portal. */
  portalAvailable: boolean;
};

export const billingPortalSchema = z.object({ returnUrl: z.string().max(2048).optional() }).strict();
export const planCheckoutSchema = z
  .object({
    planId: z.string({ error: PLAN_REQUIRED }).trim().min(1, PLAN_REQUIRED).max(32, PLAN_REQUIRED),
  })
  .strict();
export type PlanCheckoutInput = z.input<typeof planCheckoutSchema>;
/** data of POST /api/settings/billing/portal */
export type BillingRedirect = { url: string };
/**
 * data of POST /api/settings/billing/checkout: `url` is the checkout to pay at; null when the plan
 * changed at once (nothing to pay now), and `message` says what happened or what will be charged.
 */
export type PlanCheckoutResult = { url: string | null; message: string };

/** Stripe's subscription statuses; the local checkout uses the same words. */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Paid for the current period: a plan change changes it; renewing it is refused (one bill a period). */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const satisfies readonly SubscriptionStatus[];
/** Lapsed: "Renew plan" starts a new month's subscription that replaces it. */
export const RENEWABLE_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired', 'past_due', 'unpaid'] as const satisfies readonly SubscriptionStatus[];
export const RENEW_NOT_NEEDED = 'This subscription is active and paid for the current period; there is nothing to renew.';
export const PLAN_CHANGE_PENDING_PAYMENT = "This subscription's first payment is not complete yet; try again once it is active.";
