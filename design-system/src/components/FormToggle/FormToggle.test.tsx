import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Form } from '../Form';
import { FormToggle } from './FormToggle';

type Values = { isVirtual: boolean };

function Harness({ onSubmit, onValueChange }: { onSubmit: (v: Values) => void; onValueChange?: (on: boolean) => void }) {
  const form = useForm<Values>({ defaultValues: { isVirtual: false } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormToggle<Values> name="isVirtual" label="Virtual event" onValueChange={onValueChange} />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('FormToggle', () => {
  it('binds a boolean to a switch', async () => {
    const handleSubmit = jest.fn();
    const handleValueChange = jest.fn();
    render(<Harness onSubmit={handleSubmit} onValueChange={handleValueChange} />);
    const toggle = screen.getByRole('switch', { name: 'Virtual event' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(handleValueChange).toHaveBeenCalledWith(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(handleSubmit).toHaveBeenCalledWith({ isVirtual: true }, expect.anything());
  });
});
