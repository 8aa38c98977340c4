// Test-only: mounts one tab of the contact form inside the form the page makes (useContactForm, the
// contract's rules), as the page does, with a Save button that submits it.
import type { ReactNode } from 'react';
import { Form } from '@caucus/design-system/form';
import { renderAt } from '@caucus/platform/testing';
import { useContactForm } from '../../hooks/useContactForm';
import { emptyContactForm, type ContactFormValues } from '../../utils/contactForm';

type HarnessProps = { values: Partial<ContactFormValues>; onSubmit: (values: ContactFormValues) => void; children: ReactNode };

function Harness({ values, onSubmit, children }: HarnessProps) {
  const form = useContactForm({ ...emptyContactForm(), ...values });
  return (
    <Form form={form} onSubmit={(valid) => onSubmit(valid)}>
      {children}
      <button type="submit">Save</button>
    </Form>
  );
}

/** Renders `tab` in a contact form starting from `values`; `submitted` receives the values of each valid submit. */
export function renderInContactForm(tab: ReactNode, values: Partial<ContactFormValues> = {}) {
  const submitted = jest.fn<void, [ContactFormValues]>();
  const view = renderAt(
    '/',
    '/',
    <Harness values={values} onSubmit={submitted}>
      {tab}
    </Harness>,
  );
  const lastSubmitted = (): ContactFormValues => {
    const calls = submitted.mock.calls;
    if (calls.length === 0) throw new Error('The form was not submitted');
    return calls[calls.length - 1][0];
  };
  return { ...view, submitted, lastSubmitted };
}
