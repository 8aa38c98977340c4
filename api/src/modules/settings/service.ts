import { createHash } from 'node:crypto';
import { changedFields, recordAudit } from '../../lib/audit';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_TIMEZONE,
  NOTIFICATION_PREFERENCE_KEYS,
  OTHER_SESSIONS_SIGNED_OUT,
  PASSWORD_CHANGED,
  PAYMENT_GRACE_DAYS,
  PLAN_CHANGE_PENDING_PAYMENT,
  RENEW_NOT_NEEDED,
  READ_ONLY_CANCELED,
  READ_ONLY_UNPAID,
  SETTINGS_COUNTRIES,
  SETTINGS_DATE_FORMATS,
  SETTINGS_LANGUAGES,
  SETTINGS_TIMEZONES,
  emailChangeSent,
  planTooSmallMessage,
  type AccountSettings,
  type AccountSettingsView,
  type AccountUpdate,
  type ActiveSessionsResponse,
  type BillingOverview,
  type BillingRedirect,
  type PlanCheckoutResult,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type OrganizationSettings,
  type SessionsSignedOut,
  type SettingsDateFormat,
  type Workspace,
} from '../../contract';
import { toBool, toIsoDateTime, toMoney } from '../../db/values';
import { BadRequest, Conflict, HttpError, NotFound, Unauthorized } from '../../http/errors';
import type { AuthState } from '../../http/types';
import { isId } from '../../lib/ids';
import type { PasswordHasher } from '../auth/passwords';
import type { Mailer } from '../email';
import type { PaymentProvider } from '../billing/providers';
import { isActiveStatus, isRenewableStatus, oneMonthAfter, oneMonthBefore, proratedDifference, type CheckoutPurpose } from '../billing/planChange';
import type { BillingRepository } from '../billing/repository';
import { absoluteUrl, withSessionIdPlaceholder } from '../billing/returnUrls';
import { EMAIL_IN_USE, type EmailChangeClient, type EmailChangeService } from './emailChange';
import type { SettingsRepository, SubscriptionRow } from './repository';
import { readPreferences, regionalOf, oneOf, type Regional } from './preferences';
import { browserKey, parseUserAgent } from './userAgent';

export { EMAIL_IN_USE } from './emailChange';
export const SESSION_NOT_FOUND = 'Session not found';
export const PORTAL_UNAVAILABLE = 'Billing is managed in Caucus for this workspace: choose a plan below.';
export const PLAN_NOT_FOUND = 'Selected plan not found';
export const NO_SUBSCRIPTION = 'This workspace has no subscription yet.';
export const STRIPE_PLAN_CHANGE_UNAVAILABLE = 'This plan cannot be changed here: open Manage billing to change it.';
export const STRIPE_OVERDUE_AT_STRIPE = "Stripe is still collecting this subscription's overdue payment: pay it under Manage billing.";

/** The part of the Stripe SDK a plan change uses; tests hand in a fake with the same shape. */
export type StripeSubscriptionClient = {
  subscriptions: {
    retrieve(id: string): Promise<{ id: string; items: { data: Array<{ id: string }> } }>;
    update(id: string, params: Stripe.SubscriptionUpdateParams): Promise<{ id: string }>;
  };
};

function dollars(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
}

/** The part of the Stripe SDK "Manage billing" uses; tests hand in a fake with the same shape. */
export type StripePortalClient = {
  billingPortal: { sessions: { create(params: Stripe.BillingPortal.SessionCreateParams): Promise<{ url: string }> } };
};

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

export { regionalOf } from './preferences';

export type AccessState = { status: string | null; readOnly: boolean; message: string | null };

/**
 * Cancelled (or expired before it ever started) is read-only at once; past_due and unpaid keep full
 * access for a grace period after the paid period ended, so a card that failed once does not lock
 * the committee out the same day. An account without any subscription row was not created through
 * checkout (an operator's or an old seed's) and is not locked.
 */
export function accessOf(subscription: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd'> | undefined, now: Date): AccessState {
  if (!subscription) return { status: null, readOnly: false, message: null };
  const { status } = subscription;
  if (status === 'canceled' || status === 'incomplete_expired') return { status, readOnly: true, message: READ_ONLY_CANCELED };
  if (status === 'past_due' || status === 'unpaid') {
    const periodEnd = toIsoDateTime(subscription.currentPeriodEnd as string);
    const graceEnds = periodEnd ? Date.parse(periodEnd) + PAYMENT_GRACE_DAYS * 24 * 3600 * 1000 : 0;
    if (graceEnds <= now.getTime()) return { status, readOnly: true, message: READ_ONLY_UNPAID };
  }
  return { status, readOnly: false, message: null };
}

export function createSettingsService(deps: {
  repo: SettingsRepository;
  billingRepo: BillingRepository;
  hasher: PasswordHasher;
  mailer: Mailer;
  provider: PaymentProvider;
  portal: StripePortalClient | undefined;
  emailChange: EmailChangeService;
  /** Stripe's subscriptions API (plan changes with proration); undefined without a Stripe key. */
  stripeSubscriptions?: StripeSubscriptionClient;
  config: Pick<AppConfig, 'publicUrl'> & Partial<Pick<AppConfig, 'stripePriceIds'>>;
  now?: () => Date;
}) {
  const { repo, billingRepo, hasher, mailer, provider, portal, emailChange, stripeSubscriptions, config } = deps;
  const now = deps.now ?? (() => new Date());

  async function profileOf(userId: string) {
    const profile = await repo.findProfile(userId);
    if (!profile) throw new Unauthorized();
    return profile;
  }

  async function organizationOf(accountId: string) {
    const organization = await repo.findOrganization(accountId);
    // The session was checked a moment ago; an account gone since is a signed-out state.
    if (!organization) throw new Unauthorized();
    return organization;
  }

  async function accessState(accountId: string): Promise<AccessState> {
    return accessOf(await repo.currentSubscription(accountId), now());
  }


  type PlanRow = NonNullable<Awaited<ReturnType<BillingRepository['findPlan']>>>;

  async function startCheckout(
    auth: AuthState,
    plan: PlanRow,
    siteUrl: string,
    what: { purpose: CheckoutPurpose; amount: number; subscriptionId?: string; fromPlanId?: string },
  ): Promise<PlanCheckoutResult> {
    const profile = await profileOf(auth.userId);
    const successUrl = withSessionIdPlaceholder('/dashboard/settings/payment?checkout={CHECKOUT_SESSION_ID}');
    const cancelUrl = '/dashboard/settings/payment';
    const external = provider.name === 'stripe';
    const created = await provider.createCheckout({
      plan: { id: plan.id, name: plan.name, price: what.amount, currency: plan.currency, priceId: config.stripePriceIds?.[plan.id] ?? plan.stripePriceId },
      customerEmail: profile.email,
      successUrl: external ? absoluteUrl(successUrl, siteUrl) : successUrl,
      cancelUrl: external ? absoluteUrl(cancelUrl, siteUrl) : cancelUrl,
      accountId: auth.accountId,
      userId: auth.userId,
      metadata: { purpose: what.purpose },
    });
    await billingRepo.insertCheckoutSession(
      {
        id: created.id,
        accountId: auth.accountId,
        userId: auth.userId,
        planId: plan.id,
        provider: provider.name,
        status: 'open',
        amount: what.amount,
        currency: plan.currency,
        customerEmail: profile.email,
        url: created.url,
        successUrl,
        cancelUrl,
        expiresAt: created.expiresAt,
        purpose: what.purpose,
        subscriptionId: what.subscriptionId ?? null,
        fromPlanId: what.fromPlanId ?? null,
      },
      now(),
    );
    const message =
      what.purpose === 'plan_change'
        ? `${dollars(what.amount)} now for ${plan.name} for the rest of this period; then ${dollars(toMoney(plan.priceMonthly))}/month.`
        : `${dollars(what.amount)}/month for ${plan.name}.`;
    return { url: created.url, message };
  }

  /** Stripe prorates the change itself (and invoices the difference at once); the local row follows. */
  async function changeAtStripe(auth: AuthState, current: SubscriptionRow, plan: PlanRow): Promise<PlanCheckoutResult> {
    const priceId = config.stripePriceIds?.[plan.id] ?? plan.stripePriceId;
    if (!stripeSubscriptions || !current.providerSubscriptionId || !priceId) throw new HttpError(409, STRIPE_PLAN_CHANGE_UNAVAILABLE);
    const remote = await stripeSubscriptions.subscriptions.retrieve(current.providerSubscriptionId);
    const item = remote.items.data[0];
    if (!item) throw new HttpError(409, STRIPE_PLAN_CHANGE_UNAVAILABLE);
    await stripeSubscriptions.subscriptions.update(current.providerSubscriptionId, {
      items: [{ id: item.id, price: priceId }],
      proration_behavior: 'always_invoice',
      // A declined difference leaves the subscription as it was instead of past due.
      payment_behavior: 'error_if_incomplete',
      metadata: { planId: plan.id },
    });
    await billingRepo.transaction((trx) =>
      billingRepo.changeSubscriptionPlan(trx, { accountId: auth.accountId, subscriptionId: current.id, fromPlanId: current.planId, toPlanId: plan.id }, now()),
    );
    return { url: null, message: `Your plan is now ${plan.name}. Stripe charges the prorated difference for the rest of this period.` };
  }

  /** The local checkout: the difference for what is left of the paid period, or nothing for a cheaper plan. */
  async function changeLocally(auth: AuthState, current: SubscriptionRow, plan: PlanRow, siteUrl: string): Promise<PlanCheckoutResult> {
    const at = now();
    const recordedEnd = toIsoDateTime(current.currentPeriodEnd as string);
    const started = toIsoDateTime(current.createdAt as string);
    const periodEnd = recordedEnd ? new Date(recordedEnd) : oneMonthAfter(started ? new Date(started) : at);
    const difference = proratedDifference({
      fromPrice: toMoney(current.priceMonthly),
      toPrice: toMoney(plan.priceMonthly),
      periodStart: oneMonthBefore(periodEnd),
      periodEnd,
      now: at,
    });
    if (difference > 0) {
      return startCheckout(auth, plan, siteUrl, { purpose: 'plan_change', amount: difference, subscriptionId: current.id, fromPlanId: current.planId });
    }
    await billingRepo.transaction((trx) =>
      billingRepo.changeSubscriptionPlan(trx, { accountId: auth.accountId, subscriptionId: current.id, fromPlanId: current.planId, toPlanId: plan.id }, at),
    );
    return {
      url: null,
      message: `Your plan is now ${plan.name}. This period is already paid, so nothing is charged now; ${dollars(toMoney(plan.priceMonthly))}/month applies from the next period.`,
    };
  }

  return {
    accessState,

    async account(auth: AuthState): Promise<AccountSettingsView> {
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
    },

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
      const saved = await this.account(auth);
      return newEmail ? { ...saved, message: emailChangeSent(newEmail) } : saved;
    },

    async organization(auth: AuthState): Promise<OrganizationSettings> {
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
    },

    async updateOrganization(auth: AuthState, input: OrganizationSettings): Promise<OrganizationSettings> {
      const current = await organizationOf(auth.accountId);
      const blankToNull = (value: string) => (value === '' ? null : value);
      const before = auditedOrganization(await this.organization(auth));
      const after = auditedOrganization({ ...input, primaryColor: input.primaryColor.toLowerCase(), secondaryColor: input.secondaryColor.toLowerCase() });
      await repo.transaction(async (trx) => {
        const changed = changedFields(before, after);
        if (changed) {
          await recordAudit(trx, { accountId: auth.accountId, actor: { userId: auth.userId, sessionId: auth.sessionId }, entityType: 'settings', entityId: auth.accountId, action: 'organization', ...changed });
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
      return this.organization(auth);
    },

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
          createdAt: toIsoDateTime(row.createdAt as string),
          lastActiveAt: toIsoDateTime(row.lastUsedAt as string),
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
      await repo.transaction((trx) => mailer.send(trx, {
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
      }));
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

    async billing(auth: AuthState): Promise<BillingOverview> {
      const [subscription, payments] = await Promise.all([repo.currentSubscription(auth.accountId), repo.payments(auth.accountId)]);
      const access = accessOf(subscription, now());
      return {
        subscription: subscription
          ? {
              planId: subscription.planId,
              planName: subscription.planName,
              price: toMoney(subscription.priceMonthly),
              currency: subscription.currency,
              status: subscription.status,
              renewsAt: toIsoDateTime(subscription.currentPeriodEnd as string),
              cancelAtPeriodEnd: toBool(subscription.cancelAtPeriodEnd),
              provider: subscription.provider,
            }
          : null,
        readOnly: access.readOnly,
        invoices: payments.map((payment) => ({
          id: payment.id,
          date: toIsoDateTime(payment.completedAt as string),
          planName: payment.planName,
          amount: toMoney(payment.amount),
          currency: payment.currency,
          status: 'paid',
        })),
        portalAvailable: Boolean(portal && subscription?.provider === 'stripe' && subscription.providerCustomerId),
      };
    },

    /** Stripe's customer portal for the account's Stripe customer (card, invoices, plan, cancel). */
    async billingPortal(auth: AuthState, siteUrl: string): Promise<BillingRedirect> {
      const subscription = await repo.currentSubscription(auth.accountId);
      if (!portal || !subscription || subscription.provider !== 'stripe' || !subscription.providerCustomerId) {
        throw new HttpError(409, PORTAL_UNAVAILABLE);
      }
      const session = await portal.billingPortal.sessions.create({
        customer: subscription.providerCustomerId,
        return_url: `${siteUrl}/dashboard/settings/payment`,
      });
      return { url: session.url };
    },

    /**
     * "Change plan" and "Renew plan" (docs in ../billing/planChange.ts): one bill per period. No
     * subscription or a lapsed one: a checkout for a month. An active one: renewing is refused (409) and
     * a plan change changes that subscription, prorated by Stripe or, locally, for the difference only.
     */
    async planCheckout(auth: AuthState, planId: string, siteUrl: string): Promise<PlanCheckoutResult> {
      const plan = await billingRepo.findPlan(planId);
      if (!plan) throw new NotFound(PLAN_NOT_FOUND);
      // A plan with fewer seats than the team uses: who leaves is the owner's choice, made first.
      const inUse = await repo.seatsInUse(auth.accountId, now());
      if (inUse.members + inUse.invitations > Number(plan.users)) {
        const message = planTooSmallMessage(plan.name, Number(plan.users), inUse.members, inUse.invitations);
        throw new HttpError(409, message, { team: message });
      }
      const current = await repo.currentSubscription(auth.accountId);
      if (!current) return startCheckout(auth, plan, siteUrl, { purpose: 'subscribe', amount: toMoney(plan.priceMonthly) });
      if (isRenewableStatus(current.status)) {
        // Stripe retries a past-due invoice itself: a second subscription would bill the same months twice.
        if (current.provider === 'stripe' && (current.status === 'past_due' || current.status === 'unpaid')) {
          throw new HttpError(409, STRIPE_OVERDUE_AT_STRIPE);
        }
        return startCheckout(auth, plan, siteUrl, { purpose: 'renewal', amount: toMoney(plan.priceMonthly), subscriptionId: current.id });
      }
      if (!isActiveStatus(current.status)) throw new HttpError(409, PLAN_CHANGE_PENDING_PAYMENT);
      if (current.planId === plan.id) throw new HttpError(409, RENEW_NOT_NEEDED);
      return current.provider === 'stripe' ? changeAtStripe(auth, current, plan) : changeLocally(auth, current, plan, siteUrl);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
