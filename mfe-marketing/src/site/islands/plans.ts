// The pricing page's plans on the prerendered page, without React (ADR 0014). The page is
// prerendered with PricingPage's loading state (plans are live data from GET /api/billing/plans);
// this island fetches them and draws the same cards PlanCard draws, with the same CSS Modules
// classes, in place of the loading state; or the same error, with Retry.
import { badgeClassName, buttonClassName } from '@caucus/design-system';
import { formatWholeUsd } from '@caucus/platform';
import { fetchPlans, type Plan } from '../api/plansApi';
import { PLAN_FEATURES, planSignupHref, planUsers } from '../content/plans';
import cardStyles from '../components/PlanCard.module.css';
import pageStyles from '../pages/PricingPage.module.css';

type Attributes = Record<string, string>;

function element(tag: string, className: string, text?: string, attributes: Attributes = {}): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The markup of PlanCard for one plan. */
export function planCard(plan: Plan): HTMLElement {
  const titleId = `plan-${plan.id}`;
  const card = element('article', plan.popular ? `${cardStyles.card} ${cardStyles.popular}` : cardStyles.card, undefined, { 'aria-labelledby': titleId });
  if (plan.popular) card.append(element('span', `${badgeClassName({ tone: 'brand' })} ${cardStyles.badge}`, 'Most Popular'));
  card.append(element('h2', cardStyles.name, plan.name, { id: titleId }));
  const price = element('p', cardStyles.price);
  price.append(element('span', cardStyles.amount, formatWholeUsd(plan.price)), element('span', cardStyles.period, '/month'));
  card.append(price, element('p', cardStyles.users, planUsers(plan.users)));
  const features = element('ul', cardStyles.features);
  for (const feature of PLAN_FEATURES) features.append(element('li', '', feature));
  card.append(features);
  const variant = plan.popular ? 'primary' : 'secondary';
  card.append(
    element('a', buttonClassName({ variant, fullWidth: true }), 'Get Started', {
      href: planSignupHref(plan.id),
      'aria-label': `Get Started with ${plan.name}`,
    }),
  );
  return card;
}

/** What PricingPage shows once the plans are loaded. */
export function plansView(plans: Plan[]): HTMLElement {
  if (plans.length === 0) {
    const empty = element('div', pageStyles.error);
    empty.append(element('p', pageStyles.errorTitle, 'No plans are available right now'), element('p', pageStyles.errorText, 'Please check back shortly or contact us.'));
    return empty;
  }
  const grid = element('div', pageStyles.grid);
  grid.append(...plans.map(planCard));
  return grid;
}

/** What PricingPage shows when the plans could not be loaded: the reason, and Retry. */
export function plansErrorView(message: string, retry: () => void): HTMLElement {
  const alert = element('div', pageStyles.error, undefined, { role: 'alert' });
  const button = element('button', buttonClassName({ variant: 'secondary' }), undefined, { type: 'button' });
  button.append(element('span', '', 'Retry'));
  button.addEventListener('click', () => {
    button.setAttribute('disabled', '');
    retry();
  });
  alert.append(element('p', pageStyles.errorTitle, 'Plans could not be loaded'), element('p', pageStyles.errorText, message), button);
  return alert;
}

/** Replaces the prerendered loading state (`[data-plans]`) with the plans, or the error. */
export function mountPlans(root: ParentNode): Promise<void> {
  let slot = root.querySelector<HTMLElement>('[data-plans]');
  if (!slot) return Promise.resolve();
  const show = (view: HTMLElement) => {
    slot?.replaceWith(view);
    slot = view;
  };
  const load = (): Promise<void> =>
    fetchPlans().then(
      ({ plans }) => show(plansView(plans)),
      (error: unknown) => show(plansErrorView(error instanceof Error ? error.message : String(error), () => void load())),
    );
  return load();
}
