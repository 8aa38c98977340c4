import { createPortal } from 'react-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type ResolverResult } from 'react-hook-form';
import { FormTextField } from '../FormTextField';
import { Form } from './Form';

type Values = { name: string };

const requireName = async (values: Values): Promise<ResolverResult<Values>> => {
  if (values.name.trim()) return { values: { name: values.name.trim() }, errors: {} };
  return { values: {}, errors: { name: { type: 'required', message: 'Name is required' } } };
};

function NameForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: { name: '' }, resolver: requireName, reValidateMode: 'onSubmit' });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Profile">
      <FormTextField<Values> name="name" label="Name" required />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('Form', () => {
  it('submits the resolver output when valid', async () => {
    const handleSubmit = jest.fn();
    render(<NameForm onSubmit={handleSubmit} />);
    expect(screen.getByRole('form', { name: 'Profile' })).toHaveAttribute('novalidate');
    await userEvent.type(screen.getByLabelText(/Name/), '  Ada  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(handleSubmit).toHaveBeenCalledWith({ name: 'Ada' }, expect.anything());
  });

  it('shows the error, focuses the field, and clears the error when the user edits it', async () => {
    const handleSubmit = jest.fn();
    render(<NameForm onSubmit={handleSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const input = screen.getByLabelText(/Name/);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required');
    expect(handleSubmit).not.toHaveBeenCalled();

    await userEvent.type(input, 'A');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

describe('Form inside a form', () => {
  it('submits only itself, also from a portal (a modal opened from a form)', async () => {
    const outerSubmit = jest.fn();
    const innerSubmit = jest.fn();
    function Inner() {
      const form = useForm<Values>({ defaultValues: { name: 'Pledge' } });
      return createPortal(
        <Form form={form} onSubmit={innerSubmit} aria-label="Inner">
          <button type="submit">Save inner</button>
        </Form>,
        document.body,
      );
    }
    function Outer() {
      const form = useForm<Values>({ defaultValues: { name: 'Contact' } });
      return (
        <Form form={form} onSubmit={outerSubmit} aria-label="Outer">
          <Inner />
        </Form>
      );
    }
    render(<Outer />);
    await userEvent.click(screen.getByRole('button', { name: 'Save inner' }));
    expect(innerSubmit).toHaveBeenCalledWith({ name: 'Pledge' }, expect.anything());
    expect(outerSubmit).not.toHaveBeenCalled();
  });
});
