import { render, screen } from '@testing-library/react';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces loading', () => {
    render(<Spinner label="Loading contacts" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading contacts');
  });

  it('can stay silent inside a busy control', () => {
    render(<Spinner label={null} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
