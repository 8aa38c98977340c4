import { z } from 'zod';
import {
  accountUpdateSchema,
  emailChangeConfirmSchema,
  emailChangeUndoSchema,
  billingPortalSchema,
  notificationPreferencesSchema,
  NOTIFICATION_PREFERENCE_KEYS,
  organizationSettingsSchema,
  passwordChangeSchema,
  planCheckoutSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorRequirementSchema,
  twoFactorSetupInputSchema,
} from '@caucus/contract';
import { emailChangeResultSchema } from '@caucus/contract/emailChange.responses';
import { twoFactorEnabledSchema, twoFactorSetupSchema, twoFactorStatusSchema } from '@caucus/contract/twoFactor.responses';
import { describeRoutes } from '../../openapi/describe';

const text = z.string();
const nullableText = z.string().nullable();
const signedOutSchema = z.object({ message: text, signedOut: z.number() });
const accessSchema = z.object({ status: nullableText, readOnly: z.boolean(), message: nullableText });
const notificationsSchema = z.object(Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, z.boolean()])));
const redirectSchema = z.object({ url: text });
// What the reads answer (the request schemas trim and lower-case, which an output schema cannot say).
const accountSchema = z.object({
  firstName: text,
  lastName: text,
  email: text,
  phone: text,
  timezone: text,
  language: text,
  dateFormat: text,
  pendingEmail: nullableText.meta({ description: 'A new email waiting for the link sent to it; the sign-in email is still `email`' }),
});
const accountSavedSchema = accountSchema.extend({
  message: text.optional().meta({ description: 'When the save started an email change: "Check <new address> to confirm the change..."' }),
});
const organizationSchema = z.object({
  name: text,
  type: text,
  website: text,
  description: text,
  street: text,
  city: text,
  state: text,
  zip: text,
  country: text,
  taxId: text,
  timezone: text,
  primaryColor: text,
  secondaryColor: text,
  logo: nullableText,
  favicon: nullableText,
});

export const emailChangeApi = describeRoutes('Auth', {
  'POST /api/auth/email-change/confirm': {
    summary: 'Confirm a new sign-in email with the link sent to it',
    description:
      'The token of the link emailed to the new address (single use, 24 hours); the email changes now. 400 for an invalid, used, superseded or expired link; 409 when the address was taken meanwhile. Wrong links are rate limited per IP.',
    access: 'public',
    body: emailChangeConfirmSchema,
    data: emailChangeResultSchema,
  },
  'POST /api/auth/email-change/undo': {
    summary: 'Undo an email change with the link sent to the old address, and lock out whoever made it',
    description:
      'The token of the link emailed to the old address (single use, 7 days, whether or not the change was confirmed) and a new password. Restores the old email, cancels open confirm links, signs out every session, spends open reset links, turns two-factor sign-in off and sets the new password: whoever changed the email knew the old password. Wrong links are rate limited per IP.',
    access: 'public',
    body: emailChangeUndoSchema,
    data: emailChangeResultSchema,
  },
});

export const settingsApi = describeRoutes('Settings', {
  'GET /api/settings/workspace': {
    summary: 'What the frame shows',
    description:
      "The organization's name, logo and color; the signed-in user's timezone, date format and language (their own, else the workspace's); and whether the workspace is read-only.",
    data: z.object({
      organizationName: text,
      logo: nullableText,
      primaryColor: text,
      timezone: text,
      dateFormat: text,
      language: text,
      subscription: accessSchema,
    }),
  },
  'GET /api/settings/account': { summary: "The user's profile and regional preferences (the workspace's until they choose their own)", data: accountSchema },
  'PUT /api/settings/account': {
    summary: 'Save the account settings',
    description:
      "Name and phone, and the timezone, language and date format of the signed-in user (their own: the workspace and its other members keep theirs), saved at once. A different email needs currentPassword (and twoFactorCode when two-factor sign-in is on; 400 naming the field otherwise) and does not change yet: a single-use link valid 24 hours goes to the new address (POST /api/auth/email-change/confirm), and the old address is told, with a link that undoes the change for 7 days (POST /api/auth/email-change/undo). 409 when the email belongs to another user; 429 after 5 changes in an hour or too many wrong passwords (the login's limit).",
    body: accountUpdateSchema,
    data: accountSavedSchema,
  },
  'GET /api/settings/organization': { summary: "The organization's profile", data: organizationSchema },
  'PUT /api/settings/organization': {
    summary: "Save the organization's profile",
    description:
      "Logo and favicon are data URLs of raster images up to 512KB; null removes them. timezone is the workspace's: where its days and years begin for shared figures, and the default of members who have not chosen their own (left out: unchanged).",
    body: organizationSettingsSchema,
    data: organizationSchema,
  },
  'POST /api/settings/password': {
    summary: 'Change the password',
    description:
      'Verifies the current password (400 when wrong; a wrong one counts as a failed sign-in of the address, 429 past the login limit), applies the password rule, and signs out every other session of the user.',
    body: passwordChangeSchema,
    data: signedOutSchema,
  },
  'GET /api/settings/sessions': {
    summary: "The user's active sessions",
    data: z.object({
      sessions: z.array(
        z.object({ id: text, browser: text, os: text, ip: nullableText, createdAt: nullableText, lastActiveAt: nullableText, current: z.boolean() }),
      ),
    }),
  },
  'POST /api/settings/sessions/sign-out-others': { summary: 'Sign out everywhere else', data: signedOutSchema },
  'DELETE /api/settings/sessions/:sessionId': {
    summary: 'Sign out one session',
    description: "404 for a session that is not the user's or has already ended.",
    data: z.object({ signedOut: z.literal(true) }),
  },
  'GET /api/settings/two-factor': {
    summary: "The user's two-factor sign-in and the account's requirement",
    data: twoFactorStatusSchema,
  },
  'POST /api/settings/two-factor/setup': {
    summary: 'Start setting up two-factor sign-in',
    description:
      'Needs the current password (400 naming currentPassword when missing or wrong; a wrong one counts as a failed sign-in of the address, 429 past the login limit), so a session alone cannot enrol an authenticator. A new TOTP secret, pending until confirmed, with its otpauth URL and QR code (drawn by the server). 409 when it is already on.',
    body: twoFactorSetupInputSchema,
    data: twoFactorSetupSchema,
  },
  'POST /api/settings/two-factor/confirm': {
    summary: 'Turn two-factor sign-in on with a first code',
    description: 'Answers ten one-time recovery codes, shown only this once (stored hashed). Wrong codes are rate limited like the password.',
    body: twoFactorCodeSchema,
    data: twoFactorEnabledSchema,
  },
  'POST /api/settings/two-factor/disable': {
    summary: 'Turn two-factor sign-in off',
    description:
      'Needs the password (a wrong one counts as a failed sign-in of the address, 429 past the login limit) and a current code or an unused recovery code.',
    body: twoFactorDisableSchema,
    data: z.object({ message: text }),
  },
  'PUT /api/settings/two-factor/requirement': {
    summary: 'Require two-factor sign-in for every user of the account',
    description:
      "Account owner only (403 otherwise); the owner's own two-factor sign-in must be on to require it (409). Users without it may then only enroll: other writes answer 403.",
    body: twoFactorRequirementSchema,
    data: twoFactorStatusSchema.extend({ message: text }),
  },
  'GET /api/settings/notifications': { summary: "The user's notification and login-alert preferences", data: notificationsSchema },
  'PUT /api/settings/notifications': {
    summary: 'Save notification preferences',
    description:
      'Only the keys sent change. Each is an email the product sends: emailNotifications gates campaignUpdates (a campaign reached its goal) and newDonations (a colleague recorded a donation); loginAlertNewBrowser and loginAlertPasswordChanged are the security emails.',
    body: notificationPreferencesSchema,
    data: notificationsSchema,
  },
  'GET /api/settings/billing': {
    summary: 'Plan, status, renewal and invoices',
    description: "From the account's newest subscription and its completed payments; nothing that does not exist.",
    data: z.object({
      subscription: z
        .object({
          planId: text,
          planName: text,
          price: z.number(),
          currency: text,
          status: text,
          renewsAt: nullableText,
          cancelAtPeriodEnd: z.boolean(),
          provider: text,
        })
        .nullable(),
      readOnly: z.boolean(),
      invoices: z.array(z.object({ id: text, date: nullableText, planName: text, amount: z.number(), currency: text, status: text })),
      portalAvailable: z.boolean(),
    }),
  },
  'POST /api/settings/billing/portal': {
    summary: "Open Stripe's customer portal",
    description: 'The address of a portal session for the Stripe customer; 409 when billing is not with Stripe.',
    body: billingPortalSchema,
    data: redirectSchema,
  },
  'POST /api/settings/billing/checkout': {
    summary: 'Subscribe, renew or change the plan',
    description:
      'No subscription, or a cancelled, expired or past-due one: a checkout for a month (the local checkout page offline, Stripe Checkout when configured), url to go to. An active subscription is never billed twice for a period: renewing it answers 409; a plan change with Stripe is prorated by Stripe (url null), locally a checkout for the difference over the rest of the period, or no charge (url null) for a cheaper plan.',
    body: planCheckoutSchema,
    data: z.object({ url: nullableText, message: text }),
  },
});
