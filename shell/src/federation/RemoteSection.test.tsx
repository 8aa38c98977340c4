import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { loadSection } from './remotes';
import { mockApi } from '../test/mockApi';
import { demoSession, loginData } from '../test/fixtures';
import { renderApp, resetAppState } from '../test/renderApp';

jest.mock('./remotes');

const mockedLoadSection = jest.mocked(loadSection);

beforeEach(() => {
  mockApi({ 'GET /auth/me': { body: loginData } });
  // React logs caught render errors; the boundary's own report is asserted where it matters.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  resetAppState();
  jest.restoreAllMocks();
  mockedLoadSection.mockReset();
});

function Contacts() {
  return <h2>Contacts list</h2>;
}

test('a failed remote load shows the unavailable state in its section only, and Retry loads it again', async () => {
  mockedLoadSection.mockRejectedValueOnce(new Error('ScriptNetworkError: Failed to load script')).mockResolvedValueOnce({ default: Contacts });
  const { user } = await renderApp('/dashboard/contacts', { session: demoSession });

  expect(await screen.findByText('This section is unavailable')).toBeInTheDocument();
  // The frame around it keeps working.
  expect(screen.getByRole('link', { name: /Campaigns/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Contacts list' })).toBeInTheDocument();
  expect(screen.queryByText('This section is unavailable')).not.toBeInTheDocument();
  expect(mockedLoadSection).toHaveBeenCalledTimes(2);
});

test('a section that throws while rendering is contained, and Retry renders it again', async () => {
  let shouldThrow = true;
  function Flaky() {
    if (shouldThrow) throw new Error('render bug');
    return <h2>Events calendar</h2>;
  }
  mockedLoadSection.mockResolvedValue({ default: Flaky });
  const { user } = await renderApp('/dashboard/events', { session: demoSession });

  expect(await screen.findByText('This section is unavailable')).toBeInTheDocument();
  expect(screen.getByPlaceholderText('Search contacts, campaigns, events...')).toBeInTheDocument();

  shouldThrow = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Events calendar' })).toBeInTheDocument();
});

test('other sections still load while one is unavailable', async () => {
  mockedLoadSection.mockImplementation(async (remote) => {
    if (remote === 'mfe_contacts') throw new Error('down');
    return { default: () => <h2>{remote} works</h2> };
  });
  const { user } = await renderApp('/dashboard/contacts', { session: demoSession });
  expect(await screen.findByText('This section is unavailable')).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: /Lists/ }));
  expect(await screen.findByRole('heading', { name: 'mfe_lists works' })).toBeInTheDocument();
});

test('shows a skeleton while the remote loads', async () => {
  let resolve: (value: { default: ComponentType }) => void = () => {};
  mockedLoadSection.mockReturnValue(new Promise((done) => (resolve = done)));
  await renderApp('/dashboard/data', { session: demoSession });
  expect(await screen.findByLabelText('Loading section')).toBeInTheDocument();
  resolve({ default: () => <h2>Data tools</h2> });
  expect(await screen.findByRole('heading', { name: 'Data tools' })).toBeInTheDocument();
});
