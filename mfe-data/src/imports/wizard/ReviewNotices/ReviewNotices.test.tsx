import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReviewNotices, type ReviewNoticesProps } from './ReviewNotices';

const none: ReviewNoticesProps = {
  invalid: 0,
  warned: 0,
  warningsConfirmed: false,
  onWarningsConfirmedChange: () => undefined,
  capitals: 0,
  onTitleCaseNames: () => undefined,
};

test('says nothing when every row is fine', () => {
  const { container } = render(<ReviewNotices {...none} />);
  expect(container).toBeEmptyDOMElement();
});

test('counts the rows skipped for errors and the rows to confirm, and the box confirms them', async () => {
  const handleConfirmed = jest.fn();
  render(<ReviewNotices {...none} invalid={1200} warned={1} onWarningsConfirmedChange={handleConfirmed} />);
  expect(screen.getByText('1,200 rows have validation errors and will be skipped')).toBeInTheDocument();
  expect(screen.getByText('1 row has values to check: a date in the future or an amount over $5,000')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('checkbox', { name: 'I checked these rows: import them as they are' }));
  expect(handleConfirmed).toHaveBeenCalledWith(true);
});

test('offers title case for names written in capitals', async () => {
  const handleTitleCase = jest.fn();
  render(<ReviewNotices {...none} capitals={2} onTitleCaseNames={handleTitleCase} />);
  expect(screen.getByText(/2 rows write names in capitals \(as FEC files do\)/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Use title case for names' }));
  expect(handleTitleCase).toHaveBeenCalledTimes(1);
});
