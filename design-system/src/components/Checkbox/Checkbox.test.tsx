import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './Checkbox';

describe('Checkbox', () => {
  it('toggles when its label is clicked', async () => {
    render(<Checkbox label="Remember me" />);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('Remember me'));
    expect(box).toBeChecked();
  });

  it('describes an error', () => {
    render(<Checkbox label="I agree to the terms" error="You must agree to the terms and conditions" />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('You must agree to the terms and conditions');
  });

  it('cannot change when disabled', async () => {
    render(<Checkbox label="Current position" disabled />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Current position' }));
    expect(screen.getByRole('checkbox', { name: 'Current position' })).not.toBeChecked();
  });
});
