import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInCampaignForm, VALID_CAMPAIGN } from '../campaignFormTestHarness';
import { GoalsTab } from './GoalsTab';

test('binds the three goals as typed, money in cents and counts in whole numbers', async () => {
  const { submitted, lastSubmitted } = renderInCampaignForm(<GoalsTab />, VALID_CAMPAIGN);
  const money = screen.getByRole('spinbutton', { name: 'Fundraising Goal ($)' });
  expect(money).toHaveValue(0);
  expect(money).toHaveAttribute('step', '0.01');
  expect(screen.getByRole('spinbutton', { name: 'Contact Goal' })).toHaveAttribute('step', '1');
  await userEvent.clear(money);
  await userEvent.type(money, '50000');
  await userEvent.clear(screen.getByRole('spinbutton', { name: 'Volunteer Goal' }));
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Volunteer Goal' }), '40');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted()).toMatchObject({ fundraisingGoal: '50000', contactGoal: '0', volunteerGoal: '40' });
});
