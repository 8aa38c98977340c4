import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
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

  it('wires hint and error to the input with aria-describedby and aria-invalid', () => {
    render(<Harness onSubmit={jest.fn()} error="Please enter a valid email address" />);
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Receipts go here Please enter a valid email address');
  });
});
