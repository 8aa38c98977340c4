import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInContactForm } from '../contactFormTestHarness';
import { AddressesTab } from './AddressesTab';

const address = (streetAddress1: string, isPrimary: boolean) => ({
  addressType: 'home',
  isPrimary,
  streetAddress1,
  streetAddress2: '',
  city: 'Springfield',
  stateProvince: 'IL',
  postalCode: '62701',
  country: 'US',
  notes: '',
});

test("shows the contract's required-field messages on an empty address and submits nothing", async () => {
  const { submitted } = renderInContactForm(<AddressesTab />, { organization: 'Acme' });
  await userEvent.click(screen.getByRole('button', { name: '+ Add Address' }));
  expect(screen.getByLabelText('Primary address')).toBeChecked();
  expect(screen.getByLabelText('Address country')).toHaveValue('US');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  for (const text of ['Street address is required', 'City is required', 'State/province is required', 'Postal code is required']) {
    expect(await screen.findByText(text)).toBeInTheDocument();
  }
  expect(submitted).not.toHaveBeenCalled();
});

test('moves addresses up and down, each keeping its primary mark', async () => {
  const { submitted, lastSubmitted } = renderInContactForm(<AddressesTab />, {
    organization: 'Acme',
    addresses: [address('1 First St', true), address('2 Second St', false)],
  });
  expect(screen.getByRole('button', { name: 'Move address 1 up' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Move address 2 down' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Move address 1 down' }));
  expect(screen.getAllByLabelText(/Street address 1/).map((input) => (input as HTMLInputElement).value)).toEqual(['2 Second St', '1 First St']);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted().addresses).toMatchObject([
    { streetAddress1: '2 Second St', isPrimary: false },
    { streetAddress1: '1 First St', isPrimary: true },
  ]);
});
