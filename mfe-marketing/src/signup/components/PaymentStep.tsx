import type { Plan } from '../../site/api/plansApi';
import { formatWholeUsd } from '@caucus/platform';
import { organizationTypeLabel, type SignupForm } from '../utils/signupForm';
import styles from './SignupWizard.module.css';

export type PaymentStepProps = { form: SignupForm; plan: Plan | undefined };

/**
 * Step 3 of the wizard: what will be paid and by whom. The values are marked (data-signup-value) so
 * the prerendered signup's island fills in the same markup (ADR 0014).
 */
export function PaymentStep({ form, plan }: PaymentStepProps) {
  return (
    <div className={styles.summaryGrid}>
      <section className={styles.summary} aria-labelledby="order-summary-title">
        <h2 id="order-summary-title" className={styles.groupTitle}>
          Order summary
        </h2>
        {plan ? (
          <dl className={styles.lines}>
            <div>
              <dt data-signup-value="plan">{plan.name} plan</dt>
              <dd data-signup-value="price-month">{formatWholeUsd(plan.price)}/month</dd>
            </div>
            <div>
              <dt>Users included</dt>
              <dd data-signup-value="users">{plan.users}</dd>
            </div>
            <div>
              <dt>Contacts</dt>
              <dd>Unlimited</dd>
            </div>
            <div className={styles.total}>
              <dt>Due today</dt>
              <dd data-signup-value="price">{formatWholeUsd(plan.price)}</dd>
            </div>
          </dl>
        ) : (
          <p className={styles.muted}>No plan selected.</p>
        )}
        <p className={styles.muted}>Billed monthly. Cancel any time; a 30-day money-back guarantee applies.</p>
      </section>
      <section className={styles.summary} aria-labelledby="billing-info-title">
        <h2 id="billing-info-title" className={styles.groupTitle}>
          Billing information
        </h2>
        <dl className={styles.lines}>
          <div>
            <dt>Name</dt>
            <dd data-signup-value="name">
              {form.firstName} {form.lastName}
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd data-signup-value="email">{form.email}</dd>
          </div>
          <div>
            <dt>Organization</dt>
            <dd data-signup-value="organizationName">{form.organizationName}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd data-signup-value="organizationType">{organizationTypeLabel(form.organizationType)}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd data-signup-value="phone">{form.phone}</dd>
          </div>
        </dl>
        <p className={styles.muted}>Card details are entered on our payment provider&apos;s secure checkout page and never reach Caucus.</p>
      </section>
    </div>
  );
}
