import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows title, message and a working action', async () => {
    const handleClick = jest.fn();
    render(
      <EmptyState
        icon="📋"
        title="No contact lists found"
        message="Create a list to group contacts."
        action={
          <button type="button" onClick={handleClick}>
            Create List
          </button>
        }
      />,
    );
    expect(screen.getByRole('heading', { name: 'No contact lists found' })).toBeInTheDocument();
    expect(screen.getByText('Create a list to group contacts.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create List' }));
    expect(handleClick).toHaveBeenCalled();
  });
});
