import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { onEventStreamOpened } from '../shared/event-stream.js';

/**
 * The process's metrics (ADR 0062), served by the metrics listener (metrics/listener.ts) and never
 * by the public app. One registry per process: the ledger and the push streams are module-level,
 * and a process serves one app. Every name starts with `wl_`; every label takes a bounded set of
 * values (call names from the contracts, HTTP statuses, error keys, transfer kinds), never a URL,
 * a player, a site or anything a client sends.
 */
export const metricsRegistry = new Registry();

/** Request latencies, in seconds: from a cached reply (about a millisecond) to a slow report. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const apiRequests = new Counter({
  name: 'wl_api_requests_total',
  help: 'API calls answered, by call (e.g. auth.get_balance) and HTTP status.',
  labelNames: ['call', 'status'] as const,
  registers: [metricsRegistry],
});

export const apiRequestDuration = new Histogram({
  name: 'wl_api_request_duration_seconds',
  help: 'Time from the request to the end of the reply, by API call.',
  labelNames: ['call'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const apiErrors = new Counter({
  name: 'wl_api_errors_total',
  help: 'API calls answered with a failure, by call and the reply\'s error key (http_<status> when the reply names none).',
  labelNames: ['call', 'error'] as const,
  registers: [metricsRegistry],
});

export const pageRenders = new Counter({
  name: 'wl_page_renders_total',
  help: 'Pages of the web site answered, by HTTP status and page cache outcome (hit, miss, off).',
  labelNames: ['status', 'cache'] as const,
  registers: [metricsRegistry],
});

export const pageRenderDuration = new Histogram({
  name: 'wl_page_render_duration_seconds',
  help: 'Time to answer a page of the web site, by page cache outcome.',
  labelNames: ['cache'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const pushConnections = new Gauge({
  name: 'wl_push_connections',
  help: 'Open push (Server-Sent Events) connections, by stream route.',
  labelNames: ['route'] as const,
  registers: [metricsRegistry],
});

export const databaseReadFailures = new Counter({
  name: 'wl_metrics_database_read_failures_total',
  help: 'Scrapes whose database figures (pending payments, site currencies) could not be read; the last figures were served.',
  registers: [metricsRegistry],
});

let defaultMetricsOn = false;

/**
 * prom-client's process metrics (memory, CPU, event-loop delay, GC, handles), prefixed `wl_`, and
 * the push streams' count, started once per process.
 */
export function collectProcessMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'wl_' });
  onEventStreamOpened(trackPushConnection);
}

/**
 * Counts one open push stream until its response closes (the client went or the server ended
 * it). `route` is the stream's route pattern: a registered path, so a bounded set.
 */
function trackPushConnection(route: string, response: { once(event: 'close', listener: () => void): unknown }): void {
  pushConnections.inc({ route });
  response.once('close', () => pushConnections.dec({ route }));
}
