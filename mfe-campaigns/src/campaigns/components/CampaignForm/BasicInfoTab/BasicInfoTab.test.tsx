import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInCampaignForm } from '../campaignFormTestHarness';
import { BasicInfoTab } from './BasicInfoTab';

test("on a new campaign the slug follows the name and loses its error; the contract's messages show on submit", async () => {
  const { submitted, lastSubmitted } = renderInCampaignForm(<BasicInfoTab isEdit={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Campaign name is required')).toBeInTheDocument();
  expect(screen.getByText('Campaign slug is required')).toBeInTheDocument();
  expect(submitted).not.toHaveBeenCalled();

  await userEvent.type(screen.getByRole('textbox', { name: /Campaign Name/ }), 'Spring Drive');
  expect(screen.getByRole('textbox', { name: /Slug/ })).toHaveValue('spring-drive');
  expect(screen.queryByText('Campaign slug is required')).not.toBeInTheDocument();
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(submitted).toHaveBeenCalled());
  expect(lastSubmitted()).toMatchObject({ name: 'Spring Drive', slug: 'spring-drive', campaignType: 'fundraising', status: 'active' });
});

test('an edited campaign keeps its slug, part of its public address, when the name changes', async () => {
  renderInCampaignForm(<BasicInfoTab isEdit />, { name: 'Spring Drive', slug: 'spring-drive-2026' });
  await userEvent.type(screen.getByRole('textbox', { name: /Campaign Name/ }), ' Two');
  expect(screen.getByRole('textbox', { name: /Slug/ })).toHaveValue('spring-drive-2026');
});
