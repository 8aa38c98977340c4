// The only script a prerendered page loads (ADR 0008, ADR 0014). The HTML already shows the page
// and its links work as plain links, so no framework runs on it: only the parts that act have code,
// where they are (islands). The header's menu and Back to Top are here; the pricing page's plans,
// the blog's categories, the sign-in (/login) and the signup (/signup) are small chunks loaded by the pages that have them. React and the page
// (the bulk of the JavaScript) load only where a form needs them, the contact form, and only when
// the user starts using it: a tap, a key or focus inside it.
import '@caucus/design-system/tokens.css';
import '@caucus/design-system/base.css';
import { analytics } from '@caucus/platform';
import { mountBackToTop } from '../islands/backToTop';
import { mountMenu } from '../islands/menu';
import { earlyInput } from './earlyInput';

// Handed over to React when it hydrates the page and takes the same elements over. The blog's
// filter is not: no page has both the blog and a form that hydrates.
const handOverMenu = mountMenu(document);
const handOverBackToTop = mountBackToTop(document);
// The prerendered <title> is the one the shell gives the page (sitePages.ts siteTitle).
analytics.pageView(window.location.pathname, document.title);

if (document.querySelector('[data-plans]')) {
  void import(/* webpackChunkName: "plans" */ '../islands/plans').then(({ mountPlans }) => mountPlans(document));
}
/**
 * A form island (the sign-in, the signup). A form sent before it is there is held (never sent by
 * the browser) and sent again once it is.
 */
function formIsland(load: () => Promise<unknown>): void {
  let held: HTMLFormElement | null = null;
  const hold = (event: Event) => {
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) held = event.target;
  };
  window.addEventListener('submit', hold, true);
  void load().then(() => {
    window.removeEventListener('submit', hold, true);
    held?.requestSubmit();
  });
}
if (document.querySelector('[data-login]')) {
  formIsland(() => import(/* webpackChunkName: "login" */ '../islands/login').then(({ mountLogin }) => mountLogin(document)));
}
if (document.querySelector('[data-signup]')) {
  formIsland(() => import(/* webpackChunkName: "signup" */ '../islands/signup').then(({ mountSignup }) => mountSignup(document)));
}
if (document.querySelector('button[data-category]')) {
  void import(/* webpackChunkName: "blog" */ '../islands/blogFilter').then(({ mountBlogFilter }) => mountBlogFilter(document));
}

let hydration: Promise<void> | null = null;
let hydrated = false;
const userInput = earlyInput(inRegion);

function start(): Promise<void> {
  if (!hydration) {
    for (const type of EARLY_EVENTS) window.removeEventListener(type, onEarlyEvent, true);
    handOverMenu();
    handOverBackToTop();
    hydration = import(/* webpackChunkName: "hydrate" */ './hydrate')
      .then(({ hydrateSite }) => hydrateSite({ pageViewSentFor: window.location.pathname, onCommitted: userInput.stop }))
      .then(() => {
        hydrated = true;
        userInput.restore(document);
      });
  }
  return hydration;
}

/**
 * A button pressed or a form sent before React is there would be lost (or sent by the browser as
 * a plain GET of the form). Hold it, and do it again once the page is hydrated.
 */
function holdUntilHydrated(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target || !inRegion(target)) return;
  let replay: (() => void) | null = null;
  if (event.type === 'submit' && target instanceof HTMLFormElement) {
    replay = () => target.requestSubmit();
  } else if (event.type === 'click') {
    const button = target?.closest('button');
    if (button) replay = () => button.click();
  }
  if (!replay) return;
  event.preventDefault();
  event.stopPropagation();
  const again = replay;
  void start().then(() => again());
}

function onEarlyEvent(event: Event): void {
  if (event.target instanceof Element && inRegion(event.target)) void start();
}

const EARLY_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Listens for the first use of the part of the page that needs React (the contact form). */
function hydrateOnUse(): void {
  for (const type of EARLY_EVENTS) window.addEventListener(type, onEarlyEvent, { capture: true, passive: true });
  for (const type of ['click', 'submit'] as const) {
    window.addEventListener(
      type,
      (event) => {
        if (!hydrated) holdUntilHydrated(event);
      },
      { capture: true },
    );
  }

  for (const type of ['input', 'change'] as const) window.addEventListener(type, userInput.record, { capture: true });
}

const region = document.querySelector('[data-hydrate-on-use]');
function inRegion(target: Element): boolean {
  return region !== null && region.contains(target);
}

if (region) hydrateOnUse();
