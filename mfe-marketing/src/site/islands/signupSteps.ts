// The signup's steps as the island's state says: the step's part in the form, the progress list,
// the heading, and the payment step's summary (ADR 0014).
import { formatWholeUsd } from '@caucus/platform';
import type { Plan } from '../api/plansApi';
import { SIGNUP_STEPS } from '../../signup/utils/steps';
import { organizationTypeLabel, type SignupForm } from '../../signup/utils/signupForm';
import type { SignupPage } from './signupPage';

/** `node` (the step's elements, kept while another step is shown) in the form, the progress list and the heading. */
export function showStep({ main, form, title }: SignupPage, step: number, node: HTMLElement): void {
  if (form.firstElementChild !== node) form.firstElementChild?.replaceWith(node);
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
}

/** The payment step's summary (PaymentStep's values, marked `data-signup-value`). */
export function fillPayment(payment: HTMLElement, plan: Plan | undefined, form: SignupForm): void {
  const fill = (name: string, text: string) => {
    const node = payment.querySelector(`[data-signup-value="${name}"]`);
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
}

/** The submit button's text on `step`. */
export const submitText = (step: number, plan: Plan | undefined) =>
  step < 2 ? 'Continue' : `Complete Payment - ${plan ? formatWholeUsd(plan.price) : '$0'}/month`;
