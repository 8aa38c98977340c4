import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepIdleConnectionsForClients } from '../../src/http/keepAlive';
import { freshApp, type FreshApp } from './twoAccountApp';

/** What useListeningApp() builds: filled in by its beforeAll, so read the fields in tests. */
export interface ListeningApp extends FreshApp {
  baseUrl: string;
}

/**
 * freshApp() on a real port, for tests whose clients are concurrent HTTP requests, each on a socket
 * of its own, as a contended workload needs.
 */
export function useListeningApp(options: Parameters<typeof freshApp>[0] = {}): ListeningApp {
  const ctx = freshApp(options) as ListeningApp;
  let server: Server | undefined;
  beforeAll(async () => {
    const listening = ctx.app.listen(0);
    keepIdleConnectionsForClients(listening);
    server = listening;
    await new Promise<void>((resolve) => listening.once('listening', resolve));
    ctx.baseUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    if (server) await new Promise((resolve) => server!.close(resolve));
  });
  return ctx;
}

export type ApiAnswer = { status: number; data?: Record<string, unknown>; message?: string };

/**
 * A JSON client signed in with a bearer token. Keeps the first ten failures (status 300 and up) so a
 * test can print what went wrong beside its count.
 */
export function apiClient(baseUrl: string, token: string) {
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
  const failures: string[] = [];
  async function call(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data?: Record<string, unknown>; message?: string };
    if (res.status >= 300 && failures.length < 10) failures.push(`${method} ${path} ${res.status} ${json.message}`);
    return { status: res.status, data: json.data, message: json.message };
  }
  return { call, failures };
}
