import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInContactForm } from '../contactFormTestHarness';
import { SAVE_FIRST_IMAGES } from '../contactFormTabs';
import { BasicInfoTab } from './BasicInfoTab';

test("shows the contract's identity rule as an alert and submits nothing until a name, organization or email is given", async () => {
  const { submitted, lastSubmitted } = renderInContactForm(<BasicInfoTab plausibility={null} />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Please provide at least a name, organization, or email address');
  expect(submitted).not.toHaveBeenCalled();

  await userEvent.type(screen.getByLabelText('Organization'), 'Acme');
  await userEvent.click(screen.getByRole('checkbox', { name: /Volunteer/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted()).toMatchObject({ organization: 'Acme', status: 'active', isVolunteer: true, isBoardMember: false });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('asks to save a new contact before its image, and shows the warnings the page passes beside the birth date', () => {
  renderInContactForm(<BasicInfoTab plausibility={<p>Birth date is in the future</p>} />, { firstName: 'Grace' });
  expect(screen.getByText(SAVE_FIRST_IMAGES)).toBeInTheDocument();
  expect(screen.getByLabelText('First name')).toHaveValue('Grace');
  expect(screen.getByLabelText('Birth date')).toHaveAttribute('type', 'date');
  expect(screen.getByText('Birth date is in the future')).toBeInTheDocument();
  expect(screen.getByLabelText('Status')).toHaveValue('active');
});
