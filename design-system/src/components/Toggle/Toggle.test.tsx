import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toggle } from './Toggle';

describe('Toggle', () => {
  it('is a switch that flips when uncontrolled, by click and keyboard', async () => {
    const handleChange = jest.fn();
    render(<Toggle label="Email notifications" onChange={handleChange} />);
    const toggle = screen.getByRole('switch', { name: 'Email notifications' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(handleChange.mock.calls).toEqual([[true], [false]]);
  });

  it('follows the checked prop when controlled', async () => {
    function Controlled() {
      const [on, setOn] = useState(true);
      return <Toggle label="Active" checked={on} onChange={setOn} />;
    }
    render(<Controlled />);
    const toggle = screen.getByRole('switch', { name: 'Active' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('does nothing when disabled', async () => {
    const handleChange = jest.fn();
    render(<Toggle label="Locked" disabled onChange={handleChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Locked' }));
    expect(handleChange).not.toHaveBeenCalled();
  });
});
