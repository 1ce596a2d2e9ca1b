import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { metricsRegistry } from './registry.js';

export interface MetricsListener {
  /** http://host:port/metrics */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics (Prometheus text exposition) on a listener of its own (METRICS_PORT, bound
 * to METRICS_HOST: loopback by default), never on the public port (ADR 0062). A plain node:http
 * server: nothing of the public app (its hooks, routes, limits) runs here, and nothing else is
 * served.
 */
export async function startMetricsListener(options: { port: number; host: string; log: FastifyBaseLogger }): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  // A scrape is a short exchange: an idle connection is not kept for long.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as { address: string; port: number; family: string };
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
