import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEYS } from '@wl/contracts';
import { PAGE_CACHE_HEADER } from '../web/page-cache.js';
import { apiErrors, apiRequestDuration, apiRequests, pageRenderDuration, pageRenders } from './registry.js';

/** The route of every page of the web site (web/react-router.ts). */
const PAGE_ROUTE = '/*';
/** The API's catch-all for paths that are no call (http/app.ts). */
const API_NOT_FOUND_ROUTE = '/api/*';
const KNOWN_ERROR_KEYS: ReadonlySet<string> = new Set(ERROR_KEYS);
/** The error key of a failure reply's JSON text (`"message":"<key>"`). */
const ERROR_KEY = /"message":"([A-Za-z]{1,40})"/;

type RouteMetric = { kind: 'call'; call: string } | { kind: 'page' } | { kind: 'none' };

/**
 * The metric a route feeds, from its registered pattern (never the requested URL, so the label
 * values are as many as the routes): an API route is named by its path, `/api/auth/get_balance`
 * as `auth.get_balance` (the call's path in the contracts); the pages share one route.
 */
export function routeMetricOf(routeUrl: string | undefined): RouteMetric {
  if (routeUrl === PAGE_ROUTE) return { kind: 'page' };
  if (routeUrl === API_NOT_FOUND_ROUTE) return { kind: 'call', call: 'not_found' };
  if (routeUrl?.startsWith('/api/')) return { kind: 'call', call: routeUrl.slice('/api/'.length).replaceAll('/', '.') };
  return { kind: 'none' };
}

/** The error label of a failure reply: its error key when it names a known one, else its status. */
export function errorLabelOf(status: number, payload: unknown): string {
  const text = typeof payload === 'string' ? payload : null;
  const key = text === null ? undefined : ERROR_KEY.exec(text.length > 4096 ? text.slice(0, 4096) : text)?.[1];
  return key !== undefined && KNOWN_ERROR_KEYS.has(key) ? key : `http_${status}`;
}

/**
 * Records every API call and page of `app` (ADR 0062): requests, latency and errors per call,
 * page renders. Callback hooks (an async one costs a promise per request, http/app.ts); a route's
 * metric is worked out once.
 */
export function installRequestMetrics(app: FastifyInstance): void {
  const routes = new Map<string | undefined, RouteMetric>();
  const errors = new WeakMap<FastifyRequest, string>();
  const metricOf = (request: FastifyRequest): RouteMetric => {
    const url = request.routeOptions.url;
    let metric = routes.get(url);
    if (!metric) {
      metric = routeMetricOf(url);
      routes.set(url, metric);
    }
    return metric;
  };

  // A failure's error key is read from its JSON text before it is sent: failures only, and only
  // the first few kilobytes (a failure reply is short).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && metricOf(request).kind === 'call') errors.set(request, errorLabelOf(reply.statusCode, payload));
    done(null, payload);
  });

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const metric = metricOf(request);
    const seconds = reply.elapsedTime / 1000;
    if (metric.kind === 'call') {
      const status = String(reply.statusCode);
      apiRequests.inc({ call: metric.call, status });
      apiRequestDuration.observe({ call: metric.call }, seconds);
      if (reply.statusCode >= 400) apiErrors.inc({ call: metric.call, error: errors.get(request) ?? `http_${status}` });
    } else if (metric.kind === 'page') {
      const cacheHeader = reply.getHeader(PAGE_CACHE_HEADER);
      const cache = cacheHeader === 'hit' || cacheHeader === 'miss' ? cacheHeader : 'off';
      pageRenders.inc({ status: String(reply.statusCode), cache });
      pageRenderDuration.observe({ cache }, seconds);
    }
    done();
  });
}
