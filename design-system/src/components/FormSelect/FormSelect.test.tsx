import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Form } from '../Form';
import { FormSelect } from './FormSelect';

type Values = { campaignId: string };

function Harness({ onSubmit, onValueChange, error }: { onSubmit: (v: Values) => void; onValueChange?: (v: string) => void; error?: string }) {
  const form = useForm<Values>({
    defaultValues: { campaignId: '' },
    errors: error ? { campaignId: { type: 'validate', message: error } } : undefined,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormSelect<Values>
        name="campaignId"
        label="Campaign"
        required
        placeholder="Select a campaign"
        options={[
          { value: 'c-1', label: 'Spring Appeal' },
          { value: 'c-2', label: 'Get Out The Vote' },
        ]}
        onValueChange={onValueChange}
      />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('FormSelect', () => {
  it('binds the chosen option to the form and reports the change', async () => {
    const handleSubmit = jest.fn();
    const handleValueChange = jest.fn();
    render(<Harness onSubmit={handleSubmit} onValueChange={handleValueChange} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Campaign/ }), 'Get Out The Vote');
    expect(handleValueChange).toHaveBeenCalledWith('c-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(handleSubmit).toHaveBeenCalledWith({ campaignId: 'c-2' }, expect.anything());
  });

  it('marks a required select: a visible * hidden from assistive tech, and a required select', () => {
    render(<Harness onSubmit={jest.fn()} />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Campaign' });
    expect(select).toBeRequired();
    const mark = select.labels?.[0]?.querySelector('span');
    expect(mark).toHaveTextContent('*');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows its error and marks the select invalid', () => {
    render(<Harness onSubmit={jest.fn()} error="Please select a campaign" />);
    const select = screen.getByRole('combobox', { name: /Campaign/ });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Please select a campaign');
  });
});
