import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  it('announces the title and the error message and retries on click', async () => {
    const handleRetry = jest.fn();
    render(<ErrorState title="Failed to load import history" error={new Error('Database unavailable')} onRetry={handleRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load import history');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(handleRetry).toHaveBeenCalledTimes(1);
  });

  it('falls back to the generic message for a value that is not an Error', () => {
    render(<ErrorState title="Events could not be loaded" error="boom" onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred');
  });

  it('disables Retry while the refetch runs', () => {
    render(<ErrorState title="Events could not be loaded" error={null} onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
  });
});
