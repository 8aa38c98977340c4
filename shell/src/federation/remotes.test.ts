import { getInstance } from '@module-federation/enhanced/runtime';
import {
  ensureRemotesRegistered,
  fetchRemotesConfig,
  loadSection,
  loadWidget,
  REMOTE_MODULES,
  REMOTE_NAMES,
  registerRemotesConfig,
  resetRemotesRegistration,
} from './remotes';
import { jsonResponse } from '../test/mockApi';

// The real federation runtime; only the network (fetch) is replaced.

const REMOTES = {
  mfe_contacts: '/remotes/mfe-contacts/0.1.0-3f2a9c1b/mf-manifest.json',
  mfe_lists: '/remotes/mfe-lists/0.1.0-aa11bb22/mf-manifest.json',
};

function registeredRemotes(): Array<{ name: string; entry?: string }> {
  const instance = getInstance();
  return (instance?.options.remotes ?? []) as Array<{ name: string; entry?: string }>;
}

beforeEach(() => {
  // The runtime warns when a changed deploy overrides a registered remote; that is the point here.
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  resetRemotesRegistration();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('reads /remotes.json without caching and keeps only well-formed entries', async () => {
  const fetchMock = jest.fn(async () => jsonResponse(200, { ...REMOTES, 'not a name': '/x.json', mfe_data: 42 }));
  await expect(fetchRemotesConfig(fetchMock)).resolves.toEqual(REMOTES);
  expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
});

test('retries a transient failure of /remotes.json', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const fetchMock = jest
    .fn()
    .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockResolvedValueOnce(jsonResponse(503, {}))
    .mockResolvedValueOnce(jsonResponse(200, REMOTES));
  await expect(fetchRemotesConfig(fetchMock)).resolves.toEqual(REMOTES);
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

test('rejects a remotes.json that is not an object', async () => {
  await expect(fetchRemotesConfig(jest.fn(async () => jsonResponse(200, ['x'])))).rejects.toThrow('must be an object of federation name -> manifest URL');
  await expect(fetchRemotesConfig(jest.fn(async () => jsonResponse(404, {})))).rejects.toThrow('HTTP 404');
});

test('registers every remote with the federation runtime as a manifest entry', () => {
  registerRemotesConfig(REMOTES);
  expect(getInstance()?.name).toBe('shell');
  expect(registeredRemotes()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'mfe_contacts', entry: `http://localhost${REMOTES.mfe_contacts}` }),
      expect.objectContaining({ name: 'mfe_lists', entry: `http://localhost${REMOTES.mfe_lists}` }),
    ]),
  );
});

test('a new deploy in remotes.json replaces the registered manifest URL', () => {
  registerRemotesConfig(REMOTES);
  const next = '/remotes/mfe-contacts/0.1.1-0badf00d/mf-manifest.json';
  registerRemotesConfig({ ...REMOTES, mfe_contacts: next });
  const contacts = registeredRemotes().filter((remote) => remote.name === 'mfe_contacts');
  expect(contacts).toEqual([expect.objectContaining({ entry: `http://localhost${next}` })]);
});

test('registers once, but tries again after a failure', async () => {
  const fetchMock = jest.fn().mockResolvedValueOnce(jsonResponse(404, {})).mockResolvedValue(jsonResponse(200, REMOTES));
  await expect(ensureRemotesRegistered(fetchMock)).rejects.toThrow('HTTP 404');
  await expect(ensureRemotesRegistered(fetchMock)).resolves.toEqual(REMOTES);
  await expect(ensureRemotesRegistered(fetchMock)).resolves.toEqual(REMOTES);
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test('a remote missing from remotes.json fails its section with a clear error', async () => {
  await ensureRemotesRegistered(jest.fn(async () => jsonResponse(200, REMOTES)));
  await expect(loadSection('mfe_events')).rejects.toThrow('mfe_events is not deployed (missing from /remotes.json)');
});

test('a widget of a remote missing from remotes.json fails with a clear error', async () => {
  await ensureRemotesRegistered(jest.fn(async () => jsonResponse(200, REMOTES)));
  await expect(loadWidget('mfe_events', 'CalendarWidget')).rejects.toThrow('mfe_events is not deployed (missing from /remotes.json)');
});

test('a module the shell has not declared in remoteModules.json is refused before loading', async () => {
  await ensureRemotesRegistered(jest.fn(async () => jsonResponse(200, REMOTES)));
  await expect(loadWidget('mfe_lists', 'CalendarWidget')).rejects.toThrow(
    'mfe_lists/CalendarWidget is not declared in shell/src/federation/remoteModules.json',
  );
});

test('remoteModules.json declares every remote with its Section, and the dashboard widgets', () => {
  expect(Object.keys(REMOTE_MODULES).sort()).toEqual([...REMOTE_NAMES].sort());
  for (const name of REMOTE_NAMES) expect(REMOTE_MODULES[name]).toContain('./Section');
  expect(REMOTE_MODULES.mfe_events).toContain('./CalendarWidget');
  expect(REMOTE_MODULES.mfe_campaigns).toContain('./PerformanceWidget');
});
