import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import type { AnalyticsSummary } from '@caucus/contract';
import { AnalyticsPanel } from './AnalyticsPanel';

const FILTER = { from: '2026-01-01', to: '2026-12-31', campaignId: '' };

const summary = (overrides: Partial<AnalyticsSummary> = {}): AnalyticsSummary => ({
  range: { from: '2026-01-01', to: '2026-12-31', campaignId: null },
  totals: { raised: 60.3, gifts: 4, donors: 2, averageGift: 15.08, medianGift: 5.1 },
  raisedByMonth: [
    { month: '2026-02', raised: 50.1, gifts: 2 },
    { month: '2026-03', raised: 10.2, gifts: 2 },
  ],
  donors: { new: 1, returning: 1 },
  lybunt: { year: 2026, donors: 1, lastYearTotal: 200, top: [{ contactId: 'bob', name: 'Bob Baker', lastYearTotal: 200 }] },
  byPaymentMethod: [
    { paymentMethod: 'cash', raised: 60, gifts: 2 },
    { paymentMethod: 'credit_card', raised: 0.3, gifts: 2 },
  ],
  byCampaign: [{ campaignId: 'c1', name: 'Spring Drive', raised: 60.3, gifts: 4 }],
  topDonors: [{ contactId: 'ann', name: 'Ann Avery', raised: 50, gifts: 1 }],
  ...overrides,
});

const campaigns = { body: { data: { campaigns: [{ id: 'c1', name: 'Spring Drive' }] } } };

function serve(reply: (url: URL) => { status?: number; body: unknown }) {
  return mockApi((url) => (url.pathname === '/api/campaigns' ? campaigns : reply(url)));
}

const summaryQueries = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((url) => url.pathname === '/api/analytics/summary')
    .map((url) => Object.fromEntries(url.searchParams));

const renderPanel = () => renderAt('/data', '/data', <AnalyticsPanel initialFilter={FILTER} />);

describe('AnalyticsPanel', () => {
  test("shows the account's figures, the lazily loaded charts and the donor lists", async () => {
    serve(() => ({ body: { data: summary() } }));
    renderPanel();
    expect(await screen.findByText('$60.30')).toBeInTheDocument();
    expect(screen.getByText('Median gift').previousSibling).toHaveTextContent('$5.10');
    expect(screen.getByText('Average gift').previousSibling).toHaveTextContent('$15.08');
    expect(screen.getByText('Gave in 2025, not yet in 2026 (LYBUNT)').previousSibling).toHaveTextContent('1');

    // The charts come from their own chunk; each carries its figures as a table for screen readers.
    const byMonth = await screen.findByRole('figure', { name: 'Raised by month' });
    expect(within(byMonth).getByRole('row', { name: 'Feb 2026 $50.10' })).toBeInTheDocument();
    const methods = screen.getByRole('figure', { name: 'Gifts by payment method' });
    expect(within(methods).getByRole('row', { name: 'Credit card $0.30 (2 gifts)' })).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'New versus returning donors' })).getByRole('row', { name: 'Returning donors 1' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Gifts by campaign' })).toHaveTextContent('Spring Drive');

    const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;
    expect(within(card('Top donors')).getByRole('listitem')).toHaveTextContent('Ann Avery$50.00 · 1 gift');
    expect(within(card('Lapsed donors to ask (LYBUNT 2026)')).getByRole('listitem')).toHaveTextContent('Bob Baker$200.00');
  });

  test('asks the server again for the chosen campaign and range', async () => {
    const fetchMock = serve(() => ({ body: { data: summary() } }));
    renderPanel();
    await screen.findByText('$60.30');
    await screen.findByRole('option', { name: 'Spring Drive' });
    await userEvent.selectOptions(screen.getByLabelText('Campaign'), 'c1');
    await waitFor(() => expect(summaryQueries(fetchMock).at(-1)).toEqual({ from: '2026-01-01', to: '2026-12-31', campaignId: 'c1' }));
    expect(summaryQueries(fetchMock)[0]).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  test('says so honestly when there is nothing to show, without charts', async () => {
    serve(() => ({
      body: {
        data: summary({
          totals: { raised: 0, gifts: 0, donors: 0, averageGift: 0, medianGift: 0 },
          raisedByMonth: [],
          donors: { new: 0, returning: 0 },
          lybunt: { year: 2026, donors: 0, lastYearTotal: 0, top: [] },
          byPaymentMethod: [],
          byCampaign: [],
          topDonors: [],
        }),
      },
    }));
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'No donations in this period' })).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByText(/sample/i)).not.toBeInTheDocument();
  });

  test("shows the server's message when the figures cannot load", async () => {
    serve(() => ({ status: 400, body: { message: 'from must be on or before to' } }));
    renderPanel();
    expect(await screen.findByText('Failed to load analytics')).toBeInTheDocument();
    expect(screen.getByText('from must be on or before to')).toBeInTheDocument();
  });
});
