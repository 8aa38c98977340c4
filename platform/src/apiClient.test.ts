import { api, ApiError, configureApi, NETWORK_ERROR_MESSAGE, setUnauthorizedHandler, toQueryString } from './apiClient';
import { BROWSER_SESSION_COOKIE, getSession, SESSION_STORAGE_KEY, setSession } from './sessionState';
import { jsonResponse, mockFetch, sampleSession } from './testUtils';

const originalFetch = global.fetch;

afterEach(() => {
  global.fetch = originalFetch;
  setUnauthorizedHandler(null);
  configureApi({ baseUrl: '/api' });
  setSession(null);
});

describe('api client', () => {
  it('returns the data field of the envelope and sends the session cookie and CSRF header', async () => {
    const { calls } = mockFetch(jsonResponse(200, { data: { id: 'c-1' } }));
    await expect(api.get('/contacts/c-1')).resolves.toEqual({ id: 'c-1' });
    expect(calls[0].url).toBe('/api/contacts/c-1');
    expect(calls[0].init.method).toBe('GET');
    expect(calls[0].init.credentials).toBe('include');
    expect((calls[0].init.headers as Record<string, string>)['X-Requested-With']).toBe('caucus');
  });

  it('sends JSON bodies with the method of the call', async () => {
    const { calls } = mockFetch(jsonResponse(201, { data: { ok: true } }), jsonResponse(200, { data: 1 }), jsonResponse(204, undefined));
    await api.post('/lists', { name: 'Donors' });
    await api.patch('/lists/1', { name: 'Major donors' });
    await expect(api.delete('/lists/1')).resolves.toBeUndefined();
    expect(calls.map((call) => call.init.method)).toEqual(['POST', 'PATCH', 'DELETE']);
    expect(calls[0].init.body).toBe(JSON.stringify({ name: 'Donors' }));
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('builds query strings, skipping undefined and empty values', async () => {
    expect(toQueryString({ page: 2, search: '', status: undefined, active: true, tag: ['a', 'b'] })).toBe('?page=2&active=true&tag=a&tag=b');
    expect(toQueryString({ search: '' })).toBe('');
    const { calls } = mockFetch(jsonResponse(200, { data: [] }));
    await api.get('/contacts', { query: { page: 1, search: 'ada lovelace', status: undefined } });
    expect(calls[0].url).toBe('/api/contacts?page=1&search=ada+lovelace');
  });

  it('uses a configured base URL', async () => {
    configureApi({ baseUrl: 'http://localhost:4567/api/' });
    const { calls } = mockFetch(jsonResponse(200, { data: null }));
    await api.get('/health');
    expect(calls[0].url).toBe('http://localhost:4567/api/health');
  });

  it('throws ApiError with the server message, status and details', async () => {
    mockFetch(jsonResponse(400, { message: 'List name is required', details: { name: 'required' } }));
    const error = await api.post('/lists', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'List name is required', details: { name: 'required' } });
  });

  it("falls back to 'An error occurred' without a server message", async () => {
    mockFetch(jsonResponse(500, undefined));
    await expect(api.get('/boom')).rejects.toMatchObject({ status: 500, message: 'An error occurred' });
  });

  it('turns a network failure into ApiError status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/contacts')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('on 401 clears the session everywhere, calls the handler and throws Unauthorized', async () => {
    setSession(sampleSession, { remember: false });
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    mockFetch(jsonResponse(401, { message: 'Session expired' }));
    await expect(api.get('/dashboard')).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toContain(BROWSER_SESSION_COOKIE);
  });

  it('with skipAuthRedirect a 401 keeps the session and surfaces the server message', async () => {
    setSession(sampleSession, { remember: false });
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    mockFetch(jsonResponse(401, { message: 'Invalid email or password' }));
    await expect(api.post('/auth/login', { email: 'a@b.c', password: 'x' }, { skipAuthRedirect: true })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(handler).not.toHaveBeenCalled();
    expect(getSession()).toEqual(sampleSession);
  });

  it('uploads FormData without forcing a content type', async () => {
    const { calls } = mockFetch(jsonResponse(201, { data: { id: 'f-1' } }));
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    await expect(api.upload('/contacts/c-1/documents', form)).resolves.toEqual({ id: 'f-1' });
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe(form);
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('rethrows an abort instead of reporting a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('Aborted', 'AbortError');
    mockFetch(abort);
    await expect(api.get('/contacts', { signal: controller.signal })).rejects.toBe(abort);
  });
});
