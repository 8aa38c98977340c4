import { createResiliencePlugin, SCRIPT_TIMEOUT_MS } from './resiliencePlugin';
import { jsonResponse } from '../test/mockApi';

type Hook = (...args: never[]) => unknown;
function hook(plugin: Record<string, unknown>, name: string): Hook {
  const fn = plugin[name];
  if (typeof fn !== 'function') throw new Error(`plugin has no ${name} hook`);
  return fn as Hook;
}

const retry = { attempts: 3, baseDelayMs: 1 };

test('retries a manifest fetch after a network error and a 502', async () => {
  const fetchImpl = jest
    .fn()
    .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockResolvedValueOnce(jsonResponse(502, {}))
    .mockResolvedValueOnce(jsonResponse(200, { name: 'mfe_contacts' }));
  const plugin = createResiliencePlugin({ retry, fetchImpl });
  const fetchHook = hook(plugin, 'fetch') as (url: string, init: RequestInit) => Promise<Response>;
  const response = await fetchHook('/remotes/mfe-contacts/x/mf-manifest.json', {});
  expect(response.status).toBe(200);
  expect(fetchImpl).toHaveBeenCalledTimes(3);
});

test('does not retry a 404: the manifest is simply not there', async () => {
  const fetchImpl = jest.fn(async () => jsonResponse(404, {}));
  const plugin = createResiliencePlugin({ retry, fetchImpl });
  const fetchHook = hook(plugin, 'fetch') as (url: string, init: RequestInit) => Promise<Response>;
  expect((await fetchHook('/missing.json', {})).status).toBe(404);
  expect(fetchImpl).toHaveBeenCalledTimes(1);
});

test('gives remote entry scripts a load timeout and keeps their attributes', () => {
  const plugin = createResiliencePlugin();
  const createScript = hook(plugin, 'createScript') as (args: { url: string; attrs?: Record<string, unknown> }) => {
    script: HTMLScriptElement;
    timeout: number;
  };
  const { script, timeout } = createScript({ url: 'http://localhost/remotes/a/remoteEntry.js', attrs: { crossorigin: 'anonymous' } });
  expect(timeout).toBe(SCRIPT_TIMEOUT_MS);
  expect(script.src).toBe('http://localhost/remotes/a/remoteEntry.js');
  expect(script.getAttribute('crossorigin')).toBe('anonymous');
});

test('retries a remote entry that failed to load, clearing the failed attempt first', async () => {
  const exports = { get: jest.fn(), init: jest.fn() };
  const globalLoading: Record<string, unknown> = { 'mfe_contacts:entry': Promise.resolve() };
  const getRemoteEntry = jest
    .fn()
    .mockImplementationOnce(async () => {
      expect(globalLoading['mfe_contacts:entry']).toBeUndefined();
      throw new Error('ScriptNetworkError');
    })
    .mockResolvedValueOnce(exports);
  const plugin = createResiliencePlugin({ retry });
  const loadEntryError = hook(plugin, 'loadEntryError') as (args: unknown) => Promise<unknown>;
  const result = await loadEntryError({
    getRemoteEntry,
    origin: {},
    remoteInfo: { name: 'mfe_contacts' },
    globalLoading,
    uniqueKey: 'mfe_contacts:entry',
  });
  expect(result).toBe(exports);
  expect(getRemoteEntry).toHaveBeenCalledTimes(2);
});

test('gives up after the last attempt so the section shows as unavailable', async () => {
  const getRemoteEntry = jest.fn(async () => {
    throw new Error('ScriptNetworkError');
  });
  const plugin = createResiliencePlugin({ retry });
  const loadEntryError = hook(plugin, 'loadEntryError') as (args: unknown) => Promise<unknown>;
  await expect(loadEntryError({ getRemoteEntry, origin: {}, remoteInfo: {}, globalLoading: {}, uniqueKey: 'k' })).resolves.toBeUndefined();
  expect(getRemoteEntry).toHaveBeenCalledTimes(retry.attempts - 1);
});

test('reports a final failure and offers no fallback module', async () => {
  const onFailure = jest.fn();
  const plugin = createResiliencePlugin({ onFailure });
  const errorLoadRemote = hook(plugin, 'errorLoadRemote') as (args: unknown) => Promise<unknown>;
  const error = new Error('boom');
  await expect(errorLoadRemote({ id: 'mfe_data/Section', error, lifecycle: 'onLoad', from: 'runtime' })).resolves.toBeUndefined();
  expect(onFailure).toHaveBeenCalledWith({ id: 'mfe_data/Section', lifecycle: 'onLoad', error });
});
