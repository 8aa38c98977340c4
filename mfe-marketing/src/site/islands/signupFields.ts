// The account step's fields: their values, the draft put back in them, and their messages drawn as
// the bound fields draw them (TextField, Select, Checkbox), for the signup island (ADR 0014).
import type { SignupDraft } from '../../signup/utils/signupDraft';
import type { SignupForm } from '../../signup/utils/signupForm';

export type Control = HTMLInputElement | HTMLSelectElement;
type Issue = { path: readonly PropertyKey[]; message: string };

/** The typed fields, in SignupForm's order. */
const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword', 'organizationName', 'organizationType', 'phone'] as const;

export const fieldControl = (account: HTMLElement, name: string) => account.querySelector<Control>(`[name="${name}"]`);

/** The form's values as typed, as SignupPage's form holds them. */
export function signupValues(account: HTMLElement, planId: string): SignupForm {
  const typed = Object.fromEntries(TEXT_FIELDS.map((name) => [name, fieldControl(account, name)?.value ?? '']));
  const agree = fieldControl(account, 'agreeToTerms');
  // The select's value is one of its options: an organization type, or '' when none is chosen.
  return { ...(typed as Pick<SignupForm, (typeof TEXT_FIELDS)[number]>), planId, agreeToTerms: agree instanceof HTMLInputElement && agree.checked };
}

/** What was typed before the checkout was canceled, back in its fields (never the password). */
export function restoreDraft(account: HTMLElement, draft: SignupDraft): void {
  for (const name of TEXT_FIELDS) {
    const field = fieldControl(account, name);
    if (field && name in draft) field.value = draft[name as keyof SignupDraft] as string;
  }
  const agree = fieldControl(account, 'agreeToTerms');
  if (agree instanceof HTMLInputElement) agree.checked = draft.agreeToTerms;
}

export function clearFieldError(root: Document, field: Control): void {
  if (!field.hasAttribute('aria-invalid')) return;
  root.getElementById(`${field.id}-error`)?.remove();
  field.removeAttribute('aria-invalid');
  const valid = field.dataset.validClass;
  if (valid !== undefined) field.className = valid;
  const describedBy = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== `${field.id}-error`);
  if (describedBy.length > 0) field.setAttribute('aria-describedby', describedBy.join(' '));
  else field.removeAttribute('aria-describedby');
}

export function clearFieldErrors(root: Document, account: HTMLElement): void {
  for (const field of account.querySelectorAll<Control>('[aria-invalid]')) clearFieldError(root, field);
}

/** The message under the field, with the classes of the components' own error states (`invalid`). */
export function showFieldError(root: Document, invalid: HTMLElement, field: Control, message: string): void {
  const kind = field instanceof HTMLSelectElement ? 'select' : field.type === 'checkbox' ? 'checkbox' : 'text';
  const model = invalid.querySelector<HTMLElement>(`[data-signup-invalid="${kind}"]`);
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
}

/**
 * A schema's issues, each field's first under it (the plan's to `planError`, when its step is shown);
 * as react-hook-form does, the first field in error takes the focus. Always false: the step is not valid.
 */
export function showIssues(root: Document, invalid: HTMLElement, account: HTMLElement, issues: readonly Issue[], planError: ((message: string) => void) | null) {
  const shown = new Set<string>();
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    if (shown.has(name)) continue;
    shown.add(name);
    if (name === 'planId') {
      planError?.(issue.message);
      continue;
    }
    const field = fieldControl(account, name);
    if (field) showFieldError(root, invalid, field, issue.message);
  }
  account.querySelector<Control>('[aria-invalid="true"]')?.focus();
  return false;
}

/** The email step's answer when the address is taken: said under the field, which takes the focus. */
export function showEmailTaken(root: Document, invalid: HTMLElement, account: HTMLElement, message: string): false {
  const email = fieldControl(account, 'email');
  if (email) {
    showFieldError(root, invalid, email, message);
    email.focus();
  }
  return false;
}
