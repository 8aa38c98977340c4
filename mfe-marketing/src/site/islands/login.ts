// The sign-in on its prerendered page, without React (ADR 0014): what the shell's LoginPage and
// TwoFactorStep do, on the markup LoginView prerendered. The fields are checked by the contract's
// own schemas (loginRules.ts), a chunk loaded when the form is first used, never by rules restated
// here. The session is the one every tab shares: the API's cookie, and the profile cached by
// setSession; the dashboard then loads as a page of its own.
import { textFieldStateClassNames } from '@caucus/design-system';
import {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  analytics,
  api,
  sessionFromLogin,
  setSession,
  type LoginData,
} from '@caucus/platform';
// LoginView's styles (the shell's auth CSS Modules), into the site's one stylesheet.
import '@caucus/design-system/auth/AuthLayout.module.css';
import '@caucus/design-system/auth/AuthForm.module.css';

/** As the shell's LoginPage: "Welcome Back!" shows this long before the dashboard opens. */
export const LOGIN_REDIRECT_DELAY_MS = 2000;
/** The shell's TWO_FACTOR_ENROLMENT_PATH (shell/src/app/RootLayout.tsx). */
export const TWO_FACTOR_ENROLMENT_PATH = '/dashboard/settings/security';

type SignedIn = LoginData & { twoFactorEnrollmentRequired?: true };
type Challenge = { twoFactorRequired: true; challengeToken: string };
type Rules = typeof import('./loginRules');
type Schema = Rules['loginSchema'] | Rules['twoFactorCodeSchema'] | Rules['recoveryCodeSchema'];

let rules: Promise<Rules> | null = null;
/** The contract's schemas, loaded once, when a form is first used. */
export function loadRules(): Promise<Rules> {
  rules ??= import(/* webpackChunkName: "login-rules" */ './loginRules');
  return rules;
}

/** The server's message, the network message, or the form's own fallback (shell/src/auth/errors.ts). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return NETWORK_ERROR_MESSAGE;
    if (error.message && error.message !== DEFAULT_ERROR_MESSAGE) return error.message;
  }
  return fallback;
}

export type LoginIsland = { dispose(): void };

type Navigate = (path: string) => void;

/**
 * Makes the prerendered sign-in act. `navigate` leaves for the dashboard (a full page load: the
 * shell is another page); tests pass their own.
 */
export function mountLogin(root: Document, navigate: Navigate = (path) => window.location.replace(path)): LoginIsland | null {
  const main = root.querySelector<HTMLElement>('[data-login]');
  const passwordForm = main?.querySelector<HTMLFormElement>('form[data-login-form="password"]');
  if (!main || !passwordForm) return null;
  const brand = main.firstElementChild;
  // The password step as prerendered (title, subtitle, form): put back as it was by "Back to sign in".
  const passwordView = [...main.children].filter((node) => node !== brand && node.tagName !== 'TEMPLATE');
  const templates = [...main.querySelectorAll('template')];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let remember = false;
  let challengeToken = '';

  const template = (attribute: string, name = ''): DocumentFragment => {
    const found = templates.find((node) => node.getAttribute(attribute) === name);
    return found ? (found.content.cloneNode(true) as DocumentFragment) : root.createDocumentFragment();
  };

  /** Everything between the brand and the templates gives way to `nodes`. */
  const show = (nodes: Node[]) => {
    for (const node of [...main.children]) if (node !== brand && node.tagName !== 'TEMPLATE') node.remove();
    brand?.after(...nodes);
  };

  const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement | null;

  const clearErrors = (form: HTMLFormElement) => {
    for (const message of form.querySelectorAll('[data-field-error]')) message.remove();
    for (const input of form.querySelectorAll('input[aria-invalid]')) {
      input.removeAttribute('aria-invalid');
      input.classList.remove(textFieldStateClassNames.invalid);
      const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== `${input.id}-error`);
      if (describedBy.length > 0) input.setAttribute('aria-describedby', describedBy.join(' '));
      else input.removeAttribute('aria-describedby');
    }
    form.querySelector('[data-form-error]')?.remove();
  };

  /** The message under a field, as TextField draws it, announced with the field. */
  const fieldError = (input: HTMLInputElement, message: string) => {
    const node = root.createElement('p');
    node.id = `${input.id}-error`;
    node.className = textFieldStateClassNames.error;
    node.dataset.fieldError = '';
    node.textContent = message;
    input.closest('div')?.append(node);
    input.setAttribute('aria-invalid', 'true');
    input.classList.add(textFieldStateClassNames.invalid);
    input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), node.id].filter(Boolean).join(' '));
  };

  /** The form's error (FormError), after its submit button. */
  const formError = (form: HTMLFormElement, message: string) => {
    const node = template('data-login-error').firstElementChild as HTMLElement | null;
    if (!node) return;
    node.dataset.formError = '';
    node.textContent = message;
    form.querySelector('button[type="submit"]')?.after(node);
  };

  /** The submit button while the request runs ("Signing In...", "Verifying..."), and back. */
  const busy = (form: HTMLFormElement, name: string): (() => void) => {
    const button = form.querySelector('button[type="submit"]');
    const spinning = template('data-login-busy', name).firstElementChild;
    if (!button || !spinning) return () => undefined;
    button.replaceWith(spinning);
    return () => spinning.replaceWith(button);
  };

  /** Runs the contract's schema on the form; the values, or the messages under the fields. */
  const validate = async (form: HTMLFormElement, schema: (rules: Rules) => Schema, input: Record<string, unknown>) => {
    const result = schema(await loadRules()).safeParse(input);
    if (result.success) return result.data as Record<string, unknown>;
    const shown = new Set<string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      const control = field(form, name);
      if (!control || shown.has(name)) continue;
      shown.add(name);
      fieldError(control, issue.message);
    }
    // As react-hook-form does: the first field in error takes the focus.
    form.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
    return null;
  };

  /** A form's submit: checked, sent once at a time, its errors said. */
  const onSubmit = (form: HTMLFormElement, send: () => Promise<void>) => {
    let sending = false;
    form.addEventListener('focusin', () => void loadRules(), { once: true });
    form.addEventListener('pointerdown', () => void loadRules(), { once: true });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (sending) return;
      sending = true;
      void send().finally(() => {
        sending = false;
      });
    });
  };

  const signedIn = (data: SignedIn, method: 'password' | 'two_factor') => {
    setSession(sessionFromLogin(data), { remember });
    analytics.track('login', { method, rememberMe: remember });
    show([...template('data-login-view', 'success').childNodes]);
    // Required by the organization and not set up yet: straight to the enrolment, which says why.
    const target = data.twoFactorEnrollmentRequired ? TWO_FACTOR_ENROLMENT_PATH : '/dashboard';
    timer = setTimeout(() => navigate(target), LOGIN_REDIRECT_DELAY_MS);
  };

  /** The two-factor step: the code form, or the recovery code form instead. */
  const twoFactor = () => {
    const view = template('data-login-view', 'two-factor');
    const slot = view.querySelector('[data-login-slot]');
    const toggle = view.querySelector<HTMLButtonElement>('[data-login-action="toggle-recovery"]');
    const cancel = view.querySelector<HTMLButtonElement>('[data-login-action="cancel"]');
    let current: HTMLFormElement | null = null;
    const showCodeForm = (recovery: boolean) => {
      const form = template('data-login-view', recovery ? 'recovery' : 'code').querySelector('form');
      if (!form) return;
      const name = recovery ? 'recoveryCode' : 'code';
      onSubmit(form, async () => {
        clearErrors(form);
        const values = await validate(form, (all) => (recovery ? all.recoveryCodeSchema : all.twoFactorCodeSchema), {
          [name]: field(form, name)?.value ?? '',
        });
        if (!values) return;
        const done = busy(form, 'code');
        try {
          const data = await api.post<SignedIn>('/auth/login/two-factor', { challengeToken, ...values }, { skipAuthRedirect: true });
          signedIn(data, 'two_factor');
        } catch (error) {
          done();
          const control = field(form, name);
          if (!recovery && control) control.value = '';
          formError(form, errorMessage(error, 'Verification failed'));
        }
      });
      (current ?? slot)?.replaceWith(form);
      current = form;
      const label = toggle?.querySelector('span:last-child') ?? toggle;
      if (label) label.textContent = recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead';
      field(form, name)?.focus();
    };
    let recovery = false;
    toggle?.addEventListener('click', () => {
      recovery = !recovery;
      showCodeForm(recovery);
    });
    cancel?.addEventListener('click', () => {
      challengeToken = '';
      const password = field(passwordForm, 'password');
      if (password) password.value = '';
      show(passwordView);
    });
    show([...view.childNodes]);
    showCodeForm(false);
  };

  onSubmit(passwordForm, async () => {
    clearErrors(passwordForm);
    const values = await validate(passwordForm, (all) => all.loginSchema, {
      email: field(passwordForm, 'email')?.value ?? '',
      password: field(passwordForm, 'password')?.value ?? '',
      rememberMe: field(passwordForm, 'rememberMe')?.checked ?? false,
    });
    if (!values) return;
    const done = busy(passwordForm, 'password');
    try {
      // A wrong password is a 401 that belongs under the form, not a sign-out.
      const data = await api.post<SignedIn | Challenge>('/auth/login', values, { skipAuthRedirect: true });
      remember = values.rememberMe === true;
      done();
      if ('twoFactorRequired' in data) {
        challengeToken = data.challengeToken;
        twoFactor();
        return;
      }
      signedIn(data, 'password');
    } catch (error) {
      done();
      formError(passwordForm, errorMessage(error, 'Login failed'));
      analytics.track('form_submit_error', { form: 'login' });
    }
  });

  return {
    dispose() {
      if (timer) clearTimeout(timer);
    },
  };
}
