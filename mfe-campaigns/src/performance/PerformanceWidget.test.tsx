import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { PerformanceWidget, type PerformanceWidgetProps } from './PerformanceWidget';

const campaigns: PerformanceWidgetProps['campaigns'] = [
  { id: 'c1', name: 'Spring Drive', status: 'active', isActive: true, amountRaised: 12345.67, fundraisingGoal: 50000 },
  { id: 'c2', name: 'Gala', status: 'completed', isActive: false, amountRaised: 2500, fundraisingGoal: 1000 },
  { id: 'c3', name: 'No Goal', status: 'draft', isActive: false, amountRaised: 40, fundraisingGoal: 0 },
];

function item(name: string) {
  return screen.getByRole('button', { name: new RegExp(`^${name}`) });
}

describe('PerformanceWidget', () => {
  test('raised/goal in whole USD, percent to one decimal, Active/Inactive', () => {
    render(<PerformanceWidget campaigns={campaigns} selectedCampaignId={null} onSelect={() => undefined} />);
    const spring = item('Spring Drive');
    expect(within(spring).getByText('$12,346 / $50,000')).toBeInTheDocument();
    expect(within(spring).getByText('24.7%')).toBeInTheDocument();
    expect(within(spring).getByText('Active')).toBeInTheDocument();
    expect(within(spring).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '24.7');
    expect(within(item('No Goal')).getByText('0.0%')).toBeInTheDocument();
  });

  test('over goal: the bar and the percent stop at 100%', () => {
    render(<PerformanceWidget campaigns={campaigns} selectedCampaignId={null} onSelect={() => undefined} />);
    const gala = item('Gala');
    expect(within(gala).getByText('$2,500 / $1,000')).toBeInTheDocument();
    expect(within(gala).getByText('100.0%')).toBeInTheDocument();
    expect(within(gala).getByText('Inactive')).toBeInTheDocument();
    expect(within(gala).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(gala).getByTestId('progress-fill')).toHaveStyle({ width: '100%' });
  });

  test('without isActive, the status decides Active/Inactive', () => {
    render(
      <PerformanceWidget
        campaigns={[{ id: 'x', name: 'Legacy', status: 'active', amountRaised: '10', fundraisingGoal: '100' }]}
        selectedCampaignId={null}
        onSelect={() => undefined}
      />,
    );
    expect(within(item('Legacy')).getByText('Active')).toBeInTheDocument();
    expect(within(item('Legacy')).getByText('10.0%')).toBeInTheDocument();
  });

  test('clicking a campaign selects it; clicking the selected one clears the selection', async () => {
    const onSelect = jest.fn();
    const { rerender } = render(<PerformanceWidget campaigns={campaigns} selectedCampaignId={null} onSelect={onSelect} />);
    expect(item('Spring Drive')).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(item('Spring Drive'));
    expect(onSelect).toHaveBeenLastCalledWith('c1');

    rerender(<PerformanceWidget campaigns={campaigns} selectedCampaignId="c1" onSelect={onSelect} />);
    expect(item('Spring Drive')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(item('Gala'));
    expect(onSelect).toHaveBeenLastCalledWith('c2');
    await userEvent.click(item('Spring Drive'));
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  test('the empty message, with the link that creates the first campaign', () => {
    render(
      <MemoryRouter>
        <PerformanceWidget campaigns={[]} selectedCampaignId={null} onSelect={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText('No campaigns available. Create your first campaign to get started!')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Campaign' })).toHaveAttribute('href', '/dashboard/campaigns/new');
  });
});
