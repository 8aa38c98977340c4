import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@caucus/design-system';
import { Form } from '@caucus/design-system/form';
import { PLAN_REQUIRED_MESSAGE, signupAccountStepSchema, signupPlanStepSchema, signupSchema } from '@caucus/contract';
import { analytics, formatWholeUsd } from '@caucus/platform';
import { usePlans } from '../../site/hooks/usePlans';
import { createAccount, createCheckoutSession, emailAvailable } from '../api/signupApi';
import { AccountStep } from '../components/AccountStep';
import { PaymentStep } from '../components/PaymentStep';
import { PlanStep } from '../components/PlanStep';
import { browser } from '../utils/browser';
import { CHECKOUT_CANCELED, CHECKOUT_CANCELED_NEXT, CHECKOUT_FAILED, EMAIL_TAKEN, GENERIC_SIGNUP_ERROR, PLAN_NOT_FOUND, serverMessage } from '../utils/errors';
import { clearSignupDraft, readSignupDraft, saveSignupDraft } from '../utils/signupDraft';
import { EMPTY_SIGNUP_FORM, type OrganizationType, type SignupForm } from '../utils/signupForm';
import { SIGNUP_STEPS } from '../utils/steps';
import styles from '../components/SignupWizard.module.css';

const STEPS = SIGNUP_STEPS;
// Each step checks its own part of the signup request (Continue validates the current step: docs/product/behaviour.md).
// raw: the handlers get the fields as typed; the request is built from them below.
const STEP_RESOLVERS = [signupPlanStepSchema, signupAccountStepSchema, signupSchema].map((schema) =>
  zodResolver(schema, undefined, { raw: true }),
) as unknown as Resolver<SignupForm>[];

/** Standalone route (no shared layout): the three-step paid-plan signup (docs/product/screens.md, Standalone pages). */
export function SignupPage() {
  const [params] = useSearchParams();
  const restartToken = params.get('restart');
  const plans = usePlans();
  // Back from checkout unpaid: what was typed (never the password) is kept, on the account step.
  const [returnedFromCheckout] = useState(readSignupDraft);
  const [step, setStep] = useState(returnedFromCheckout ? 1 : 0);
  const stepRef = useRef(step);
  stepRef.current = step;
  const resolver = useMemo<Resolver<SignupForm>>(
    () =>
      (...args) =>
        STEP_RESOLVERS[stepRef.current](...args),
    [],
  );
  const form = useForm<SignupForm>({
    resolver,
    defaultValues: {
      ...EMPTY_SIGNUP_FORM,
      ...returnedFromCheckout,
      planId: params.get('plan') ?? returnedFromCheckout?.planId ?? '',
    },
    reValidateMode: 'onSubmit',
  });
  useEffect(() => {
    if (returnedFromCheckout) clearSignupDraft();
  }, [returnedFromCheckout]);
  const [submitting, setSubmitting] = useState(false);
  const [checkingEmail, setCheckingEmail] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const planList = plans.data?.plans ?? [];
  const plan = planList.find((candidate) => candidate.id === form.watch('planId'));

  async function handleContinue(values: SignupForm) {
    if (step === 2) {
      void handleSubmit(values);
      return;
    }
    // A plan id from the link that is not one of today's plans is no choice.
    if (step === 0 && !plan) {
      form.setError('planId', { message: PLAN_REQUIRED_MESSAGE });
      return;
    }
    // A taken address is said here, before payment, not after it.
    if (step === 1) {
      if (checkingEmail) return;
      setCheckingEmail(true);
      const available = await emailAvailable(values.email.trim());
      setCheckingEmail(false);
      if (!available) {
        form.setError('email', { message: EMAIL_TAKEN }, { shouldFocus: true });
        return;
      }
    }
    analytics.track('button_click', { button: 'signup_continue', step: STEPS[step] });
    setStep(step + 1);
  }

  function handleBack() {
    form.clearErrors();
    setSubmitError(null);
    setStep((current) => Math.max(0, current - 1));
  }

  async function handleSubmit(values: SignupForm) {
    if (submitting) return;
    setSubmitError(null);
    if (!plan) {
      setSubmitError(PLAN_NOT_FOUND);
      return;
    }
    analytics.track('button_click', { button: 'complete_payment', planId: plan.id });
    setSubmitting(true);
    const organizationType = values.organizationType as OrganizationType;

    try {
      await createAccount({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        organizationName: values.organizationName.trim(),
        organizationType,
        phone: values.phone.trim(),
        planId: plan.id,
        agreeToTerms: true,
        // Opened from the link emailed to the address: this browser may take over its pending signup.
        ...(restartToken ? { restartToken } : {}),
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
        customerEmail: values.email.trim(),
        metadata: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          organizationName: values.organizationName.trim(),
          organizationType,
          phone: values.phone.trim(),
        },
      });
      if (!checkout?.url) {
        fail(CHECKOUT_FAILED);
        return;
      }
      analytics.track('form_submit_success', { form: 'signup', planId: plan.id });
      // Kept for a canceled checkout, which returns to /signup?plan= (never the password).
      saveSignupDraft(values);
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
    <main className={styles.page}>
      <div className={styles.card}>
        <Link to="/" className={styles.logo}>
          Caucus
        </Link>
        <ol className={styles.steps} aria-label="Signup steps">
          {STEPS.map((label, index) => (
            <li key={label} className={styles.step} aria-current={index === step ? 'step' : undefined} data-done={index < step || undefined}>
              <span className={styles.number} aria-hidden="true">
                {index < step ? '✓' : index + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
        <h1 className={styles.title}>{title}</h1>
        {returnedFromCheckout ? (
          <div role="status" className={styles.notice}>
            <p className={styles.noticeTitle}>{CHECKOUT_CANCELED}</p>
            <p className={styles.noticeText}>{CHECKOUT_CANCELED_NEXT}</p>
          </div>
        ) : null}

        <Form form={form} onSubmit={handleContinue} className={styles.form} aria-label={title}>
          {step === 0 ? <PlanStep /> : step === 1 ? <AccountStep /> : <PaymentStep form={form.getValues()} plan={plan} />}

          <div className={styles.actions}>
            {step > 0 ? (
              <Button variant="secondary" onClick={handleBack} disabled={submitting}>
                Back
              </Button>
            ) : (
              <span />
            )}
            {step < 2 ? (
              <Button type="submit" disabled={step === 0 && plans.isPending} loading={checkingEmail}>
                Continue
              </Button>
            ) : (
              <Button type="submit" loading={submitting}>
                {`Complete Payment - ${plan ? formatWholeUsd(plan.price) : '$0'}/month`}
              </Button>
            )}
          </div>
          {submitError ? (
            <p role="alert" className={styles.submitError}>
              {submitError}
            </p>
          ) : null}
        </Form>

        <p className={styles.footer}>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
