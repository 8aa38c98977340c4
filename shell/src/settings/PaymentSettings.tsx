import { Badge, Tabs } from '@caucus/design-system';
import { SettingsPage } from './SettingsPage';
import styles from './Settings.module.css';

// Fixed sample data: the spec's payment settings show no account data and make no calls.
export const SAMPLE_PLAN = {
  name: 'Professional',
  price: '$49/month',
  renews: 'December 1, 2026',
  features: ['Unlimited contacts', 'Campaign and event management', 'Smart contact lists', 'Data import and reports'],
};

// Caucus keeps no card, billing name or address, and no invoices: the card and the billing details
// are entered on the payment provider's checkout page and stay with the provider (issue 13: nothing
// shows a card or an invoice that does not exist). These tabs say so instead of showing samples.
export const SUPPORT_EMAIL = 'support@caucus.app';
export const NO_STORED_CARD =
  "Caucus does not store cards. A card is entered on the payment provider's secure checkout page when you subscribe, and the provider keeps it.";
export const BILLING_AT_PROVIDER =
  "Your billing name, email and address are the ones given on the payment provider's checkout page. Caucus does not store or change them.";
export const NO_INVOICES = 'Invoices are not listed in Caucus yet.';

function AskSupport({ about }: { about: string }) {
  return (
    <p className={styles.itemText}>
      {about} write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
    </p>
  );
}

function PaymentMethods() {
  return (
    <section className={styles.group} aria-labelledby="payment-methods-heading">
      <h2 id="payment-methods-heading" className={styles.groupTitle}>
        Payment Methods
      </h2>
      <p className={styles.itemText}>{NO_STORED_CARD}</p>
      <AskSupport about="To change the card you pay with," />
    </section>
  );
}

function Billing() {
  return (
    <section className={styles.group} aria-labelledby="billing-heading">
      <h2 id="billing-heading" className={styles.groupTitle}>
        Billing Information
      </h2>
      <p className={styles.itemText}>{BILLING_AT_PROVIDER}</p>
      <AskSupport about="To change them," />
    </section>
  );
}

function Subscription() {
  return (
    <div className={styles.plan}>
      <p className={styles.itemText}>Current plan</p>
      <p className={styles.planName}>
        {SAMPLE_PLAN.name} <Badge tone="success" size="sm">Active</Badge>
      </p>
      <p className={styles.planPrice}>{SAMPLE_PLAN.price}</p>
      <p className={styles.itemText}>Renews on {SAMPLE_PLAN.renews}</p>
      <ul className={styles.features}>
        {SAMPLE_PLAN.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </div>
  );
}

function Invoices() {
  return (
    <section className={styles.group} aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className={styles.groupTitle}>
        Invoices
      </h2>
      <p className={styles.itemText}>{NO_INVOICES}</p>
      <AskSupport about="For a copy of an invoice," />
    </section>
  );
}

export function PaymentSettings() {
  return (
    <SettingsPage title="Payment Settings" subtitle="Payment methods, billing details, subscription and invoices.">
      <Tabs
        label="Payment settings"
        items={[
          { id: 'methods', label: 'Payment Methods', content: <PaymentMethods /> },
          { id: 'billing', label: 'Billing', content: <Billing /> },
          { id: 'subscription', label: 'Subscription', content: <Subscription /> },
          { id: 'invoices', label: 'Invoices', content: <Invoices /> },
        ]}
      />
    </SettingsPage>
  );
}
