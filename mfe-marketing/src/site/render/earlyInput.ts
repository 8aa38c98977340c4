// What a visitor types or chooses in a prerendered form before React owns it (loader.ts): React
// hydrates the page only once the form is first used, and hydration hands the form library its
// fields with their initial values, which wipes what was typed meanwhile. It is kept here and typed
// again, the way React hears it, once the page is hydrated.

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isControl(target: EventTarget | null): target is Control {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

export type EarlyInput = {
  /** An `input` or `change` event (a capture listener on the window): its control's value is kept. */
  record(event: Event): void;
  /**
   * React has committed the page: the fields are the form library's from here, and what an event
   * says now is no longer the visitor's alone. A select's `input` can make React hydrate at once,
   * inside that event (a discrete event on a page still hydrating), and wipe the fields before the
   * `change` of the same choice: kept then, the wiped value would replace the chosen one.
   */
  stop(): void;
  /** Types the kept values again: the native setter, then `input` and `change`. */
  restore(document: Document): void;
};

export function earlyInput(inRegion: (target: Element) => boolean): EarlyInput {
  /** By control id (or name). */
  const kept = new Map<string, { value: string; checked: boolean }>();
  let recording = true;
  return {
    record(event) {
      const control = event.target;
      if (!recording || !isControl(control) || !inRegion(control) || !(control.id || control.name)) return;
      const checked = control instanceof HTMLInputElement ? control.checked : false;
      kept.set(control.id || control.name, { value: control.value, checked });
    },
    stop() {
      recording = false;
    },
    restore(document) {
      for (const [key, { value, checked }] of kept) {
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
      kept.clear();
    },
  };
}
