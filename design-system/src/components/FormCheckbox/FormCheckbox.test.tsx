import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Form } from '../Form';
import { FormCheckbox } from './FormCheckbox';

type Values = { agreeToTerms: boolean };

function Harness({ onSubmit, error }: { onSubmit: (v: Values) => void; error?: string }) {
  const form = useForm<Values>({
    defaultValues: { agreeToTerms: false },
    errors: error ? { agreeToTerms: { type: 'validate', message: error } } : undefined,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormCheckbox<Values> name="agreeToTerms" label="I agree to the terms and conditions" />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('FormCheckbox', () => {
  it('binds a boolean', async () => {
    const handleSubmit = jest.fn();
    render(<Harness onSubmit={handleSubmit} />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(box).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(handleSubmit).toHaveBeenCalledWith({ agreeToTerms: true }, expect.anything());
  });

  it('announces its error', () => {
    render(<Harness onSubmit={jest.fn()} error="You must agree to the terms and conditions" />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('You must agree to the terms and conditions');
  });
});
