import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInCampaignForm, VALID_CAMPAIGN } from '../campaignFormTestHarness';
import { DonationSettingsTab } from './DonationSettingsTab';

function WithDraft() {
  const [amount, setAmount] = useState('');
  return <DonationSettingsTab newAmount={amount} onNewAmountChange={setAmount} />;
}

const shown = () =>
  within(screen.getByRole('list', { name: 'Suggested amounts' }))
    .getAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);

test('adds new positive amounts in order, by Enter or Add Amount, removes one, and sends them', async () => {
  const { submitted, lastSubmitted } = renderInCampaignForm(<WithDraft />, { ...VALID_CAMPAIGN, suggestedAmounts: [25, 100] });
  const input = screen.getByRole('spinbutton', { name: 'Add suggested amount' });
  await userEvent.type(input, '50{Enter}');
  expect(input).toHaveValue(null);
  await userEvent.type(input, '25');
  await userEvent.click(screen.getByRole('button', { name: 'Add Amount' }));
  await userEvent.type(input, '0{Enter}');
  expect(shown()).toEqual(['$25', '$50', '$100']);
  await userEvent.click(screen.getByRole('button', { name: 'Remove $25' }));
  expect(shown()).toEqual(['$50', '$100']);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted().suggestedAmounts).toEqual([50, 100]);
});

test("says when there are no suggested amounts, and shows the contract's bounds on a donation", async () => {
  const { submitted } = renderInCampaignForm(<WithDraft />, { ...VALID_CAMPAIGN, suggestedAmounts: [], donationMinimum: '50', donationMaximum: '20' });
  expect(screen.getByText('No suggested amounts.')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: /Allow public donations/ })).toBeChecked();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Maximum donation must be greater than minimum')).toBeInTheDocument();
  expect(submitted).not.toHaveBeenCalled();
});
