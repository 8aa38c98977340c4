// A fake /api for component tests: the real api client from the design system runs against it.
export type ApiReply = { status?: number; body?: unknown } | Error;
export type ApiHandler = (request: { method: string; path: string; body: unknown; search: URLSearchParams }) => ApiReply | Promise<ApiReply>;

export type ApiCall = { method: string; path: string; body: unknown };

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Installs global.fetch. `routes` keys are 'METHOD /path' (path without the /api prefix and
 * query). Unknown routes answer 404; analytics batches answer 204.
 */
export function mockApi(routes: Record<string, ApiHandler | ApiReply>) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (route === undefined) {
      if (path === '/analytics/events') return new Response(null, { status: 204 });
      return jsonResponse(404, { message: `No mock for ${method} ${path}` });
    }
    const reply = typeof route === 'function' ? await route({ method, path, body, search: url.searchParams }) : route;
    if (reply instanceof Error) throw reply;
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
