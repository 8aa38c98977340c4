// The signup's buttons and what they say: Back or the spacer, Continue or Complete Payment, their
// busy state (the components' own, prerendered), and the form's error under them (ADR 0014).
import type { Part } from './signupPage';

export type SignupStatus = ReturnType<typeof createStatus>;

/** A button's text, beside its icon or spinner. */
function setLabel(button: Element, text: string): void {
  const span = button.querySelector('span:last-child');
  if (span) span.textContent = text;
}

/** The row of `actions`: `back` (or `spacer`, on the first step) and `submit`, and the error under it. */
export function createStatus(part: Part, actions: HTMLElement, submit: HTMLButtonElement, back: HTMLElement) {
  const spacer = actions.firstElementChild as HTMLElement;
  let busyButton: HTMLElement | null = null;
  let submitError: HTMLElement | null = null;
  return {
    /** The buttons on `step`; the busy one (the email being checked, the payment being sent) in place of submit. */
    show(step: number, text: string, busy: boolean, submitting: boolean, disabled: boolean) {
      const left = step > 0 ? back : spacer;
      if (actions.firstElementChild !== left) actions.firstElementChild?.replaceWith(left);
      back.toggleAttribute('disabled', submitting);
      setLabel(submit, text);
      submit.toggleAttribute('disabled', disabled);
      if (busy) {
        if (!busyButton) {
          busyButton = part(step < 2 ? 'continue-busy' : 'pay-busy');
          submit.replaceWith(busyButton);
        }
        setLabel(busyButton, text);
      } else if (busyButton) {
        busyButton.replaceWith(submit);
        busyButton = null;
      }
    },
    /** The form's error under its buttons, or none. */
    error(message: string | null) {
      submitError?.remove();
      submitError = null;
      if (message === null) return;
      submitError = part('submit-error');
      submitError.textContent = message;
      actions.after(submitError);
    },
  };
}
