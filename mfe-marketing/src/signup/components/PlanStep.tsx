import { Link } from 'react-router-dom';
import { ErrorState, Skeleton } from '@caucus/design-system';
import { useBoundField } from '@caucus/design-system/form';
import type { Plan } from '../../site/api/plansApi';
import { usePlans } from '../../site/hooks/usePlans';
import { formatWholeUsd } from '@caucus/platform';
import styles from './SignupWizard.module.css';

/** The plan cards, bound to the wizard form's `planId`. */
export function PlanStep() {
  const query = usePlans();
  const { value: selectedPlan, onChange: onSelect, error } = useBoundField('planId');
  const errorId = 'signup-plan-error';

  if (query.isPending) {
    return (
      <div className={styles.planGrid} role="status" aria-busy="true" aria-label="Loading plans">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className={styles.planOption}>
            <Skeleton width="60%" height="1.25rem" />
            <Skeleton width="40%" height="1.75rem" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState title="Plans could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.legend}>Pick the plan that fits your team. Every plan includes unlimited contacts.</legend>
      <div className={styles.planGrid}>
        {query.data.plans.map((plan: Plan) => (
          <label key={plan.id} className={styles.planOption} data-selected={plan.id === selectedPlan || undefined}>
            <span className={styles.planHead}>
              <input
                type="radio"
                name="plan"
                value={plan.id}
                checked={plan.id === selectedPlan}
                onChange={() => onSelect(plan.id)}
                className={styles.planRadio}
                aria-label={`${plan.name} plan`}
              />
              <span className={styles.planName}>{plan.name}</span>
            </span>
            <span className={styles.planPrice}>
              {formatWholeUsd(plan.price)}
              <span className={styles.planPeriod}>/month</span>
            </span>
            <span className={styles.planUsers}>
              {plan.users} {plan.users === 1 ? 'user' : 'users'} · unlimited contacts
            </span>
            {plan.popular ? <span className={styles.popular}>Most Popular</span> : null}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className={styles.fieldError}>
          {error}
        </p>
      ) : null}
      <p className={styles.muted}>
        Not sure yet?{' '}
        <Link to="/pricing" className={styles.inlineLink}>
          Compare plans
        </Link>
      </p>
    </fieldset>
  );
}
