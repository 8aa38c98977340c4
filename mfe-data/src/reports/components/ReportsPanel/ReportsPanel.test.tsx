import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as XLSX from 'xlsx';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { ReportsPanel } from './ReportsPanel';

const FILTER = { from: '2026-01-01', to: '2026-03-31', campaignId: '' };

const report = {
  kind: 'financial-summary',
  title: 'Financial Summary',
  columns: ['Month', 'Received'],
  rows: [
    ['2026-02', 50.1],
    ['Total', 50.1],
  ],
};

function serve() {
  return mockApi((url) => {
    if (url.pathname === '/api/campaigns') return { body: { data: { campaigns: [{ id: 'c1', name: 'Spring Drive' }] } } };
    if (url.pathname === '/api/reports/financial-summary') return { body: { data: report } };
    return { status: 400, body: { message: 'from must be on or before to' } };
  });
}

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
function readBlob(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const renderPanel = () => renderAt('/data', '/data', <ReportsPanel initialFilter={FILTER} />);

describe('ReportsPanel', () => {
  let saved: Blob[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  test('shows the four cards with their texts', () => {
    serve();
    renderPanel();
    for (const title of ['Donation Report', 'Contact Report', 'Campaign Performance', 'Financial Summary']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  test('links each CSV to the server for the chosen range and campaign', async () => {
    serve();
    renderPanel();
    await screen.findByRole('option', { name: 'Spring Drive' });
    await userEvent.selectOptions(screen.getByLabelText('Campaign'), 'c1');
    const link = screen.getByRole('link', { name: 'Download CSV of Donation Report' });
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/api/reports/donations');
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '2026-01-01', to: '2026-03-31', campaignId: 'c1', format: 'csv' });
    expect(link).toHaveAttribute('download', 'donation-report_2026-01-01_2026-03-31.csv');
  });

  test('builds the XLSX from the report rows and saves it', async () => {
    serve();
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Download XLSX of Financial Summary' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const book = XLSX.read(await readBlob(saved[0]), { type: 'array' });
    expect(XLSX.utils.sheet_to_json(book.Sheets['Financial Summary'], { header: 1 })).toEqual([
      ['Month', 'Received'],
      ['2026-02', 50.1],
      ['Total', 50.1],
    ]);
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
  });

  test('offers no download for a range that ends before it starts', async () => {
    serve();
    renderAt('/data', '/data', <ReportsPanel initialFilter={{ from: '2026-04-01', to: '2026-03-01', campaignId: '' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The start date is after the end date.');
    expect(screen.queryByRole('link', { name: /^Download CSV/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download XLSX of Donation Report' })).toBeDisabled();
  });
});
