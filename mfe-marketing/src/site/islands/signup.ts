// The signup on its prerendered page, without React (ADR 0014): what SignupPage does, on the markup
// SignupView prerendered. Each step is checked by the contract's own schemas (signupRules.ts), a
// chunk loaded when the form is first used, never by rules restated here; the requests, messages,
// analytics and the draft kept across a canceled checkout are SignupPage's own (signup/api,
// signup/utils). The signup itself signs no one in: the checkout's success page, in the shell, does.
// Its parts, by job: the page (signupPage), the fields and their messages (signupFields), the plans
// (signupPlans), the steps drawn (signupSteps), the buttons and the form's error (signupStatus), the
// checkout hand-off (signupCheckout); here, the steps' order, and the wiring.
import { analytics } from '@caucus/platform';
import { emailAvailable } from '../../signup/api/signupApi';
import { SIGNUP_STEPS } from '../../signup/utils/steps';
import { EMAIL_TAKEN, PLAN_NOT_FOUND } from '../../signup/utils/errors';
import { clearSignupDraft, readSignupDraft } from '../../signup/utils/signupDraft';
import type { SignupForm } from '../../signup/utils/signupForm';
import { checkout } from './signupCheckout';
import { clearFieldError, clearFieldErrors, restoreDraft, showEmailTaken, showIssues, signupValues } from './signupFields';
import { findSignupPage, templatePart, type SignupPage } from './signupPage';
import { createPlanChoice, type PlanChoice } from './signupPlans';
import { createStatus, type SignupStatus } from './signupStatus';
import { fillPayment, showStep, submitText } from './signupSteps';

type Rules = typeof import('./signupRules');
type Schema = Rules['signupPlanStepSchema'] | Rules['signupAccountStepSchema'] | Rules['signupSchema'];

let rules: Promise<Rules> | null = null;
/** The contract's schemas, loaded once, when the form is first used. */
export function loadSignupRules(): Promise<Rules> {
  rules ??= import(/* webpackChunkName: "signup-rules" */ './signupRules');
  return rules;
}

export type SignupIsland = { dispose(): void };

type Steps = {
  root: Document;
  page: SignupPage;
  /** The account and payment steps' elements, kept while another step is shown, so what was typed stays. */
  account: HTMLElement;
  payment: HTMLElement;
  /** The classes of an invalid field and of its message, from the components' own error states. */
  invalid: HTMLElement;
  plans: PlanChoice;
  status: SignupStatus;
  /** From the link emailed to the address: this browser may take over its pending signup. */
  restartToken: string | null;
  step: number;
};

/** The steps in order: Continue checks the step shown, then shows the next; the last one pays. */
function createSteps({ root, page, account, payment, invalid, plans, status, restartToken, step: firstStep }: Steps) {
  let step = firstStep;
  let plansPending = true;
  let checkingEmail = false;
  let submitting = false;
  const values = () => signupValues(account, plans.id());

  const render = () => {
    showStep(page, step, step === 0 ? plans.node() : step === 1 ? account : payment);
    const plan = plans.selected();
    status.show(step, submitText(step, plan), step < 2 ? checkingEmail : submitting, submitting, step === 0 && plansPending);
    if (step === 2) fillPayment(payment, plan, values());
  };
  const clearErrors = () => {
    clearFieldErrors(root, account);
    plans.clearError();
  };
  /** Runs the step's schema on the values as typed; true when valid, else its messages are shown. */
  const validate = async (schema: (all: Rules) => Schema) => {
    const result = schema(await loadSignupRules()).safeParse(values());
    clearErrors();
    return result.success || showIssues(root, invalid, account, result.error.issues, step === 0 ? plans.showError : null);
  };
  const fail = (message: string) => {
    analytics.track('form_submit_error', { form: 'signup', message });
    status.error(message);
    submitting = false;
    render();
  };
  // Stays "submitting" once the checkout has the browser: it is leaving the page.
  const pay = async (input: SignupForm) => {
    if (submitting) return;
    status.error(null);
    const plan = plans.selected();
    if (!plan) {
      status.error(PLAN_NOT_FOUND);
      return;
    }
    analytics.track('button_click', { button: 'complete_payment', planId: plan.id });
    submitting = true;
    render();
    const failure = await checkout(root, input, plan, restartToken);
    if (failure !== undefined) fail(failure);
  };
  const planChosen = async () => {
    if (!(await validate((all) => all.signupPlanStepSchema))) return false;
    // A plan id from the link that is not one of today's plans is no choice.
    return !!plans.selected() || plans.showError((await loadSignupRules()).PLAN_REQUIRED_MESSAGE);
  };
  // A taken address is said here, before payment, not after it.
  const accountReady = async () => {
    if (checkingEmail || !(await validate((all) => all.signupAccountStepSchema))) return false;
    checkingEmail = true;
    render();
    const available = await emailAvailable(values().email.trim());
    checkingEmail = false;
    render();
    return available || showEmailTaken(root, invalid, account, EMAIL_TAKEN);
  };
  const next = async () => {
    if (step === 2) {
      if (await validate((all) => all.signupSchema)) await pay(values());
      return;
    }
    if (step === 0 && !(await planChosen())) return;
    if (step === 1 && !(await accountReady())) return;
    analytics.track('button_click', { button: 'signup_continue', step: SIGNUP_STEPS[step] });
    step += 1;
    render();
  };
  const back = () => {
    clearErrors();
    status.error(null);
    step = Math.max(0, step - 1);
    render();
  };
  const plansLoaded = () => {
    plansPending = false;
    render();
  };
  return { render, next, back, plansLoaded };
}

/** Makes the prerendered signup act; null when the page has none. */
export function mountSignup(root: Document): SignupIsland | null {
  const page = findSignupPage(root);
  if (!page) return null;
  const { main, form } = page;
  const part = (name: string) => templatePart(main, name);
  const params = new URLSearchParams(root.defaultView?.location.search ?? '');
  // Back from checkout unpaid: what was typed (never the password) is kept, on the account step.
  const draft = readSignupDraft();
  if (draft) clearSignupDraft();
  const account = part('account');
  const back = part('back');
  const plans = createPlanChoice(root, form, part, params.get('plan') ?? draft?.planId ?? '');
  const steps = createSteps({
    root,
    page,
    account,
    payment: part('payment'),
    invalid: part('invalid'),
    plans,
    status: createStatus(part, page.actions, page.submit, back),
    restartToken: params.get('restart'),
    step: draft ? 1 : 0,
  });
  if (draft) {
    restoreDraft(account, draft);
    page.title.after(part('notice'));
  }

  // Each press is one Continue, in turn: a second press while the first is still being checked (the
  // rules still loading) acts on the step the first one led to, as it would once they are loaded.
  let presses: Promise<void> = Promise.resolve();
  const onSubmit = (event: Event) => {
    event.preventDefault();
    presses = presses.then(steps.next).catch((error: unknown) => {
      // Said as any uncaught error is, and the next press still runs.
      setTimeout(() => {
        throw error;
      });
    });
  };
  // As the bound fields do: editing a field clears its message; the others stay until the next Continue.
  const onEdit = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) clearFieldError(root, target);
  };
  const warmUp = () => void loadSignupRules();

  form.addEventListener('submit', onSubmit);
  form.addEventListener('focusin', warmUp, { once: true });
  form.addEventListener('pointerdown', warmUp, { once: true });
  back.addEventListener('click', steps.back);
  account.addEventListener('input', onEdit);
  account.addEventListener('change', onEdit);

  steps.render();
  void plans.load(steps.render).then(steps.plansLoaded);

  return {
    dispose() {
      form.removeEventListener('submit', onSubmit);
    },
  };
}
