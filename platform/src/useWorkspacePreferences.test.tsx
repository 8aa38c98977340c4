import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createQueryClient } from './queryClient';
import { clearSession, setSession } from './sessionState';
import { jsonResponse, mockFetch, sampleSession } from './testUtils';
import { useWorkspacePreferences } from './useWorkspacePreferences';
import { DEFAULT_WORKSPACE_PREFERENCES, formatDateTime, setWorkspacePreferences } from './workspaceDates';

const originalFetch = global.fetch;
const EVENING = '2026-12-01T00:00:00.000Z';

afterEach(() => {
  global.fetch = originalFetch;
  clearSession();
  setWorkspacePreferences(DEFAULT_WORKSPACE_PREFERENCES);
});

// Two components of different remotes on one page, each printing a date with the plain helper.
function When({ label }: { label: string }) {
  const { timezone } = useWorkspacePreferences();
  return (
    <p>
      {label}: {formatDateTime(EVENING).replace(/\s/g, ' ')} ({timezone})
    </p>
  );
}

test('one request per page; every date then prints in the workspace timezone and date format', async () => {
  setSession(sampleSession);
  const { calls } = mockFetch(jsonResponse(200, { organizationName: 'Friends of Ada', timezone: 'Pacific/Honolulu', dateFormat: 'DD/MM/YYYY' }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <When label="Contacts" />
      <When label="Events" />
    </QueryClientProvider>,
  );
  // Until the answer comes, the product's defaults.
  expect(screen.getByText('Contacts: Nov 30, 2026, 7:00 PM (America/New_York)')).toBeInTheDocument();

  expect(await screen.findByText('Contacts: 30 Nov 2026, 2:00 PM (Pacific/Honolulu)')).toBeInTheDocument();
  expect(screen.getByText('Events: 30 Nov 2026, 2:00 PM (Pacific/Honolulu)')).toBeInTheDocument();
  expect(calls.map((call) => call.url)).toEqual(['/api/settings/workspace']);
});

test('signed out, nothing is asked and the defaults apply', () => {
  const { calls } = mockFetch();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <When label="Public" />
    </QueryClientProvider>,
  );
  expect(screen.getByText('Public: Nov 30, 2026, 7:00 PM (America/New_York)')).toBeInTheDocument();
  expect(calls).toEqual([]);
});
