import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInContactForm } from '../contactFormTestHarness';
import { EmploymentTab } from './EmploymentTab';

test('Current position clears and disables the end date, and the position is sent without one', async () => {
  const { submitted, lastSubmitted } = renderInContactForm(<EmploymentTab />, { organization: 'Acme' });
  await userEvent.click(screen.getByRole('button', { name: '+ Add Employment' }));
  await userEvent.type(screen.getByLabelText(/Company name/), 'Analytical Engines');
  await userEvent.type(screen.getByLabelText('End date'), '2024-05-01');
  await userEvent.click(screen.getByLabelText('Current position'));
  expect(screen.getByLabelText('End date')).toHaveValue('');
  expect(screen.getByLabelText('End date')).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted().employment).toEqual([expect.objectContaining({ companyName: 'Analytical Engines', endDate: '', isCurrent: true })]);
});

test("shows the contract's message for a position without a company", async () => {
  const { submitted } = renderInContactForm(<EmploymentTab />, { organization: 'Acme' });
  await userEvent.click(screen.getByRole('button', { name: '+ Add Employment' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Company name is required')).toBeInTheDocument();
  expect(submitted).not.toHaveBeenCalled();
});
