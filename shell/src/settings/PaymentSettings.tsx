import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge, Button, ErrorState, Select, Spinner, Tabs } from '@caucus/design-system';
import { api, ApiError, formatAmount, toast, useQuery, useQueryClient } from '@caucus/platform';
import { ACTIVE_SUBSCRIPTION_STATUSES, RENEWABLE_SUBSCRIPTION_STATUSES } from '@caucus/contract';
import type { BillingOverview, BillingRedirect, CheckoutVerified, PlanCheckoutResult, PlansResponse } from '@caucus/contract';
import { SettingsPage } from './SettingsPage';
import { settingsKeys, useBilling } from './settingsApi';
import styles from './Settings.module.css';

// Caucus keeps no card, billing name or address: the card and the billing details are entered on the
// payment provider's pages and stay with the provider (nothing shows a card or an invoice that does
// not exist: docs/product/first-run-and-settings.md, Settings). The plan, status, renewal and
// payments are the billing tables' own.
export const SUPPORT_EMAIL = 'support@caucus.app';
export const NO_STORED_CARD =
  "Caucus does not store cards. A card is entered on the payment provider's secure checkout page when you subscribe, and the provider keeps it.";
export const BILLING_AT_PROVIDER =
  "Your billing name, email and address are the ones given on the payment provider's checkout page. Caucus does not store or change them.";
export const NO_INVOICES = 'No payments have been recorded for this workspace yet.';
export const NO_SUBSCRIPTION = 'This workspace has no subscription.';
export const PLAN_CHANGE_PAID = 'Payment received';
export const PLAN_CHANGE_PRORATED =
  'Your plan is paid for this period: a more expensive plan costs only the difference for the rest of it, and a cheaper one applies at once at no charge.';

const STATUS_LABELS: Record<string, { label: string; tone: 'success' | 'warning' | 'danger' | 'neutral' }> = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trial', tone: 'success' },
  past_due: { label: 'Payment overdue', tone: 'warning' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
  canceled: { label: 'Canceled', tone: 'danger' },
  incomplete: { label: 'Incomplete', tone: 'warning' },
  incomplete_expired: { label: 'Expired', tone: 'danger' },
};

/** Leaving the app for the provider's page (a seam tests replace: jsdom cannot navigate). */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

function formatDay(iso: string | null): string | null {
  return iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : null;
}

function AskSupport({ about }: { about: string }) {
  return (
    <p className={styles.itemText}>
      {about} write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
    </p>
  );
}

function ManageBilling({ billing, about }: { billing: BillingOverview; about: string }) {
  const [opening, setOpening] = useState(false);
  if (!billing.portalAvailable) return <AskSupport about={about} />;
  const handleOpen = async () => {
    setOpening(true);
    try {
      browserNavigation.assign((await api.post<BillingRedirect>('/settings/billing/portal', {})).url);
    } catch (error) {
      toast.error('The billing portal could not be opened', error instanceof Error ? error.message : undefined);
    } finally {
      setOpening(false);
    }
  };
  return (
    <div className={styles.actions}>
      <Button onClick={handleOpen} loading={opening}>
        Manage billing
      </Button>
    </div>
  );
}

function PaymentMethods({ billing }: { billing: BillingOverview }) {
  return (
    <section className={styles.group} aria-labelledby="payment-methods-heading">
      <h2 id="payment-methods-heading" className={styles.groupTitle}>
        Payment Methods
      </h2>
      <p className={styles.itemText}>{NO_STORED_CARD}</p>
      <ManageBilling billing={billing} about="To change the card you pay with," />
    </section>
  );
}

function Billing({ billing }: { billing: BillingOverview }) {
  return (
    <section className={styles.group} aria-labelledby="billing-heading">
      <h2 id="billing-heading" className={styles.groupTitle}>
        Billing Information
      </h2>
      <p className={styles.itemText}>{BILLING_AT_PROVIDER}</p>
      <ManageBilling billing={billing} about="To change them," />
    </section>
  );
}

type CurrentSubscription = NonNullable<BillingOverview['subscription']>;

/**
 * Offline (no Stripe portal) a plan change or renewal goes through the checkout, like signup. One bill
 * a period: an active subscription offers only a change to another plan (the API charges the
 * difference, or nothing for a cheaper plan); "Renew plan" appears only once it is cancelled or overdue.
 */
function ChangePlan({ subscription }: { subscription: CurrentSubscription | null }) {
  const plans = useQuery({ queryKey: ['billing', 'plans'], queryFn: ({ signal }) => api.get<PlansResponse>('/billing/plans', { signal }) });
  const queryClient = useQueryClient();
  const active = subscription !== null && (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status);
  const renewable = subscription !== null && (RENEWABLE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status);
  const [planId, setPlanId] = useState(active ? '' : (subscription?.planId ?? ''));
  const [starting, setStarting] = useState(false);
  // A plan smaller than the team: the API names how many must go; who goes is chosen in Settings > Team.
  const [tooSmall, setTooSmall] = useState<string | null>(null);
  if (!plans.data) return null;
  if (subscription && !active && !renewable) return null;
  const choices = plans.data.plans.filter((plan) => !(active && plan.id === subscription?.planId));
  const handleCheckout = async () => {
    setStarting(true);
    setTooSmall(null);
    try {
      const result = await api.post<PlanCheckoutResult>('/settings/billing/checkout', { planId });
      if (result.url) {
        browserNavigation.assign(result.url);
        return;
      }
      toast.success('Plan changed', result.message);
      setPlanId('');
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    } catch (error) {
      const team = error instanceof ApiError && error.status === 409 ? (error.details as { team?: unknown } | undefined)?.team : undefined;
      if (typeof team === 'string') setTooSmall(team);
      else toast.error('The plan could not be changed', error instanceof Error ? error.message : undefined);
    } finally {
      setStarting(false);
    }
  };
  const action = !subscription ? 'Subscribe' : renewable && planId === subscription.planId ? 'Renew plan' : 'Change plan';
  return (
    <div className={styles.grid}>
      <Select
        label="Plan"
        placeholder="Select a plan"
        value={planId}
        onChange={(event) => setPlanId(event.target.value)}
        options={choices.map((plan) => ({ value: plan.id, label: `${plan.name} (${formatAmount(plan.price)}/month)` }))}
      />
      {active ? <p className={styles.itemText}>{PLAN_CHANGE_PRORATED}</p> : null}
      {tooSmall ? (
        <p className={styles.itemText} role="alert">
          {tooSmall} <Link to="/dashboard/settings/team">Choose who to remove</Link>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={handleCheckout} loading={starting} disabled={planId === ''}>
          {action}
        </Button>
      </div>
    </div>
  );
}

function Subscription({ billing }: { billing: BillingOverview }) {
  const subscription = billing.subscription;
  if (!subscription) {
    return (
      <div className={styles.plan}>
        <p className={styles.itemText}>{NO_SUBSCRIPTION}</p>
        <ChangePlan subscription={null} />
      </div>
    );
  }
  const status = STATUS_LABELS[subscription.status] ?? { label: subscription.status, tone: 'neutral' as const };
  const periodEnd = formatDay(subscription.renewsAt);
  return (
    <div className={styles.plan}>
      <p className={styles.itemText}>Current plan</p>
      <p className={styles.planName}>
        {subscription.planName}{' '}
        <Badge tone={status.tone} size="sm">
          {status.label}
        </Badge>
      </p>
      <p className={styles.planPrice}>{`${formatAmount(subscription.price, { currency: subscription.currency })}/month`}</p>
      {periodEnd ? (
        <p className={styles.itemText}>
          {subscription.status === 'canceled' || subscription.cancelAtPeriodEnd ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}
        </p>
      ) : null}
      {billing.portalAvailable ? <ManageBilling billing={billing} about="" /> : <ChangePlan subscription={subscription} />}
    </div>
  );
}

function Invoices({ billing }: { billing: BillingOverview }) {
  return (
    <section className={styles.group} aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className={styles.groupTitle}>
        Invoices
      </h2>
      {billing.invoices.length === 0 ? (
        <p className={styles.itemText}>{NO_INVOICES}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Plan</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {billing.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td>{formatDay(invoice.date) ?? ''}</td>
                <td>{invoice.planName}</td>
                <td>{formatAmount(invoice.amount, { currency: invoice.currency })}</td>
                <td>{invoice.status === 'paid' ? 'Paid' : invoice.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AskSupport about="For a receipt or a copy of an invoice," />
    </section>
  );
}

/** Back from the checkout with ?checkout=<id>: confirm the payment so the new plan applies now. */
function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const sessionId = params.get('checkout');
  useEffect(() => {
    if (!sessionId || handled.current) return;
    handled.current = true;
    api
      .get<CheckoutVerified>(`/billing/checkout-session/${encodeURIComponent(sessionId)}`)
      .then(
        () => toast.success(PLAN_CHANGE_PAID, 'Your subscription has been updated.'),
        (error: unknown) => toast.error('The payment could not be confirmed', error instanceof Error ? error.message : undefined),
      )
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
        setParams({}, { replace: true });
      });
  }, [sessionId, queryClient, setParams]);
}

export function PaymentSettings() {
  const billing = useBilling();
  useCheckoutReturn();
  return (
    <SettingsPage title="Payment Settings" subtitle="Payment methods, billing details, subscription and invoices.">
      {billing.data ? (
        <Tabs
          label="Payment settings"
          items={[
            { id: 'methods', label: 'Payment Methods', content: <PaymentMethods billing={billing.data} /> },
            { id: 'billing', label: 'Billing', content: <Billing billing={billing.data} /> },
            { id: 'subscription', label: 'Subscription', content: <Subscription billing={billing.data} /> },
            { id: 'invoices', label: 'Invoices', content: <Invoices billing={billing.data} /> },
          ]}
        />
      ) : billing.isError ? (
        <ErrorState title="Billing could not be loaded" error={billing.error} onRetry={() => void billing.refetch()} />
      ) : (
        <Spinner label="Loading billing" />
      )}
    </SettingsPage>
  );
}
