import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryState, type QueryStateQuery } from './QueryState';

const settled = { isPending: false, isError: false, error: null, isFetching: false, refetch: jest.fn() };

function renderWith(query: QueryStateQuery<string>) {
  return render(
    <QueryState query={query} what="Totals">
      {(data) => <p>{data}</p>}
    </QueryState>,
  );
}

it('shows the content once the data is there', () => {
  renderWith({ ...settled, data: 'Raised $1,200' });
  expect(screen.getByText('Raised $1,200')).toBeInTheDocument();
});

it('shows a busy status named after what loads while pending', () => {
  renderWith({ ...settled, isPending: true, data: undefined });
  expect(screen.getByRole('status', { name: 'Loading totals' })).toHaveAttribute('aria-busy', 'true');
});

it('shows the failure with a Retry that refetches', async () => {
  const refetch = jest.fn();
  renderWith({ ...settled, isError: true, error: new Error('Network error'), data: undefined, refetch });
  expect(screen.getByText('Totals could not be loaded')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(refetch).toHaveBeenCalledTimes(1);
});
