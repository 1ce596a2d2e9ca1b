/**
 * Operational metrics (ADR 0062): Prometheus metrics of the API calls, pages, ledger, pending
 * payments, push streams, database pool and process, served on a listener of their own.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { watchDatabase } from './database.js';
import { installRequestMetrics } from './http.js';
import { collectProcessMetrics } from './registry.js';

export { DATABASE_FIGURES_TTL_MS } from './database.js';
export { startMetricsListener, type MetricsListener } from './listener.js';
export { metricsRegistry } from './registry.js';

/** Records the requests of `app` and reads `database`'s figures on a scrape, until the app closes. */
export function installMetrics(app: FastifyInstance, database: Database): void {
  collectProcessMetrics();
  installRequestMetrics(app);
  const unwatch = watchDatabase(database);
  app.addHook('onClose', async () => unwatch());
}
