import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type FieldErrors, type ResolverResult } from 'react-hook-form';
import { Form } from '../Form';
import { FormTextField } from './FormTextField';

type Values = { email: string; message: string };

function Harness({ onSubmit, error }: { onSubmit: (values: Values) => void; error?: string }) {
  const form = useForm<Values>({
    defaultValues: { email: 'ada@example.org', message: '' },
    errors: error ? { email: { type: 'validate', message: error } } : undefined,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormTextField<Values> name="email" label="Email" type="email" hint="Receipts go here" required />
      <FormTextField<Values> name="message" label="Message" multiline rows={3} />
      <button type="submit">Send</button>
    </Form>
  );
}

describe('FormTextField', () => {
  it('shows the form value and writes edits back to the form', async () => {
    const handleSubmit = jest.fn();
    render(<Harness onSubmit={handleSubmit} />);
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveValue('ada@example.org');
    expect(email).toBeRequired();
    await userEvent.type(screen.getByLabelText('Message'), 'Hello');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(handleSubmit).toHaveBeenCalledWith({ email: 'ada@example.org', message: 'Hello' }, expect.anything());
  });

  it('marks a required field: a visible * hidden from assistive tech, and a required input', () => {
    render(<Harness onSubmit={jest.fn()} />);
    // The accessible name is the label alone: the * is aria-hidden, the requirement is announced by `required`.
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toBeRequired();
    const mark = screen.getByText('*', { exact: false, selector: 'label span' });
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(mark.closest('label')).toHaveAttribute('for', email.id);
    // An optional field has neither.
    const message = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    expect(message).not.toBeRequired();
    expect(message.labels?.[0]?.querySelector('[aria-hidden="true"]')).toBeNull();
  });

  it('shows the message about one item of a text the schema reads as a list', async () => {
    type Tags = { tags: string };
    // What zodResolver returns when the schema splits the text and one item breaks a rule: 'tags.1'.
    const tagsResolver = async (): Promise<ResolverResult<Tags>> => ({
      values: {},
      errors: { tags: [undefined, { type: 'too_big', message: 'Tags must be at most 50 characters' }] } as unknown as FieldErrors<Tags>,
    });
    function TagsHarness() {
      const form = useForm<Tags>({ defaultValues: { tags: 'a, b' }, resolver: tagsResolver });
      return (
        <Form form={form} onSubmit={jest.fn()}>
          <FormTextField<Tags> name="tags" label="Tags" />
          <button type="submit">Save</button>
        </Form>
      );
    }
    render(<TagsHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const tags = screen.getByRole('textbox', { name: 'Tags' });
    expect(tags).toHaveAttribute('aria-invalid', 'true');
    expect(tags).toHaveAccessibleDescription('Tags must be at most 50 characters');
  });

  it('wires hint and error to the input with aria-describedby and aria-invalid', () => {
    render(<Harness onSubmit={jest.fn()} error="Please enter a valid email address" />);
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Receipts go here Please enter a valid email address');
  });
});
