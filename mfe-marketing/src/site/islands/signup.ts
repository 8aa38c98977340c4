// The signup on its prerendered page, without React (ADR 0014): what SignupPage does, on the markup
// SignupView prerendered. Each step is checked by the contract's own schemas (signupRules.ts), a
// chunk loaded when the form is first used, never by rules restated here; the requests, messages,
// analytics and the draft kept across a canceled checkout are SignupPage's own (signup/api,
// signup/utils). The signup itself signs no one in: the checkout's success page, in the shell, does.
import { analytics } from '@caucus/platform';
import { fetchPlans, type Plan } from '../api/plansApi';
import { createAccount, createCheckoutSession, emailAvailable } from '../../signup/api/signupApi';
import { SIGNUP_STEPS } from '../../signup/utils/steps';
import { browser } from '../../signup/utils/browser';
import { CHECKOUT_FAILED, EMAIL_TAKEN, GENERIC_SIGNUP_ERROR, PLAN_NOT_FOUND, serverMessage } from '../../signup/utils/errors';
import { formatWholeUsd } from '@caucus/platform';
import { clearSignupDraft, readSignupDraft, saveSignupDraft } from '../../signup/utils/signupDraft';
import { organizationTypeLabel, type OrganizationType, type SignupForm } from '../../signup/utils/signupForm';
import styles from '../../signup/components/SignupWizard.module.css';

type Rules = typeof import('./signupRules');
type Schema = Rules['signupPlanStepSchema'] | Rules['signupAccountStepSchema'] | Rules['signupSchema'];

let rules: Promise<Rules> | null = null;
/** The contract's schemas, loaded once, when the form is first used. */
export function loadSignupRules(): Promise<Rules> {
  rules ??= import(/* webpackChunkName: "signup-rules" */ './signupRules');
  return rules;
}

/** The id PlanStep gives the plan's message. */
const PLAN_ERROR_ID = 'signup-plan-error';
const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'organizationName', 'organizationType', 'phone'] as const;

export type SignupIsland = { dispose(): void };

type Control = HTMLInputElement | HTMLSelectElement;

/** Makes the prerendered signup act; null when the page has none. */
export function mountSignup(root: Document): SignupIsland | null {
  const main = root.querySelector<HTMLElement>('[data-signup]');
  const form = main?.querySelector<HTMLFormElement>('form[data-signup-form]');
  const title = main?.querySelector('h1');
  const actions = form?.querySelector<HTMLElement>(`.${styles.actions}`);
  const prerenderedButton = actions?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!main || !form || !title || !actions || !prerenderedButton) return null;

  const part = (name: string): HTMLElement => {
    const found = main.querySelector<HTMLTemplateElement>(`template[data-signup-part="${name}"]`);
    const node = found?.content.firstElementChild?.cloneNode(true);
    if (!(node instanceof HTMLElement)) throw new Error(`The signup page has no ${name} part`);
    return node;
  };
  const label = (button: Element, text: string) => {
    const span = button.querySelector('span:last-child');
    if (span) span.textContent = text;
  };

  const params = new URLSearchParams(root.defaultView?.location.search ?? '');
  const restartToken = params.get('restart');
  // Back from checkout unpaid: what was typed (never the password) is kept, on the account step.
  const returnedFromCheckout = readSignupDraft();
  if (returnedFromCheckout) clearSignupDraft();

  let step = returnedFromCheckout ? 1 : 0;
  let planId = params.get('plan') ?? returnedFromCheckout?.planId ?? '';
  let plans: Plan[] | null = null;
  let plansPending = true;
  let checkingEmail = false;
  let submitting = false;
  let presses: Promise<void> = Promise.resolve();

  // The steps' elements, kept while another step is shown, so what was typed stays.
  let planNode = form.firstElementChild as HTMLElement;
  const accountNode = part('account');
  const paymentNode = part('payment');
  const stepNode = () => (step === 0 ? planNode : step === 1 ? accountNode : paymentNode);

  const back = part('back');
  const spacer = actions.firstElementChild as HTMLElement;
  const submit = prerenderedButton;
  let busyButton: HTMLElement | null = null;
  let submitError: HTMLElement | null = null;

  // The classes of an invalid field and of its message, from the components' own error states.
  const invalid = part('invalid');
  const invalidControl = (kind: string) => invalid.querySelector<HTMLElement>(`[data-signup-invalid="${kind}"]`);
  const kindOf = (control: Control) => (control instanceof HTMLSelectElement ? 'select' : control.type === 'checkbox' ? 'checkbox' : 'text');

  const control = (name: string) => accountNode.querySelector<Control>(`[name="${name}"]`);

  if (returnedFromCheckout) {
    for (const name of TEXT_FIELDS) {
      const field = control(name);
      if (field && name in returnedFromCheckout) field.value = returnedFromCheckout[name as keyof typeof returnedFromCheckout] as string;
    }
    const agree = control('agreeToTerms');
    if (agree instanceof HTMLInputElement) agree.checked = returnedFromCheckout.agreeToTerms;
    title.after(part('notice'));
  }

  const values = (): SignupForm => {
    const read = (name: string) => control(name)?.value ?? '';
    const agree = control('agreeToTerms');
    return {
      firstName: read('firstName'),
      lastName: read('lastName'),
      email: read('email'),
      password: read('password'),
      confirmPassword: read('confirmPassword'),
      organizationName: read('organizationName'),
      organizationType: read('organizationType') as OrganizationType | '',
      phone: read('phone'),
      planId,
      agreeToTerms: agree instanceof HTMLInputElement && agree.checked,
    };
  };
  const selectedPlan = () => plans?.find((candidate) => candidate.id === planId);

  // Errors, as the bound fields draw them ------------------------------------------------------

  const clearFieldError = (field: Control) => {
    if (!field.hasAttribute('aria-invalid')) return;
    root.getElementById(`${field.id}-error`)?.remove();
    field.removeAttribute('aria-invalid');
    const valid = field.dataset.validClass;
    if (valid !== undefined) field.className = valid;
    const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== `${field.id}-error`);
    if (describedBy.length > 0) field.setAttribute('aria-describedby', describedBy.join(' '));
    else field.removeAttribute('aria-describedby');
  };

  const fieldError = (field: Control, message: string) => {
    const kind = kindOf(field);
    const model = invalidControl(kind);
    const node = root.createElement('p');
    node.id = `${field.id}-error`;
    node.className = (model && invalid.querySelector(`#${model.id}-error`)?.className) || '';
    node.textContent = message;
    // TextField: the control's own box; Select and Checkbox: the box around the control's row.
    const box = kind === 'text' ? field.parentElement : field.parentElement?.parentElement;
    box?.append(node);
    field.dataset.validClass ??= field.className;
    if (kind !== 'checkbox' && model) field.className = model.className;
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', [field.getAttribute('aria-describedby'), node.id].filter(Boolean).join(' '));
  };

  const clearPlanError = () => {
    root.getElementById(PLAN_ERROR_ID)?.remove();
    planNode.removeAttribute('aria-describedby');
  };

  const planError = (message: string) => {
    clearPlanError();
    const grid = planNode.querySelector(`.${styles.planGrid}`);
    if (!grid) return;
    const node = part('field-error');
    node.id = PLAN_ERROR_ID;
    node.textContent = message;
    grid.after(node);
    planNode.setAttribute('aria-describedby', PLAN_ERROR_ID);
  };

  const clearErrors = () => {
    for (const field of accountNode.querySelectorAll<Control>('[aria-invalid]')) clearFieldError(field);
    clearPlanError();
  };

  const showSubmitError = (message: string | null) => {
    submitError?.remove();
    submitError = null;
    if (message === null) return;
    submitError = part('submit-error');
    submitError.textContent = message;
    actions.after(submitError);
  };

  /** Runs the step's schema on the values as typed; true when valid, else its messages are shown. */
  const validate = async (schema: (all: Rules) => Schema): Promise<boolean> => {
    const result = schema(await loadSignupRules()).safeParse(values());
    clearErrors();
    if (result.success) return true;
    const shown = new Set<string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (shown.has(name)) continue;
      shown.add(name);
      if (name === 'planId') {
        if (step === 0) planError(issue.message);
        continue;
      }
      const field = control(name);
      if (field) fieldError(field, issue.message);
    }
    // As react-hook-form does: the first field in error takes the focus.
    accountNode.querySelector<Control>('[aria-invalid="true"]')?.focus();
    return false;
  };

  // The page as the state says ---------------------------------------------------------------

  const render = () => {
    const current = stepNode();
    if (form.firstElementChild !== current) form.firstElementChild?.replaceWith(current);
    SIGNUP_STEPS.forEach((name, index) => {
      const item = main.querySelectorAll<HTMLElement>('ol > li')[index];
      if (!item) return;
      if (index === step) item.setAttribute('aria-current', 'step');
      else item.removeAttribute('aria-current');
      if (index < step) item.dataset.done = 'true';
      else delete item.dataset.done;
      const number = item.querySelector('[aria-hidden]');
      if (number) number.textContent = index < step ? '✓' : String(index + 1);
    });
    title.textContent = SIGNUP_STEPS[step];
    form.setAttribute('aria-label', SIGNUP_STEPS[step]);

    const left = step > 0 ? back : spacer;
    if (actions.firstElementChild !== left) actions.firstElementChild?.replaceWith(left);
    back.toggleAttribute('disabled', submitting);

    const plan = selectedPlan();
    const text = step < 2 ? 'Continue' : `Complete Payment - ${plan ? formatWholeUsd(plan.price) : '$0'}/month`;
    const busy = step < 2 ? checkingEmail : submitting;
    label(submit, text);
    submit.toggleAttribute('disabled', step === 0 && plansPending);
    if (busy) {
      if (!busyButton) {
        busyButton = part(step < 2 ? 'continue-busy' : 'pay-busy');
        submit.replaceWith(busyButton);
      }
      label(busyButton, text);
    } else if (busyButton) {
      busyButton.replaceWith(submit);
      busyButton = null;
    }

    if (step === 2) fillPayment();
  };

  const fillPayment = () => {
    const plan = selectedPlan();
    const form = values();
    const fill = (name: string, text: string) => {
      const node = paymentNode.querySelector(`[data-signup-value="${name}"]`);
      if (node) node.textContent = text;
    };
    if (plan) {
      fill('plan', `${plan.name} plan`);
      fill('price-month', `${formatWholeUsd(plan.price)}/month`);
      fill('users', String(plan.users));
      fill('price', formatWholeUsd(plan.price));
    }
    fill('name', `${form.firstName} ${form.lastName}`);
    fill('email', form.email);
    fill('organizationName', form.organizationName);
    fill('organizationType', organizationTypeLabel(form.organizationType));
    fill('phone', form.phone);
  };

  // Step 1: the plans, live data ----------------------------------------------------------------

  const planOption = (plan: Plan): HTMLElement => {
    const element = (tag: string, className: string, text?: string) => {
      const node = root.createElement(tag);
      node.className = className;
      if (text !== undefined) node.textContent = text;
      return node;
    };
    const option = element('label', styles.planOption);
    const head = element('span', styles.planHead);
    const radio = element('input', styles.planRadio) as HTMLInputElement;
    radio.type = 'radio';
    radio.name = 'plan';
    radio.value = plan.id;
    radio.checked = plan.id === planId;
    radio.setAttribute('aria-label', `${plan.name} plan`);
    head.append(radio, element('span', styles.planName, plan.name));
    const price = element('span', styles.planPrice, formatWholeUsd(plan.price));
    price.append(element('span', styles.planPeriod, '/month'));
    option.append(head, price, element('span', styles.planUsers, `${plan.users} ${plan.users === 1 ? 'user' : 'users'} · unlimited contacts`));
    if (plan.popular) option.append(element('span', styles.popular, 'Most Popular'));
    if (radio.checked) option.dataset.selected = 'true';
    return option;
  };

  const showPlans = (node: HTMLElement) => {
    if (form.firstElementChild === planNode) planNode.replaceWith(node);
    planNode = node;
  };

  const loadPlans = (): Promise<void> =>
    fetchPlans().then(
      (answer) => {
        plans = answer.plans;
        const fieldset = part('plans');
        fieldset.querySelector(`.${styles.planGrid}`)?.append(...plans.map(planOption));
        fieldset.addEventListener('change', (event) => {
          if (!(event.target instanceof HTMLInputElement) || event.target.name !== 'plan') return;
          planId = event.target.value;
          for (const option of fieldset.querySelectorAll<HTMLElement>(`.${styles.planOption}`)) {
            if (option.querySelector('input')?.checked) option.dataset.selected = 'true';
            else delete option.dataset.selected;
          }
          clearPlanError();
        });
        showPlans(fieldset);
      },
      (error: unknown) => {
        const box = part('plans-error');
        const message = box.querySelector('p:last-child');
        if (message) message.textContent = error instanceof Error && error.message ? error.message : 'An error occurred';
        box.querySelector('button')?.addEventListener('click', (event) => {
          (event.currentTarget as HTMLButtonElement).disabled = true;
          void loadPlans().then(render);
        });
        showPlans(box);
      },
    );

  // Continue, Back, Complete Payment -----------------------------------------------------------

  const fail = (message: string) => {
    analytics.track('form_submit_error', { form: 'signup', message });
    showSubmitError(message);
    submitting = false;
    render();
  };

  const pay = async (input: SignupForm) => {
    if (submitting) return;
    showSubmitError(null);
    const plan = selectedPlan();
    if (!plan) {
      showSubmitError(PLAN_NOT_FOUND);
      return;
    }
    analytics.track('button_click', { button: 'complete_payment', planId: plan.id });
    submitting = true;
    render();
    const organizationType = input.organizationType as OrganizationType;
    try {
      await createAccount({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email.trim(),
        password: input.password,
        confirmPassword: input.confirmPassword,
        organizationName: input.organizationName.trim(),
        organizationType,
        phone: input.phone.trim(),
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
      const origin = root.defaultView?.location.origin ?? '';
      // The password stays out of this call: the signup cookie set above proves who is paying.
      const checkout = await createCheckoutSession({
        planId: plan.id,
        successUrl: `${origin}/signup/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/signup?plan=${plan.id}`,
        customerEmail: input.email.trim(),
        metadata: {
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          organizationName: input.organizationName.trim(),
          organizationType,
          phone: input.phone.trim(),
        },
      });
      if (!checkout?.url) {
        fail(CHECKOUT_FAILED);
        return;
      }
      analytics.track('form_submit_success', { form: 'signup', planId: plan.id });
      // Kept for a canceled checkout, which returns to /signup?plan= (never the password).
      saveSignupDraft(input);
      // Stays "submitting" on purpose: the browser is leaving for the checkout page.
      browser.assign(checkout.url);
    } catch (error) {
      fail(serverMessage(error, CHECKOUT_FAILED));
    }
  };

  const next = async () => {
    if (step === 2) {
      if (await validate((all) => all.signupSchema)) await pay(values());
      return;
    }
    if (step === 0) {
      if (!(await validate((all) => all.signupPlanStepSchema))) return;
      // A plan id from the link that is not one of today's plans is no choice.
      if (!selectedPlan()) {
        planError((await loadSignupRules()).PLAN_REQUIRED_MESSAGE);
        return;
      }
    }
    if (step === 1) {
      if (checkingEmail || !(await validate((all) => all.signupAccountStepSchema))) return;
      // A taken address is said here, before payment, not after it.
      checkingEmail = true;
      render();
      const available = await emailAvailable(values().email.trim());
      checkingEmail = false;
      render();
      if (!available) {
        const email = control('email');
        if (email) {
          fieldError(email, EMAIL_TAKEN);
          email.focus();
        }
        return;
      }
    }
    analytics.track('button_click', { button: 'signup_continue', step: SIGNUP_STEPS[step] });
    step += 1;
    render();
  };

  // Each press is one Continue, in turn: a second press while the first is still being checked (the
  // rules still loading) acts on the step the first one led to, as it would once they are loaded.
  const onSubmit = (event: Event) => {
    event.preventDefault();
    presses = presses.then(next).catch((error: unknown) => {
      // Said as any uncaught error is, and the next press still runs.
      setTimeout(() => {
        throw error;
      });
    });
  };
  const onBack = () => {
    clearErrors();
    showSubmitError(null);
    step = Math.max(0, step - 1);
    render();
  };
  // As the bound fields do: editing a field clears its message; the others stay until the next Continue.
  const onEdit = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) clearFieldError(target);
  };
  const warmUp = () => void loadSignupRules();

  form.addEventListener('submit', onSubmit);
  form.addEventListener('focusin', warmUp, { once: true });
  form.addEventListener('pointerdown', warmUp, { once: true });
  back.addEventListener('click', onBack);
  accountNode.addEventListener('input', onEdit);
  accountNode.addEventListener('change', onEdit);

  render();
  void loadPlans().then(() => {
    plansPending = false;
    render();
  });

  return {
    dispose() {
      form.removeEventListener('submit', onSubmit);
    },
  };
}
