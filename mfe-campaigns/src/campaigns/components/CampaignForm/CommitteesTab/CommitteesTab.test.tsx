import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@caucus/platform/testing';
import { renderInCampaignForm, VALID_CAMPAIGN } from '../campaignFormTestHarness';
import { CommitteesTab } from './CommitteesTab';

afterEach(() => jest.restoreAllMocks());

function api(committees: 'ok' | 'fail' = 'ok') {
  return mockApi((url) => {
    if (url.pathname === '/api/campaigns/committees') {
      return committees === 'ok'
        ? { body: { data: { committees: [{ id: 'cm-1', name: 'Friends of Dana', committeeType: 'pac' }] } } }
        : { status: 500, body: { message: 'Database is unavailable' } };
    }
    if (url.pathname === '/api/campaigns/donation-accounts') {
      return { body: { data: { donationAccounts: [{ id: 'da-1', name: 'Main Account', account_type: 'checking' }] } } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

test("lists the committees and the campaign's donation accounts with their types; Edit committee waits for a choice", async () => {
  const fetch = api();
  const { submitted, lastSubmitted } = renderInCampaignForm(<CommitteesTab campaignId="cmp-1" />, VALID_CAMPAIGN);
  const committee = screen.getByRole('combobox', { name: 'Committee' });
  await within(committee).findByRole('option', { name: 'Friends of Dana (Pac)' });
  const account = screen.getByRole('combobox', { name: 'Donation Account' });
  await within(account).findByRole('option', { name: 'Main Account (Checking)' });
  const accountsCall = fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .find((url) => url.pathname === '/api/campaigns/donation-accounts');
  expect(accountsCall?.searchParams.get('campaignId')).toBe('cmp-1');

  expect(screen.getByRole('button', { name: 'Edit committee' })).toBeDisabled();
  await userEvent.selectOptions(committee, 'cm-1');
  expect(screen.getByRole('button', { name: 'Edit committee' })).toBeEnabled();
  await userEvent.selectOptions(account, 'da-1');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted()).toMatchObject({ committeeId: 'cm-1', donationAccountId: 'da-1' });
});

test('says so beside the choice when the committees could not be loaded', async () => {
  api('fail');
  renderInCampaignForm(<CommitteesTab campaignId={null} />, VALID_CAMPAIGN);
  expect(await screen.findByText('Committees could not be loaded.')).toBeInTheDocument();
});
