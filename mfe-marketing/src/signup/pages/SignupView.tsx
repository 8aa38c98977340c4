// The signup as prerendered HTML (ADR 0014): SignupPage's first view (Choose Plan, the plans
// loading), drawn at build time with the wizard's own components and CSS Modules, so the page looks
// the same without React, the router or the federation runtime. islands/signup.ts makes it act.
// What the other steps and states show (the account fields, the payment summary, the plan list's
// frame, its error, the busy buttons, the messages) is prerendered too, in <template>s, so each is
// the components' own markup; the island only fills in values and moves the parts.
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { Button, Checkbox, ErrorState, Select, TextField } from '@caucus/design-system';
import { Form } from '@caucus/design-system/form';
import { AccountStep } from '../components/AccountStep';
import { PaymentStep } from '../components/PaymentStep';
import { PlanStep } from '../components/PlanStep';
import { CHECKOUT_CANCELED, CHECKOUT_CANCELED_NEXT } from '../utils/errors';
import { EMPTY_SIGNUP_FORM, type SignupForm } from '../utils/signupForm';
import { SIGNUP_STEPS } from '../utils/steps';
import styles from '../components/SignupWizard.module.css';

function Part({ name, children }: { name: string; children: ReactNode }) {
  return <template data-signup-part={name}>{children}</template>;
}

/** The plan list's frame as PlanStep draws it: the island puts one option per plan in its grid. */
function PlanFieldset() {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Pick the plan that fits your team. Every plan includes unlimited contacts.</legend>
      <div className={styles.planGrid} />
      <p className={styles.muted}>
        Not sure yet?{' '}
        <a href="/pricing" className={styles.inlineLink}>
          Compare plans
        </a>
      </p>
    </fieldset>
  );
}

/** A field of each kind in its error state: the island takes the classes of an invalid field and its message from here. */
function InvalidFields() {
  return (
    <div>
      <TextField id="signup-invalid-text" label="-" error="-" data-signup-invalid="text" />
      <Select id="signup-invalid-select" label="-" error="-" data-signup-invalid="select" />
      <Checkbox id="signup-invalid-checkbox" label="-" error="-" data-signup-invalid="checkbox" />
    </div>
  );
}

function Wizard() {
  // Only for the bound fields' context at build time (the templates' too); the island reads and checks the fields.
  const form = useForm<SignupForm>({ defaultValues: EMPTY_SIGNUP_FORM });
  return (
    <FormProvider {...form}>
      <main className={styles.page} data-signup>
        <div className={styles.card}>
          <a href="/" className={styles.logo}>
            Caucus
          </a>
          <ol className={styles.steps} aria-label="Signup steps">
            {SIGNUP_STEPS.map((label, index) => (
              <li key={label} className={styles.step} aria-current={index === 0 ? 'step' : undefined}>
                <span className={styles.number} aria-hidden="true">
                  {index + 1}
                </span>
                {label}
              </li>
            ))}
          </ol>
          <h1 className={styles.title}>{SIGNUP_STEPS[0]}</h1>
          {/* POST without an action: sent before the island is there, nothing lands in a URL. */}
          <Form form={form} onSubmit={() => undefined} className={styles.form} aria-label={SIGNUP_STEPS[0]} method="post" data-signup-form="">
            <PlanStep />
            <div className={styles.actions}>
              <span />
              <Button type="submit" disabled>
                Continue
              </Button>
            </div>
          </Form>
          <p className={styles.footer}>
            Already have an account? <a href="/login">Sign in</a>
          </p>
        </div>

        <Part name="plans">
          <PlanFieldset />
        </Part>
        <Part name="plans-error">
          <ErrorState title="Plans could not be loaded" error={null} onRetry={() => undefined} />
        </Part>
        <Part name="account">
          <AccountStep />
        </Part>
        <Part name="payment">
          <PaymentStep form={EMPTY_SIGNUP_FORM} plan={{ id: '', name: '', price: 0, users: 0, popular: false }} />
        </Part>
        <Part name="notice">
          <div role="status" className={styles.notice}>
            <p className={styles.noticeTitle}>{CHECKOUT_CANCELED}</p>
            <p className={styles.noticeText}>{CHECKOUT_CANCELED_NEXT}</p>
          </div>
        </Part>
        <Part name="back">
          <Button variant="secondary">Back</Button>
        </Part>
        <Part name="continue">
          <Button type="submit">Continue</Button>
        </Part>
        <Part name="continue-busy">
          <Button type="submit" loading>
            Continue
          </Button>
        </Part>
        <Part name="pay">
          <Button type="submit">Complete Payment</Button>
        </Part>
        <Part name="pay-busy">
          <Button type="submit" loading>
            Complete Payment
          </Button>
        </Part>
        <Part name="submit-error">
          <p role="alert" className={styles.submitError} />
        </Part>
        <Part name="field-error">
          <p role="alert" className={styles.fieldError} />
        </Part>
        <Part name="invalid">
          <InvalidFields />
        </Part>
      </main>
    </FormProvider>
  );
}

/** The prerendered /signup: the account step's links are plain links here (no router runs on the page). */
export function SignupView() {
  // PlanStep's plans are live data: at build time the query is pending, so it draws its loading state.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { enabled: false } },
  });
  return (
    <StaticRouter location="/signup">
      <QueryClientProvider client={queryClient}>
        <Wizard />
      </QueryClientProvider>
    </StaticRouter>
  );
}
