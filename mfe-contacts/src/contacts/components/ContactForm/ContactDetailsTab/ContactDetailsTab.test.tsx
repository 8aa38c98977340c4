import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInContactForm } from '../contactFormTestHarness';
import { ContactDetailsTab } from './ContactDetailsTab';

const checked = (label: string) => screen.getAllByLabelText(label).map((box) => (box as HTMLInputElement).checked);

test('keeps exactly one primary phone: the first added, the one marked, and the next when the primary is removed', async () => {
  const { submitted, lastSubmitted } = renderInContactForm(<ContactDetailsTab />, { organization: 'Acme' });
  await userEvent.click(screen.getByRole('button', { name: '+ Add Phone' }));
  await userEvent.click(screen.getByRole('button', { name: '+ Add Phone' }));
  await userEvent.click(screen.getByRole('button', { name: '+ Add Phone' }));
  expect(checked('Primary phone number')).toEqual([true, false, false]);
  await userEvent.click(screen.getAllByLabelText('Primary phone number')[1]);
  expect(checked('Primary phone number')).toEqual([false, true, false]);
  await userEvent.click(screen.getByRole('button', { name: 'Remove Phone 2' }));
  expect(checked('Primary phone number')).toEqual([true, false]);

  const [first, second] = screen.getAllByLabelText('Phone number');
  await userEvent.type(first, '555-0101');
  await userEvent.type(second, '555-0102');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted().phoneNumbers).toMatchObject([
    { phoneNumber: '555-0101', isPrimary: true },
    { phoneNumber: '555-0102', isPrimary: false },
  ]);
});

test('shows the saved emails and binds the other contact fields', async () => {
  const { submitted, lastSubmitted } = renderInContactForm(<ContactDetailsTab />, {
    organization: 'Acme',
    emailAddresses: [
      { emailAddress: 'ada@example.org', emailType: 'work', isPrimary: true, notes: '' },
      { emailAddress: 'ada@home.example', emailType: 'personal', isPrimary: false, notes: '' },
    ],
  });
  expect(screen.getAllByLabelText('Email address').map((input) => (input as HTMLInputElement).value)).toEqual(['ada@example.org', 'ada@home.example']);
  expect(checked('Primary email address')).toEqual([true, false]);
  await userEvent.click(screen.getAllByLabelText('Primary email address')[1]);
  await userEvent.type(screen.getByLabelText('Mobile phone'), '555-0199');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted()).toMatchObject({
    mobilePhone: '555-0199',
    emailAddresses: [{ isPrimary: false }, { emailAddress: 'ada@home.example', isPrimary: true }],
  });
});
