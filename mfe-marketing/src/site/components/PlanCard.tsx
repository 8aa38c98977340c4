import { Link } from 'react-router-dom';
import { Badge, buttonClassName } from '@caucus/design-system';
import { formatWholeUsd } from '@caucus/platform';
import type { Plan } from '../api/plansApi';
import { PLAN_FEATURES, planSignupHref, planUsers } from '../content/plans';
import styles from './PlanCard.module.css';

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
        <span className={styles.amount}>{formatWholeUsd(plan.price)}</span>
        <span className={styles.period}>/month</span>
      </p>
      <p className={styles.users}>
        {planUsers(plan.users)}
      </p>
      <ul className={styles.features}>
        {PLAN_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Link
        to={planSignupHref(plan.id)}
        className={buttonClassName({ variant: plan.popular ? 'primary' : 'secondary', fullWidth: true })}
        aria-label={`Get Started with ${plan.name}`}
      >
        Get Started
      </Link>
    </article>
  );
}
