import { useState, type FormEvent } from 'react';
import { Badge, Button, Tabs, TextField } from '@caucus/design-system';
import { toast, useSession } from '@caucus/design-system/session';
import { FormSection, SettingsPage } from './SettingsPage';
import styles from './Settings.module.css';

// Fixed sample data: the spec's payment settings show no account data and make no calls.
export const SAMPLE_PLAN = {
  name: 'Professional',
  price: '$49/month',
  renews: 'December 1, 2026',
  features: ['Unlimited contacts', 'Campaign and event management', 'Smart contact lists', 'Data import and reports'],
};

type PaymentMethod = { id: string; brand: string; last4: string; expires: string };

const SAMPLE_METHODS: PaymentMethod[] = [
  { id: 'pm-1', brand: 'Visa', last4: '4242', expires: '12/2028' },
  { id: 'pm-2', brand: 'Mastercard', last4: '5454', expires: '06/2027' },
];

const SAMPLE_INVOICES = [
  { id: 'INV-2026-011', date: 'November 1, 2026', amount: '$49.00', status: 'Paid' },
  { id: 'INV-2026-010', date: 'October 1, 2026', amount: '$49.00', status: 'Paid' },
  { id: 'INV-2026-009', date: 'September 1, 2026', amount: '$49.00', status: 'Paid' },
];

export const BILLING_SAVED = 'Billing information saved';

function PaymentMethods() {
  const [defaultId, setDefaultId] = useState(SAMPLE_METHODS[0]?.id ?? '');
  const handleDefault = (method: PaymentMethod) => {
    setDefaultId(method.id);
    toast.success('Default payment method updated', `${method.brand} ending in ${method.last4} is now the default.`);
  };
  return (
    <ul className={styles.list} aria-label="Payment methods">
      {SAMPLE_METHODS.map((method) => (
        <li key={method.id} className={styles.listItem}>
          <div>
            <p className={styles.itemTitle}>
              {method.brand} ending in {method.last4}{' '}
              {method.id === defaultId ? <Badge tone="brand" size="sm">Default</Badge> : null}
            </p>
            <p className={styles.itemText}>Expires {method.expires}</p>
          </div>
          {method.id === defaultId ? null : (
            <Button variant="secondary" size="sm" onClick={() => handleDefault(method)}>
              Set as default
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function Billing() {
  const { session } = useSession();
  const [values, setValues] = useState(() => ({
    name: session?.accountName ?? '',
    email: session?.user.email ?? '',
    address: '',
  }));
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    toast.success(BILLING_SAVED);
  };
  return (
    <form className={styles.form} onSubmit={handleSubmit} aria-label="Billing information">
      <FormSection title="Billing Information">
        <div className={styles.grid}>
          <TextField
            label="Billing name"
            value={values.name}
            onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
          />
          <TextField
            label="Billing email"
            type="email"
            value={values.email}
            onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
          />
          <TextField
            label="Billing address"
            value={values.address}
            onChange={(event) => setValues((current) => ({ ...current, address: event.target.value }))}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit">Save Billing Information</Button>
        </div>
      </FormSection>
    </form>
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
    <table className={styles.table}>
      <caption className={styles.srOnly}>Invoices</caption>
      <thead>
        <tr>
          <th scope="col">Invoice</th>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {SAMPLE_INVOICES.map((invoice) => (
          <tr key={invoice.id}>
            <td>{invoice.id}</td>
            <td>{invoice.date}</td>
            <td>{invoice.amount}</td>
            <td>
              <Badge tone="success" size="sm">
                {invoice.status}
              </Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
