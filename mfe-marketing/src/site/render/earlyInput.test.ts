import { earlyInput } from './earlyInput';

/** A prerendered form of the contact page's kind, its input watched as loader.ts watches it. */
function page() {
  document.body.innerHTML = `
    <section data-region>
      <form>
        <input id="name" name="name" />
        <select id="subject" name="subject"><option value="">Choose</option><option value="partnership">Partnership</option></select>
      </form>
    </section>`;
  const region = document.querySelector('[data-region]')!;
  const userInput = earlyInput((target) => region.contains(target));
  for (const type of ['input', 'change']) window.addEventListener(type, userInput.record, { capture: true });
  const name = document.getElementById('name') as HTMLInputElement;
  const subject = document.getElementById('subject') as HTMLSelectElement;
  // What the form library hears: each field's value at its change events.
  const heard: string[] = [];
  region.addEventListener('change', (event) => heard.push(`${(event.target as HTMLInputElement).name}=${(event.target as HTMLInputElement).value}`));
  const cleanup = () => {
    for (const type of ['input', 'change']) window.removeEventListener(type, userInput.record, { capture: true });
  };
  return { userInput, name, subject, heard, region, cleanup };
}

/** A choice as a browser (or Playwright's selectOption) makes it: the value, then input, then change. */
function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

function type(input: HTMLInputElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

it('types again what was typed before hydration, once the page is hydrated', () => {
  const { userInput, name, subject, heard, cleanup } = page();
  type(name, 'Dana Whitfield');
  choose(subject, 'partnership');
  // Hydration: the form library takes its fields with their initial values.
  name.value = '';
  subject.value = '';
  userInput.stop();
  heard.length = 0;
  userInput.restore(document);
  expect([name.value, subject.value]).toEqual(['Dana Whitfield', 'partnership']);
  expect(heard).toEqual(['name=Dana Whitfield', 'subject=partnership']);
  cleanup();
});

it("keeps a choice whose own input event made React hydrate, not the value hydration left before the choice's change", () => {
  const { userInput, name, subject, region, cleanup } = page();
  type(name, 'Dana Whitfield');
  // A discrete event on a page React is still hydrating hydrates it at once, inside that event: the
  // fields are wiped and the commit's layout effect stops the recording (hydrate.tsx), all before
  // the same choice's change event is dispatched.
  let hydratedInside = false;
  region.addEventListener('input', () => {
    if (hydratedInside) return;
    hydratedInside = true;
    name.value = '';
    subject.value = '';
    userInput.stop();
  });
  choose(subject, 'partnership');
  expect(subject.value).toBe('');
  userInput.restore(document);
  expect([name.value, subject.value]).toEqual(['Dana Whitfield', 'partnership']);
  cleanup();
});

it('keeps nothing from outside the form region', () => {
  const { userInput, cleanup } = page();
  document.body.insertAdjacentHTML('beforeend', '<input id="elsewhere" />');
  const elsewhere = document.getElementById('elsewhere') as HTMLInputElement;
  type(elsewhere, 'not kept');
  userInput.stop();
  elsewhere.value = '';
  userInput.restore(document);
  expect(elsewhere.value).toBe('');
  cleanup();
});
