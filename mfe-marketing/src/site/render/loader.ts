// The only script a prerendered page loads before it is interactive (ADR 0008). The HTML already
// shows the page and its links work as plain links, so React (the bulk of the JavaScript) is
// fetched and hydrates once the page has loaded and the browser is idle, or at once at the first
// sign of the user: a tap, a key or focus on a control.
import '@caucus/design-system/tokens.css';
import '@caucus/design-system/base.css';

let hydration: Promise<void> | null = null;
let hydrated = false;

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** What the user typed or chose before React was there, by control id (or name). */
const early = new Map<string, { value: string; checked: boolean }>();

function isControl(target: EventTarget | null): target is Control {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * Hydration gives the form library its fields with their initial values, which would wipe what the
 * user typed meanwhile. Type it again, the way React hears it (the native setter, then the events).
 */
function restoreEarlyInput(): void {
  for (const [key, { value, checked }] of early) {
    const control = document.getElementById(key) ?? document.getElementsByName(key)[0];
    if (!isControl(control)) continue;
    const prototype = Object.getPrototypeOf(control) as object;
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== checked) control.click();
      continue;
    }
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }
  early.clear();
}

function start(): Promise<void> {
  if (!hydration) {
    for (const type of EARLY_EVENTS) window.removeEventListener(type, onEarlyEvent, true);
    hydration = import(/* webpackChunkName: "hydrate" */ './hydrate')
      .then(({ hydrateSite }) => hydrateSite())
      .then(() => {
        hydrated = true;
        restoreEarlyInput();
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

function onEarlyEvent(): void {
  void start();
}

const EARLY_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
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

for (const type of ['input', 'change'] as const) {
  window.addEventListener(
    type,
    (event) => {
      const control = event.target;
      if (hydrated || !isControl(control) || !(control.id || control.name)) return;
      const checked = control instanceof HTMLInputElement ? control.checked : false;
      early.set(control.id || control.name, { value: control.value, checked });
    },
    { capture: true },
  );
}

function whenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start(), { timeout: 1500 });
  else setTimeout(() => void start(), 1);
}

if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
