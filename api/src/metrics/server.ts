import http from 'node:http';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../config';
import type { AppMetrics } from './index';

/**
 * `GET /metrics` in Prometheus's text format on a port of its own (METRICS_PORT, on METRICS_HOST:
 * 127.0.0.1 unless set), so the load balancer's public port never serves it. Anything else is a 404.
 */
export async function startMetricsServer(registry: Registry, { host, port }: { host: string; port: number }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/**
 * The process's metrics, its own figures (CPU, memory, event loop, GC) included, on the port the
 * config names (METRICS_PORT); undefined, and nothing listening, when it names none.
 */
export async function serveMetrics(metrics: AppMetrics, config: Pick<AppConfig, 'metricsPort' | 'metricsHost'>): Promise<http.Server | undefined> {
  if (config.metricsPort === undefined) return undefined;
  metrics.includeProcessMetrics();
  return startMetricsServer(metrics.registry, { host: config.metricsHost, port: config.metricsPort });
}
