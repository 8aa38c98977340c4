import { analytics, ANALYTICS_FLUSH_DELAY_MS, ANALYTICS_MAX_BATCH } from './analytics';
import { setUnauthorizedHandler } from './apiClient';
import { jsonResponse, mockFetch } from './testUtils';

const originalFetch = global.fetch;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  global.fetch = originalFetch;
  setUnauthorizedHandler(null);
});

function sentEvents(init: RequestInit) {
  return JSON.parse(String(init.body)).events as Array<{ name: string; properties: Record<string, unknown>; path: string; occurredAt: string }>;
}

describe('analytics', () => {
  it('batches events and posts them after a short delay', async () => {
    const { calls } = mockFetch(jsonResponse(202, { data: { accepted: 2 } }));
    analytics.pageView('/dashboard', 'Dashboard');
    analytics.track('contact_created', { source: 'form' });
    expect(calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/analytics/events');
    const events = sentEvents(calls[0].init);
    expect(events.map((event) => event.name)).toEqual(['page_view', 'contact_created']);
    expect(events[0]).toMatchObject({ path: '/dashboard', properties: { title: 'Dashboard' } });
    expect(events[1].properties).toEqual({ source: 'form' });
    expect(Number.isNaN(Date.parse(events[1].occurredAt))).toBe(false);
  });

  it('never sends more events in a call than the API takes from a visitor who is not signed in', () => {
    // MAX_ANONYMOUS_ANALYTICS_EVENTS_PER_CALL of the API's contract (api/src/contract/analytics.ts).
    expect(ANALYTICS_MAX_BATCH).toBeLessThanOrEqual(20);
  });

  it('flushes at once when a batch is full', async () => {
    const { calls } = mockFetch(jsonResponse(202, { data: {} }));
    for (let index = 0; index < ANALYTICS_MAX_BATCH; index += 1) analytics.track('search', { index });
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(sentEvents(calls[0].init)).toHaveLength(ANALYTICS_MAX_BATCH);
  });

  it('never throws and never signs out, even on 401 or network errors', async () => {
    const handler = jest.fn();
    setUnauthorizedHandler(handler);
    mockFetch(jsonResponse(401, { message: 'Unauthorized' }), new TypeError('offline'));
    expect(() => analytics.track('login')).not.toThrow();
    await jest.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS);
    analytics.track('login');
    await expect(analytics.flush()).resolves.toBeUndefined();
    expect(handler).not.toHaveBeenCalled();
  });

  it('sends what is queued with sendBeacon when the page hides', () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    mockFetch();
    analytics.track('button_click', { id: 'cta' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledWith('/api/analytics/events', expect.any(Blob));
  });
});
