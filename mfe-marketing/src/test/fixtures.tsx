import { useLocation } from 'react-router-dom';
import { renderAt } from '@caucus/platform/testing';
import { Section } from '../Section';

export const PLANS = [
  { id: 'starter', name: 'Starter', price: 100, users: 1, popular: false },
  { id: 'growth', name: 'Growth', price: 200, users: 2, popular: true },
  { id: 'team', name: 'Team', price: 300, users: 5, popular: false },
  { id: 'organization', name: 'Organization', price: 500, users: 10, popular: false },
];

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Mounts the section the way the shell does, with a probe that shows where the router is. */
export function renderSite(path: string) {
  return renderAt(
    path,
    '*',
    <>
      <Section />
      <LocationProbe />
    </>,
  );
}

export type Call = { method: string; path: string; body: unknown };

/** The product calls fetch made, without the analytics batches. */
export function productCalls(fetchMock: jest.Mock): Call[] {
  return fetchMock.mock.calls
    .map(([input, init]: [RequestInfo | URL, RequestInit | undefined]) => ({
      method: init?.method ?? 'GET',
      path: new URL(String(input), 'http://localhost').pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }))
    .filter((call) => call.path !== '/api/analytics/events');
}

/** Analytics events sent so far (the client batches them into POST /api/analytics/events). */
export function analyticsEvents(fetchMock: jest.Mock): { name: string; properties: Record<string, unknown> }[] {
  return fetchMock.mock.calls
    .filter(([input]: [RequestInfo | URL]) => new URL(String(input), 'http://localhost').pathname === '/api/analytics/events')
    .flatMap(
      ([, init]: [unknown, RequestInit]) => (JSON.parse(String(init.body)) as { events: { name: string; properties: Record<string, unknown> }[] }).events,
    );
}
