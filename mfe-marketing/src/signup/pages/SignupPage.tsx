import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@caucus/design-system';
import { analytics } from '@caucus/design-system/session';
import { usePlans } from '../../site/hooks/usePlans';
import { createAccount, createCheckoutSession } from '../api/signupApi';
import { AccountStep } from '../components/AccountStep';
import { PaymentStep } from '../components/PaymentStep';
import { PlanStep } from '../components/PlanStep';
import { browser } from '../utils/browser';
import { CHECKOUT_FAILED, GENERIC_SIGNUP_ERROR, PLAN_NOT_FOUND, serverMessage } from '../utils/errors';
import { formatUsd } from '../utils/format';
import {
  EMPTY_SIGNUP_FORM,
  validateAccountStep,
  validatePlanStep,
  type OrganizationType,
  type SignupErrors,
  type SignupField,
  type SignupForm,
} from '../utils/signupForm';
import styles from '../components/SignupWizard.module.css';

const STEPS = ['Choose Plan', 'Account & Organization', 'Payment'] as const;

/** Standalone route (spec point 2, no shared layout): the three-step paid-plan signup. */
export function SignupPage() {
  const [params] = useSearchParams();
  const plans = usePlans();
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<SignupForm>(() => ({ ...EMPTY_SIGNUP_FORM, selectedPlan: params.get('plan') ?? '' }));
  const [errors, setErrors] = useState<SignupErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const planList = plans.data?.plans ?? [];
  const plan = planList.find((candidate) => candidate.id === form.selectedPlan);

  function handleChange<K extends SignupField>(field: K, value: SignupForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function handleContinue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 2) {
      void handleSubmit();
      return;
    }
    const found = step === 0 ? validatePlanStep(form, planList.map((candidate) => candidate.id)) : validateAccountStep(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    analytics.track('button_click', { button: 'signup_continue', step: STEPS[step] });
    setStep(step + 1);
  }

  function handleBack() {
    setErrors({});
    setSubmitError(null);
    setStep((current) => Math.max(0, current - 1));
  }

  async function handleSubmit() {
    if (submitting) return;
    setSubmitError(null);
    if (!plan) {
      setSubmitError(PLAN_NOT_FOUND);
      return;
    }
    analytics.track('button_click', { button: 'complete_payment', planId: plan.id });
    setSubmitting(true);
    const organizationType = form.organizationType as OrganizationType;

    try {
      await createAccount({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        password: form.password,
        confirmPassword: form.confirmPassword,
        organizationName: form.organizationName.trim(),
        organizationType,
        phone: form.phone.trim(),
        planId: plan.id,
        agreeToTerms: true,
      });
      analytics.track('sign_up', { method: 'email', planId: plan.id, organizationType });
    } catch (error) {
      fail(serverMessage(error, GENERIC_SIGNUP_ERROR));
      return;
    }

    try {
      const origin = window.location.origin;
      // The password stays out of this call: the signup cookie set above proves who is paying.
      const checkout = await createCheckoutSession({
        planId: plan.id,
        successUrl: `${origin}/signup/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/signup?plan=${plan.id}`,
        customerEmail: form.email.trim(),
        metadata: {
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          organizationName: form.organizationName.trim(),
          organizationType,
          phone: form.phone.trim(),
        },
      });
      if (!checkout?.url) {
        fail(CHECKOUT_FAILED);
        return;
      }
      analytics.track('form_submit_success', { form: 'signup', planId: plan.id });
      // Stays "submitting" on purpose: the browser is leaving for the checkout page.
      browser.assign(checkout.url);
    } catch (error) {
      fail(serverMessage(error, CHECKOUT_FAILED));
    }
  }

  function fail(message: string) {
    analytics.track('form_submit_error', { form: 'signup', message });
    setSubmitError(message);
    setSubmitting(false);
  }

  const title = STEPS[step];
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <Link to="/" className={styles.logo}>
          Caucus
        </Link>
        <ol className={styles.steps} aria-label="Signup steps">
          {STEPS.map((label, index) => (
            <li
              key={label}
              className={styles.step}
              aria-current={index === step ? 'step' : undefined}
              data-done={index < step || undefined}
            >
              <span className={styles.number} aria-hidden="true">
                {index < step ? '✓' : index + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
        <h1 className={styles.title}>{title}</h1>

        <form className={styles.form} onSubmit={handleContinue} noValidate aria-label={title}>
          {step === 0 ? (
            <PlanStep selectedPlan={form.selectedPlan} error={errors.selectedPlan} onSelect={(id) => handleChange('selectedPlan', id)} />
          ) : step === 1 ? (
            <AccountStep form={form} errors={errors} onChange={handleChange} />
          ) : (
            <PaymentStep form={form} plan={plan} />
          )}

          <div className={styles.actions}>
            {step > 0 ? (
              <Button variant="secondary" onClick={handleBack} disabled={submitting}>
                Back
              </Button>
            ) : (
              <span />
            )}
            {step < 2 ? (
              <Button type="submit" disabled={step === 0 && plans.isPending}>
                Continue
              </Button>
            ) : (
              <Button type="submit" loading={submitting}>
                {`Complete Payment - ${plan ? formatUsd(plan.price) : '$0'}/month`}
              </Button>
            )}
          </div>
          {submitError ? (
            <p role="alert" className={styles.submitError}>
              {submitError}
            </p>
          ) : null}
        </form>

        <p className={styles.footer}>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </div>
  );
}
