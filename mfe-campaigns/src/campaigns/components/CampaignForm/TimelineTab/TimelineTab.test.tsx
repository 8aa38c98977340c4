import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInCampaignForm, VALID_CAMPAIGN } from '../campaignFormTestHarness';
import { TimelineTab } from './TimelineTab';

test("shows the contract's message for an end before the start, and sends the days once they are in order", async () => {
  const { submitted, lastSubmitted } = renderInCampaignForm(<TimelineTab />, VALID_CAMPAIGN);
  await userEvent.type(screen.getByLabelText('Start Date'), '2026-06-30');
  await userEvent.type(screen.getByLabelText('End Date'), '2026-03-01');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('End date must be after start date')).toBeInTheDocument();
  expect(submitted).not.toHaveBeenCalled();

  await userEvent.clear(screen.getByLabelText('End Date'));
  await userEvent.type(screen.getByLabelText('End Date'), '2026-09-30');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted()).toMatchObject({ startDate: '2026-06-30', endDate: '2026-09-30' });
});
