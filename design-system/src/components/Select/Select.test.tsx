import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from './Select';

const options = [
  { value: 'campaign', label: 'Political campaign' },
  { value: 'nonprofit', label: 'Nonprofit' },
];

describe('Select', () => {
  it('selects an option by its label', async () => {
    const handleChange = jest.fn();
    render(<Select label="Organization type" options={options} placeholder="Select a type" onChange={handleChange} />);
    const select = screen.getByLabelText('Organization type');
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'Nonprofit');
    expect(select).toHaveValue('nonprofit');
    expect(handleChange).toHaveBeenCalled();
  });

  it('shows and links an error', () => {
    render(<Select label="Organization type" options={options} error="Organization type is required" />);
    const select = screen.getByLabelText('Organization type');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Organization type is required');
  });
});
