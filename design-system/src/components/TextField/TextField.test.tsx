import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './TextField';

describe('TextField', () => {
  it('labels the input and types into it', async () => {
    const handleChange = jest.fn();
    render(<TextField label="Email" type="email" onChange={handleChange} />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    await userEvent.type(input, 'a@b.co');
    expect(input).toHaveValue('a@b.co');
    expect(handleChange).toHaveBeenCalled();
  });

  it('links hint and error with aria-describedby and marks the field invalid', () => {
    render(<TextField label="Password" type="password" hint="At least 8 characters" error="Password is required" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At least 8 characters Password is required');
  });

  it('is valid without an error', () => {
    render(<TextField label="First name" />);
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
  });

  it('renders a textarea when multiline', () => {
    render(<TextField multiline label="Message" rows={6} />);
    const area = screen.getByLabelText('Message');
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '6');
  });

  it('keeps a hidden label accessible', () => {
    render(<TextField label="Search" hideLabel placeholder="Search lists..." />);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search lists...');
  });
});
