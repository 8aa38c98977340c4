import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open: longer than any client or proxy in front keeps
 * one (haproxy's `timeout server` and `timeout client` are 60 s: scripts/cluster/topology.js; fetch's
 * client drops an idle socket after a few seconds). Node's default of 5 s closes a connection a
 * client may be sending its next request on at that moment, and that request then fails with a reset
 * (a 502 behind a proxy) although the server never read it: whoever holds the connection must be the
 * one that closes it.
 */
const IDLE_KEEP_ALIVE_MS = 65_000;

export function keepIdleConnectionsForClients(server: Server): void {
  server.keepAliveTimeout = IDLE_KEEP_ALIVE_MS;
  // Node's guidance: the headers timeout above the keep-alive timeout, or a slow first request on a
  // reused connection is cut at the smaller of the two.
  server.headersTimeout = IDLE_KEEP_ALIVE_MS + 1_000;
}
