import { api, apiUrl } from './apiClient';

export type AnalyticsProperties = Record<string, unknown>;

export type AnalyticsEvent = {
  name: string;
  properties: AnalyticsProperties;
  path: string;
  occurredAt: string;
};

export const ANALYTICS_PATH = '/analytics/events';
export const ANALYTICS_FLUSH_DELAY_MS = 2000;
// The API takes at most 20 events a call from a visitor who is not signed in (and 50 signed in):
// the smaller bound, so a public page's batch is never refused whole.
export const ANALYTICS_MAX_BATCH = 20;

let queue: AnalyticsEvent[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let pageHideListening = false;

function currentPath(): string {
  try {
    return window.location.pathname;
  } catch {
    return '';
  }
}

function cancelTimer(): void {
  if (flushTimer !== null) {
    clearTimeout(flushTimer);
    flushTimer = null;
  }
}

function takeQueue(): AnalyticsEvent[] {
  cancelTimer();
  const events = queue;
  queue = [];
  return events;
}

/** Sends what is queued now. Resolves even when the server or the network fails. */
async function flush(): Promise<void> {
  const events = takeQueue();
  if (events.length === 0) return;
  try {
    await api.post(ANALYTICS_PATH, { events }, { skipAuthRedirect: true });
  } catch {
    // Analytics is best effort: losing a batch must never disturb the user.
  }
}

function flushOnPageHide(): void {
  const events = takeQueue();
  if (events.length === 0) return;
  try {
    const body = JSON.stringify({ events });
    // sendBeacon survives the page unloading; the JSON content type satisfies the API's CSRF rule.
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(apiUrl(ANALYTICS_PATH), new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(apiUrl(ANALYTICS_PATH), {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'caucus' },
    }).catch(() => undefined);
  } catch {
    // Best effort, see flush().
  }
}

function listenForPageHide(): void {
  if (pageHideListening || typeof window === 'undefined') return;
  pageHideListening = true;
  window.addEventListener('pagehide', flushOnPageHide);
}

function enqueue(event: AnalyticsEvent): void {
  listenForPageHide();
  queue.push(event);
  if (queue.length >= ANALYTICS_MAX_BATCH) {
    void flush();
    return;
  }
  if (flushTimer === null) {
    flushTimer = setTimeout(() => {
      flushTimer = null;
      void flush();
    }, ANALYTICS_FLUSH_DELAY_MS);
  }
}

export const analytics = {
  track(name: string, properties?: AnalyticsProperties): void {
    try {
      enqueue({ name, properties: properties ?? {}, path: currentPath(), occurredAt: new Date().toISOString() });
    } catch {
      // Never throws: tracking is called from event handlers.
    }
  },
  pageView(path: string, title: string): void {
    try {
      enqueue({ name: 'page_view', properties: { title }, path, occurredAt: new Date().toISOString() });
    } catch {
      // Never throws, see track().
    }
  },
  flush,
};
