import { Link, useSearchParams } from 'react-router-dom';
import { buttonClassName } from '@caucus/design-system';
import styles from './SignupPage.module.css';

const STEPS = ['Choose Plan', 'Account & Organization', 'Payment'];

/** Standalone route (spec point 2: no shared layout). The full three-step wizard builds on this frame. */
export function SignupPage() {
  const [params] = useSearchParams();
  const plan = params.get('plan');
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <Link to="/" className={styles.logo}>
          Caucus
        </Link>
        <ol className={styles.steps} aria-label="Signup steps">
          {STEPS.map((step, index) => (
            <li key={step} className={styles.step} aria-current={index === 0 ? 'step' : undefined}>
              <span className={styles.number}>{index + 1}</span>
              {step}
            </li>
          ))}
        </ol>
        <h1 className={styles.title}>Choose Plan</h1>
        <p className={styles.text}>
          {plan ? `You picked the ${plan} plan. ` : ''}
          Compare the plans and pick the one that fits your team; every plan includes unlimited contacts.
        </p>
        <Link to="/pricing" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Compare plans
        </Link>
        <p className={styles.footer}>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </div>
  );
}
