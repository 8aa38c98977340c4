import { Link } from 'react-router-dom';
import { Badge, buttonClassName } from '@caucus/design-system';
import type { Plan } from '../api/plansApi';
import styles from './PlanCard.module.css';

// Spec point 9: every plan has unlimited contacts and the listed features.
const PLAN_FEATURES = [
  'Unlimited contacts',
  'Campaigns, pledges and donations',
  'Static and smart contact lists',
  'Events and rally management',
  'CSV, XLS and XLSX import',
  'FEC compliance reporting',
];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article aria-labelledby={titleId} className={plan.popular ? `${styles.card} ${styles.popular}` : styles.card}>
      {plan.popular ? (
        <Badge tone="brand" className={styles.badge}>
          Most Popular
        </Badge>
      ) : null}
      <h2 id={titleId} className={styles.name}>
        {plan.name}
      </h2>
      <p className={styles.price}>
        <span className={styles.amount}>{usd.format(plan.price)}</span>
        <span className={styles.period}>/month</span>
      </p>
      <p className={styles.users}>
        {plan.users} {plan.users === 1 ? 'user' : 'users'}
      </p>
      <ul className={styles.features}>
        {PLAN_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link
        to={`/signup?plan=${encodeURIComponent(plan.id)}`}
        className={buttonClassName({ variant: plan.popular ? 'primary' : 'secondary', fullWidth: true })}
        aria-label={`Get Started with ${plan.name}`}
      >
        Get Started
      </Link>
    </article>
  );
}
