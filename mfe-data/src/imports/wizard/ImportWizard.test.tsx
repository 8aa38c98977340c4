import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '@caucus/platform/testing';
import { IMPORT_STARTED_MESSAGE } from '@caucus/contract';
import { Section } from '../../Section';
import { checkRowRange, type RowProblems } from '../parsing/checkRows';
import { parseCsv } from '@caucus/spreadsheets';
import { parseImportFile, type ParseJob } from '../parsing/parseFile';
import type { ParsedFile } from '../parsing/types';
import { rememberMapping } from './autoMap';
import { OVERSCAN, ROW_HEIGHT } from './ReviewStep';

// The parse worker cannot run in jsdom: this stand-in reads the file with the same CSV parser and
// checks rows with the same contract code the worker runs, and counts the checks it was asked for.
jest.mock('../parsing/parseFile', () => ({ ...jest.requireActual('../parsing/parseFile'), parseImportFile: jest.fn() }));
// Batches as the product sizes them, unless a test makes them tiny to reach POST /:id/rows.
let mockBatchLimits: { maxRows?: number } = {};
jest.mock('../api/importUpload', () => {
  const actual = jest.requireActual('../api/importUpload');
  return { ...actual, startImport: (...args: unknown[]) => actual.startImport(args[0], args[1], args[2], args[3], mockBatchLimits, args[5]) };
});
const parseMock = parseImportFile as jest.MockedFunction<typeof parseImportFile>;
let checkCalls = 0;
let closed = 0;
function fakeParse(fixture?: ParsedFile) {
  parseMock.mockImplementation((file: File) => {
    let rows: Record<string, string>[] = [];
    const promise = (fixture ? Promise.resolve(fixture) : parseCsv(file, file.name)).then((parsed) => {
      rows = parsed.rows;
      return parsed;
    });
    const job: ParseJob = {
      promise,
      checkRows: async (mapping, day, onProgress) => {
        checkCalls += 1;
        const problems: RowProblems = new Map();
        const warnings: RowProblems = new Map();
        checkRowRange(rows, mapping, day, 0, rows.length, problems, warnings);
        onProgress?.(1);
        return { problems, warnings };
      },
      close: () => {
        closed += 1;
      },
    };
    return job;
  });
}

const campaigns = [
  { id: 'c1', name: 'Spring Drive', status: 'active' },
  { id: 'c2', name: 'Old Gala', status: 'completed' },
  { id: 'c3', name: 'Fall Push', status: 'active' },
  { id: 'c4', name: 'Next Year', status: 'draft' },
  { id: 'c5', name: 'Shelved', status: 'archived' },
];
const accounts: Record<string, unknown[]> = {
  c1: [{ id: 'acc-1', name: 'Federal', accountType: 'federal' }],
  c3: [
    { id: 'acc-2', name: 'Federal', accountType: 'federal' },
    { id: 'acc-3', name: 'State', accountType: 'state' },
  ],
};

type Handler = Parameters<typeof mockApi>[0];
function serve(overrides: Handler = () => null as never) {
  return mockApi(async (url, init) => {
    const custom = await overrides(url, init);
    if (custom) return custom;
    if (url.pathname === '/api/campaigns') return { body: { data: { campaigns } } };
    if (url.pathname === '/api/campaigns/donation-accounts')
      return { body: { data: { donationAccounts: accounts[url.searchParams.get('campaignId') ?? ''] ?? [] } } };
    if (url.pathname === '/api/data-import/limits') return { body: { data: { warnings: [] } } };
    if (url.pathname === '/api/data-import/import') {
      const body = JSON.parse(String(init?.body));
      return {
        status: 202,
        body: {
          data: {
            message: 'Import started successfully. You can track progress in the Import History tab.',
            importId: 'imp-9',
            recordsToProcess: body.rows.length,
          },
        },
      };
    }
    return { body: { data: { imports: [], total: 0, page: 1, limit: 10, totalPages: 1 } } };
  });
}

const calls = (fetchMock: jest.Mock, path: string) => fetchMock.mock.calls.filter((call) => new URL(String(call[0]), 'http://localhost').pathname === path);
const campaignSelect = () => screen.getByRole('combobox', { name: 'Campaign' });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

async function chooseCampaign(id = 'c1') {
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Campaign' }), id);
  await next();
  await screen.findByRole('heading', { name: 'Upload File' });
}

async function upload(file: File) {
  await userEvent.upload(screen.getByLabelText('Import file'), file);
}

const csvFile = (text: string, name = 'actblue.csv') => new File([text], name, { type: 'text/csv' });
const ACTBLUE =
  'Donor First Name,Donor Last Name,Donor Email,Amount,Date\n' +
  'Ada,Lovelace,ada@example.org,"$1,250.00",03/15/2026\n' +
  'Grace,Hopper,grace@example,50,2026-03-20\n' +
  'Pat,Obrien,pat@example.org,ten,3/21/26\n' +
  'Alan,Turing,alan@example.org,25,2026-03-22\n';

async function toReview(text = ACTBLUE) {
  await chooseCampaign();
  await upload(csvFile(text));
  await screen.findByText(/rows and 5 columns read from actblue.csv/);
  await next();
  await screen.findByRole('heading', { name: 'Map Columns' });
  await next();
  await screen.findByRole('heading', { name: 'Review & Import Data' });
  return screen.findByRole('region', { name: 'Rows to import' });
}

function renderWizard() {
  return renderAt('/dashboard/data', '/dashboard/data/*', <Section />);
}

beforeEach(() => {
  window.localStorage.clear();
  mockBatchLimits = {};
  checkCalls = 0;
  closed = 0;
  fakeParse();
});

describe('step 1: campaign', () => {
  test('offers every campaign but archived ones, links to creating one, and auto-selects the only donation account', async () => {
    serve();
    renderWizard();
    const select = await screen.findByRole('combobox', { name: 'Campaign' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // A new account's first campaign is a draft: it is offered, with its status said.
    expect(options).toEqual(['Select a campaign', 'Spring Drive', 'Old Gala (Completed)', 'Fall Push', 'Next Year (Draft)']);
    expect(screen.getByRole('link', { name: 'Create a campaign' })).toHaveAttribute('href', '/dashboard/campaigns/new');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.selectOptions(select, 'c1');
    const account = await screen.findByRole('combobox', { name: 'Donation account' });
    await waitFor(() => expect(account).toHaveValue('acc-1'));

    // Two accounts: none is chosen for the user.
    await userEvent.selectOptions(campaignSelect(), 'c3');
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Donation account' })).getAllByRole('option')).toHaveLength(3));
    expect(screen.getByRole('combobox', { name: 'Donation account' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});

describe('step 2: upload', () => {
  test.each([
    ['a PDF', new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' }), 'Invalid file type', 'Please upload a CSV, XLS, or XLSX file'],
    ['a TSV sent as CSV', new File(['a\tb'], 'export.tsv', { type: 'text/csv' }), 'Unsupported file format', 'Please upload a CSV, XLS, or XLSX file'],
    ['an empty CSV', new File([], 'empty.csv', { type: 'text/csv' }), 'File is empty or invalid', 'Please check the file format and try again.'],
    [
      'an 11 MB file',
      new File([new Uint8Array(11 * 1024 * 1024)], 'big.csv', { type: 'text/csv' }),
      'File is too large',
      'This file is 11.00 MB; the limit is 10 MB',
    ],
    [
      'a PNG renamed .csv',
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'photo.csv', { type: 'text/csv' }),
      'Not a CSV file',
      'it is a PNG image',
    ],
    [
      'an HTML page renamed .xlsx',
      new File(['<html><table><tr><td>Email</td></tr></table></html>'], 'page.xlsx', { type: '' }),
      'Not an Excel workbook',
      'an XLSX file is a ZIP archive',
    ],
  ])('refuses %s with its error text', async (_, file, title, detail) => {
    serve();
    renderWizard();
    await chooseCampaign();
    await upload(file);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(detail);
    expect(parseMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test("a parse failure reads 'Error parsing file' with the parser's message", async () => {
    serve();
    parseMock.mockImplementation(() => ({ promise: Promise.reject(new Error('This file is password-protected.')), checkRows: jest.fn(), close: jest.fn() }));
    renderWizard();
    await chooseCampaign();
    // A password-protected XLSX is an OLE compound file (the encrypted package inside).
    const ole = new Uint8Array(512);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    await upload(new File([ole], 'locked.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error parsing file');
    expect(alert).toHaveTextContent('This file is password-protected.');
  });

  test('shows the file name and size, and the rows read', async () => {
    serve();
    renderWizard();
    await chooseCampaign();
    await upload(csvFile(ACTBLUE));
    expect(await screen.findByText('✓ 4 rows and 5 columns read from actblue.csv')).toBeInTheDocument();
    expect(screen.getByText('actblue.csv', { selector: 'strong' }).parentElement).toHaveTextContent(/0\.00 MB/);
  });

  test('back to the campaign and on again: the file read is kept, with its mapping', async () => {
    serve();
    renderWizard();
    await chooseCampaign();
    await upload(csvFile(ACTBLUE));
    await screen.findByText('✓ 4 rows and 5 columns read from actblue.csv');
    await next();
    await screen.findByRole('heading', { name: 'Map Columns' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Field for Date' }), '');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Select Campaign' })).toBeInTheDocument();
    expect(campaignSelect()).toHaveValue('c1');
    await next();
    await screen.findByRole('heading', { name: 'Upload File' });
    expect(screen.getByText('✓ 4 rows and 5 columns read from actblue.csv')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await next();
    expect(await screen.findByRole('combobox', { name: 'Field for Date' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Field for Donor Email' })).toHaveValue('email');
    expect(closed).toBe(0);
  });
});

test('a CSV of headers only says so', async () => {
  serve();
  renderWizard();
  await chooseCampaign();
  await upload(csvFile('Email,Amount\n\n', 'headers.csv'));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The file has headers but no data rows');
  expect(alert).not.toHaveTextContent('File is empty or invalid');
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});

describe('step 3: mapping', () => {
  test("'Missing Required Fields' warns but does not block Next (docs/product/behaviour.md blocks only duplicates)", async () => {
    serve();
    renderWizard();
    await chooseCampaign();
    await upload(csvFile('Amount,Date\n10,2026-01-02\n', 'gifts.csv'));
    await screen.findByText(/1 rows and 2 columns/);
    await next();
    expect(await screen.findByText('Missing Required Fields')).toBeInTheDocument();
    expect(screen.queryByText('Duplicate Field Mappings Detected')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await next();
    await screen.findByRole('heading', { name: 'Review & Import Data' });
    expect(await screen.findByText('1 rows have validation errors and will be skipped')).toBeInTheDocument();
  });

  test("'Duplicate Field Mappings Detected' blocks Next; choosing a field another column has moves it", async () => {
    serve();
    // A remembered mapping with a field twice (the auto-mapper never proposes one).
    rememberMapping(['Email', 'Work Email', 'Amount'], { Email: 'email', 'Work Email': 'email', Amount: 'amount' });
    renderWizard();
    await chooseCampaign();
    await upload(csvFile('Email,Work Email,Amount\na@example.org,b@example.org,5\n', 'two.csv'));
    await screen.findByText(/1 rows and 3 columns/);
    await next();
    const alert = await screen.findByText('Duplicate Field Mappings Detected');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Email is mapped from more than one column');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Field for Amount' }), 'email');
    expect(screen.getByRole('combobox', { name: 'Field for Email' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Field for Work Email' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Field for Amount' })).toHaveValue('email');
    expect(screen.queryByText('Duplicate Field Mappings Detected')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('with no column mapped, Next says what is missing instead of doing nothing', async () => {
    serve();
    renderWizard();
    await chooseCampaign();
    await upload(csvFile('Colour,Size\nred,10\n', 'odd.csv'));
    await screen.findByText(/1 rows and 2 columns/);
    await next();
    expect(await screen.findByText('Missing Required Fields')).toBeInTheDocument();
    await next();
    expect(await screen.findByText('Map at least one column to a field')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Map Columns' })).toBeInTheDocument();
  });
});

describe('step 4: review', () => {
  test('errors on their cells, error rows not selectable, an edit re-checks the row, only rows with errors', async () => {
    serve();
    renderWizard();
    const grid = await toReview();
    expect(screen.getByText('2 rows have validation errors and will be skipped')).toBeInTheDocument();
    expect(checkCalls).toBe(1);
    expect(within(grid).getByRole('checkbox', { name: 'Import row 2' })).toBeDisabled();
    expect(within(grid).getByRole('checkbox', { name: 'Import row 1' })).toBeChecked();
    const bad = within(grid).getByRole('button', { name: /^Edit Email, row 2/ });
    expect(bad).toHaveAccessibleName('Edit Email, row 2: grace@example (Invalid email format)');
    expect(bad.closest('td')).toHaveClass('invalidCell');

    await userEvent.click(screen.getByRole('switch', { name: 'Show only rows with errors' }));
    expect(within(grid).queryByRole('checkbox', { name: 'Import row 1' })).not.toBeInTheDocument();
    expect(within(grid).getByRole('checkbox', { name: 'Import row 3' })).toBeInTheDocument();

    await userEvent.click(within(grid).getByRole('button', { name: /^Edit Email, row 2/ }));
    const input = within(grid).getByRole('textbox', { name: 'Email, row 2' });
    await userEvent.clear(input);
    await userEvent.type(input, 'grace@example.org{Enter}');
    expect(await screen.findByText('1 rows have validation errors and will be skipped')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 3 rows' })).toBeEnabled();
  });

  test('a future date or an amount over the largest FEC limit warns; the import waits for the user to confirm', async () => {
    serve();
    renderWizard();
    const grid = await toReview(
      'Donor First Name,Donor Last Name,Donor Email,Amount,Date\nAda,Lovelace,ada@example.org,99999999999,03/15/2026\nGrace,Hopper,grace@example.org,50,01/01/2099\nAlan,Turing,alan@example.org,25,2026-03-22\n',
    );
    expect(screen.getByText('2 rows have values to check: a date in the future or an amount over $5,000')).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: /^Edit Amount, row 1/ })).toHaveAccessibleName(
      'Edit Amount, row 1: 99999999999 (check: Amount is over $5,000, the largest FEC contribution limit)',
    );
    expect(
      within(grid)
        .getByRole('button', { name: /^Edit Donation Date, row 2/ })
        .closest('td'),
    ).toHaveClass('warnedCell');
    // Warnings are not errors: every row is kept, and Import waits for the confirmation.
    expect(within(grid).getByRole('checkbox', { name: 'Import row 1' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Import 3 rows' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I checked these rows: import them as they are' }));
    expect(screen.getByRole('button', { name: 'Import 3 rows' })).toBeEnabled();
    // A fixed row no longer warns.
    await userEvent.click(within(grid).getByRole('button', { name: /^Edit Amount, row 1/ }));
    const input = within(grid).getByRole('textbox', { name: 'Amount, row 1' });
    await userEvent.clear(input);
    await userEvent.type(input, '999.99{Enter}');
    expect(await screen.findByText('1 row has values to check: a date in the future or an amount over $5,000')).toBeInTheDocument();
  });

  test('names in capitals are kept as typed, with a one-click offer of title case', async () => {
    const fetchMock = serve();
    renderWizard();
    await toReview(
      'Donor First Name,Donor Last Name,Donor Email,Amount,Date\nSOLOMON,ORTIZ SR.,sol@example.org,25,03152026\nAda,Lovelace,ada@example.org,10,03/15/2026\n',
    );
    expect(screen.getByText(/1 row writes names in capitals/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use title case for names' }));
    expect(screen.queryByRole('button', { name: 'Use title case for names' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Last Name, row 1: Ortiz Sr.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(calls(fetchMock, '/api/data-import/import')).toHaveLength(1));
    const sent = JSON.parse(String(calls(fetchMock, '/api/data-import/import')[0][1]?.body));
    expect(sent.rows[0]).toMatchObject({ 'Donor First Name': 'Solomon', 'Donor Last Name': 'Ortiz Sr.' });
  });

  test('a 100,000-row file: rows checked once off the page, only the rows in view are rendered', async () => {
    serve();
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ Name: `Donor ${i + 1}`, Email: i % 1000 === 7 ? 'broken' : `d${i}@example.org`, Amount: '10' }));
    fakeParse({ fileName: 'big.csv', headers: ['Name', 'Email', 'Amount'], rows });
    renderWizard();
    await chooseCampaign();
    await upload(csvFile('Name,Email,Amount\nx,y,1\n', 'big.csv'));
    await screen.findByText('✓ 100,000 rows and 3 columns read from big.csv');
    await next();
    await next();
    const grid = await screen.findByRole('region', { name: 'Rows to import' });
    expect(screen.getByText('100 rows have validation errors and will be skipped')).toBeInTheDocument();
    expect(checkCalls).toBe(1);
    const rendered = () => within(grid).getAllByRole('checkbox').length;
    expect(rendered()).toBeLessThanOrEqual(10 + OVERSCAN);
    expect(screen.getByText('Page 1 of 10,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 99,900 rows' })).toBeEnabled();

    // The window follows the scroll position.
    fireEvent.scroll(grid, { target: { scrollTop: 50_000 * ROW_HEIGHT } });
    expect(within(grid).getByRole('checkbox', { name: 'Import row 50001' })).toBeInTheDocument();
    expect(within(grid).queryByRole('checkbox', { name: 'Import row 1' })).not.toBeInTheDocument();
    expect(rendered()).toBeLessThanOrEqual(10 + 2 * OVERSCAN);
    expect(screen.getByText('Page 5,001 of 10,000')).toBeInTheDocument();

    // The page size sets the window (5/10/25/50) and Next moves by a page.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(screen.getByText('Page 1 of 2,000')).toBeInTheDocument();
    expect(rendered()).toBeLessThanOrEqual(50 + OVERSCAN);
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Review pages' })).getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2,000')).toBeInTheDocument();
    expect(within(grid).getByRole('checkbox', { name: 'Import row 51' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Rows per page' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25', '50']);

    // A long value is cut at 50 characters.
    await userEvent.click(screen.getByRole('switch', { name: 'Show only rows with errors' }));
    expect(within(grid).getByRole('checkbox', { name: 'Import row 8' })).toBeDisabled();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  test('cells are cut at 50 characters', async () => {
    serve();
    const long = 'x'.repeat(60);
    fakeParse({ fileName: 'long.csv', headers: ['Name', 'Notes'], rows: [{ Name: 'Ada', Notes: long }] });
    renderWizard();
    await chooseCampaign();
    await upload(csvFile('a\n1\n', 'long.csv'));
    await screen.findByText(/1 rows and 2 columns/);
    await next();
    await next();
    const grid = await screen.findByRole('region', { name: 'Rows to import' });
    expect(within(grid).getByRole('button', { name: /^Edit Notes, row 1/ })).toHaveTextContent(`${'x'.repeat(50)}…`);
  });
});

describe('import', () => {
  test('the success notice with the rows skipped in review, then a reset after 2 s and campaigns reloaded', async () => {
    const fetchMock = serve();
    renderWizard();
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    const heading = await screen.findByText('Import Started Successfully!');
    const started = Date.now();
    const box = heading.closest('div')!;
    expect(box).toHaveTextContent(IMPORT_STARTED_MESSAGE);
    expect(box).toHaveTextContent('Import ID: imp-9');
    expect(box).toHaveTextContent('Records to process: 2');
    expect(box).toHaveTextContent('2 rows with validation errors skipped in review: kept with the import, to fix from Import History.');

    const sent = JSON.parse(String(calls(fetchMock, '/api/data-import/import')[0][1]?.body));
    expect(sent).toMatchObject({
      campaignId: 'c1',
      donationAccountId: 'acc-1',
      fileName: 'actblue.csv',
      importType: 'mixed',
      rowNumbers: [1, 4],
      hasMore: false,
    });
    expect(sent.rows.map((r: Record<string, string>) => r['Donor Email'])).toEqual(['ada@example.org', 'alan@example.org']);
    // The rows skipped in review go with them, with their reasons: the import keeps them.
    expect(
      sent.skippedRows.map((r: { rowNumber: number; row: Record<string, string>; reason: string }) => [r.rowNumber, r.row['Donor Email'], r.reason]),
    ).toEqual([
      [2, 'grace@example', 'Invalid email format'],
      [3, 'pat@example.org', 'Invalid amount format'],
    ]);
    const campaignLoads = calls(fetchMock, '/api/campaigns').length;

    await screen.findByRole('heading', { name: 'Select Campaign' }, { timeout: 4000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    await waitFor(() => expect(calls(fetchMock, '/api/campaigns').length).toBeGreaterThan(campaignLoads));
    expect(campaignSelect()).toHaveValue('');
    expect(closed).toBeGreaterThan(0);
  });

  test("'Import Failed' with the server's message when the import cannot start", async () => {
    serve((url) => (url.pathname === '/api/data-import/import' ? { status: 404, body: { message: 'Campaign not found' } } : (null as never)));
    renderWizard();
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    const toast = await screen.findByText('Import Failed');
    expect(toast.closest('[role="alert"], [role="status"]') ?? toast.parentElement).toHaveTextContent('Campaign not found');
    expect(screen.queryByText('Import Started Successfully!')).not.toBeInTheDocument();
  });
});

describe('imports already sent', () => {
  test('a failed later batch is reported with what was sent, and the import is marked failed', async () => {
    // Batches of 1 row, so the second row goes in a POST /:id/rows.
    mockBatchLimits = { maxRows: 1 };
    const fetchMock = serve((url) => {
      if (url.pathname === '/api/data-import/imp-9/rows') return { status: 413, body: { message: 'Request body too large' } };
      if (url.pathname === '/api/data-import/imp-9/cancel') return { body: { data: { import: {} } } };
      return null as never;
    });
    renderWizard();
    await toReview();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    const alert = await screen.findByText(/were sent as import/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Request body too large');
    expect(alert).toHaveTextContent(
      'The first 1 row of 2 were sent as import imp-9; the other 1 row were not. That import is marked failed in Import History.',
    );
    expect(calls(fetchMock, '/api/data-import/imp-9/cancel')).toHaveLength(1);
    expect(screen.queryByText('Import Started Successfully!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  });
});

test("the review shows each gift that takes its contributor past the election's limit, with the aggregate before it", async () => {
  const fetchMock = serve((url) =>
    url.pathname === '/api/data-import/limits'
      ? {
          body: {
            data: {
              warnings: [
                {
                  rowNumber: 1,
                  contactId: 'p-1',
                  contributor: 'Ada Lovelace',
                  electionCode: 'G2026',
                  aggregate: 2500,
                  after: 3750,
                  limit: 3500,
                  message: 'Row 1: Ada Lovelace reaches $3,750.00',
                },
              ],
            },
          },
        }
      : (null as never),
  );
  renderWizard();
  await toReview();
  const section = await screen.findByRole('region', { name: 'Over the contribution limit (1)' });
  expect(section).toHaveTextContent('Row 1: Ada Lovelace has $2,500.00 for G2026; this gift takes it to $3,750.00, past the $3,500.00 limit by $250.00.');
  // Asked before the gifts are recorded: the import waits for the user to confirm, or to leave the row out.
  const importButton = screen.getByRole('button', { name: /^Import \d+ rows?$/ });
  expect(importButton).toBeDisabled();
  const confirm = within(section).getByRole('checkbox', { name: 'I checked these gifts: import them past the limit' });
  await userEvent.click(confirm);
  expect(importButton).toBeEnabled();
  await userEvent.click(confirm);
  expect(importButton).toBeDisabled();
  const grid = screen.getByRole('region', { name: 'Rows to import' });
  await userEvent.click(within(grid).getByRole('checkbox', { name: 'Import row 1' }));
  expect(screen.queryByRole('region', { name: /Over the contribution limit/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Import \d+ rows?$/ })).toBeEnabled();
  const [call] = calls(fetchMock, '/api/data-import/limits');
  const body = JSON.parse(String(call[1]?.body));
  expect(body.campaignId).toBe('c1');
  // Rows with problems are not asked about (row 3's amount is unreadable).
  expect(body.rowNumbers).not.toContain(3);
});

test("'Import anyway' imports a file again with its repeated gifts included, each of which can still be skipped", async () => {
  const fetchMock = serve((url) => {
    if (url.pathname === '/api/data-import/fingerprint') {
      return { body: { data: { imports: [], message: 'This file was imported on Nov 25 by Dana Whitfield (4 rows)' } } };
    }
    if (url.pathname === '/api/data-import/duplicates') {
      const existing = null;
      return {
        body: {
          data: {
            duplicates: [1, 4].map((rowNumber) => ({ rowNumber, reason: 'Possible duplicate of a gift already recorded', existing, duplicateOfRow: null })),
          },
        },
      };
    }
    return null as never;
  });
  renderWizard();
  await chooseCampaign();
  await upload(csvFile(ACTBLUE));
  expect(await screen.findByText('This file was imported on Nov 25 by Dana Whitfield (4 rows)')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Import anyway…' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Import anyway' }));
  await next();
  await screen.findByRole('heading', { name: 'Map Columns' });
  await next();
  await screen.findByRole('heading', { name: 'Review & Import Data' });
  await userEvent.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
  await screen.findByText('Import Started Successfully!');
  const sent = JSON.parse(String(calls(fetchMock, '/api/data-import/import')[0][1]?.body));
  expect(sent).toMatchObject({ importAnyway: true, includeDuplicates: [1, 4], rowNumbers: [1, 4] });
});
