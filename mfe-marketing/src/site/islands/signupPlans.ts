// The signup's first step: the plans (live data, GET /api/billing/plans) drawn as PlanStep draws
// them, or their error with Retry; the plan chosen, and its message (ADR 0014).
import { formatWholeUsd } from '@caucus/platform';
import { fetchPlans, type Plan } from '../api/plansApi';
import styles from '../../signup/components/SignupWizard.module.css';
import type { Part } from './signupPage';

/** The id PlanStep gives the plan's message. */
const PLAN_ERROR_ID = 'signup-plan-error';

export type PlanChoice = ReturnType<typeof createPlanChoice>;

/** The plan step: first the prerendered loading frame in `form`, then the plans or their error. */
export function createPlanChoice(root: Document, form: HTMLFormElement, part: Part, firstId: string) {
  let planId = firstId;
  let plans: Plan[] | null = null;
  let node = form.firstElementChild as HTMLElement;
  const clearError = () => {
    root.getElementById(PLAN_ERROR_ID)?.remove();
    node.removeAttribute('aria-describedby');
  };
  const show = (shown: HTMLElement) => {
    if (form.firstElementChild === node) node.replaceWith(shown);
    node = shown;
  };
  const choose = (id: string) => {
    planId = id;
    clearError();
  };
  const load = (retried: () => void): Promise<void> =>
    fetchPlans().then(
      (answer) => {
        plans = answer.plans;
        show(planList(root, part('plans'), plans, planId, choose));
      },
      (error: unknown) => show(plansError(part('plans-error'), error, () => void load(retried).then(retried))),
    );
  return {
    id: () => planId,
    node: () => node,
    selected: () => plans?.find((candidate) => candidate.id === planId),
    load,
    clearError,
    /** The plan's message under the plans; false, as the step is not valid. */
    showError: (message: string): false => {
      clearError();
      const grid = node.querySelector(`.${styles.planGrid}`);
      if (!grid) return false;
      const error = part('field-error');
      error.id = PLAN_ERROR_ID;
      error.textContent = message;
      grid.after(error);
      node.setAttribute('aria-describedby', PLAN_ERROR_ID);
      return false;
    },
  };
}

/** The plans in the step's fieldset, one radio each; choosing one marks it. */
function planList(root: Document, fieldset: HTMLElement, plans: Plan[], planId: string, choose: (id: string) => void): HTMLElement {
  fieldset.querySelector(`.${styles.planGrid}`)?.append(...plans.map((plan) => planOption(root, plan, plan.id === planId)));
  fieldset.addEventListener('change', (event) => {
    if (!(event.target instanceof HTMLInputElement) || event.target.name !== 'plan') return;
    const id = event.target.value;
    for (const option of fieldset.querySelectorAll<HTMLElement>(`.${styles.planOption}`)) {
      if (option.querySelector('input')?.checked) option.dataset.selected = 'true';
      else delete option.dataset.selected;
    }
    choose(id);
  });
  return fieldset;
}

function planOption(root: Document, plan: Plan, checked: boolean): HTMLElement {
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
  radio.checked = checked;
  radio.setAttribute('aria-label', `${plan.name} plan`);
  head.append(radio, element('span', styles.planName, plan.name));
  const price = element('span', styles.planPrice, formatWholeUsd(plan.price));
  price.append(element('span', styles.planPeriod, '/month'));
  option.append(head, price, element('span', styles.planUsers, `${plan.users} ${plan.users === 1 ? 'user' : 'users'} · unlimited contacts`));
  if (plan.popular) option.append(element('span', styles.popular, 'Most Popular'));
  if (checked) option.dataset.selected = 'true';
  return option;
}

/** Why the plans did not come, in the step's error box, with Retry. */
function plansError(box: HTMLElement, error: unknown, retry: () => void): HTMLElement {
  const message = box.querySelector('p:last-child');
  if (message) message.textContent = error instanceof Error && error.message ? error.message : 'An error occurred';
  box.querySelector('button')?.addEventListener('click', (event) => {
    (event.currentTarget as HTMLButtonElement).disabled = true;
    retry();
  });
  return box;
}
