import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerBuild } from 'react-router';
import { IN_PLAY_DELAY_MS, type CallName, type RequestContext } from '@wl/contracts';
import type { Database } from '../db/client.js';
import type { TrustProxy } from '../config.js';
import { HttpCallContext, failure, invokeCall, registerCallRoutes } from './calls.js';
import { fieldErrorsOf } from '../shared/field-errors.js';
import type { Services } from './context.js';
import { MemoryRateLimiter } from '../security/rate-limit.js';
import { outboxTacSender } from '../accounts/tac-sender.js';
import { registerDevRoutes } from './dev-routes.js';
import { handlers } from './handlers.js';
import { registerWebHandler } from '../web/react-router.js';
import { PAGE_CACHE_TTL_MS, PageCache } from '../web/page-cache.js';
import { registerMedia } from '../media/routes.js';
import { registerContentMedia } from '../content/media.js';
import { registerDocsRoutes } from '../docs/routes.js';
import { startSiteCache } from '../sites/site-cache.js';
import { databaseSiteLookup } from '../sites/sites.repo.js';
import { startPlayerCache } from '../accounts/player-cache.js';
import { registerLiveBalanceRoute } from '../accounts/live-route.js';
import { registerLiveBoardRoute } from '../sports/index.js';
import { startPurgeJob } from '../accounts/purge.js';
import { createProviderRegistry } from '../games/registry.js';
import { registerProviderWalletRoutes } from '../games/seamless.js';
import type { HouseMount } from '../games/house-mount.js';
import { registerOperatorRoutes } from '../banking/ops-routes.js';
import { registerOpsExportRoutes } from '../banking/audit-export.js';
import { fastifyCookie } from '@fastify/cookie';
import { registerBackofficeAuthRoutes } from '../backoffice/auth-routes.js';
import { totpSealer } from '../backoffice/totp-sealing.js';
import { keepBackOfficeToHosts, registerAdminApp } from './admin-app.js';
import { consoleFrameOrigins } from './site-preview.js';
import { requestEnded, requestStarted } from '../process-guard.js';
import { clientErrorHandler, frameworkErrors } from './framework-errors.js';
import { installJsonBodyParser } from './json-body.js';
import { installMetrics } from '../metrics/index.js';
import { z } from 'zod';

/** Where the web site comes from: the production build, or Vite's dev server (npm run dev). */
export type WebSource =
  | { kind: 'build'; dir: string }
  | {
      kind: 'dev';
      /** Connect-style middleware serving the client modules with hot reload. */
      middlewares: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
      loadBuild: () => Promise<ServerBuild>;
    };

export interface AppOptions {
  database: Database;
  /** The web site; null serves the API only (API tests). */
  web: WebSource | null;
  logger?: FastifyServerOptions['logger'];
  /**
   * Rate limiter, TAC sender, game providers, switches and caches; in-memory limits, the outbox
   * sender, no game provider and the app's own caches by default.
   */
  services?: Partial<Services>;
  /** The proxies whose X-Forwarded-* headers are believed (config TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** The house studio mounted in this server (games/house-mount.ts); none by default. */
  house?: HouseMount | null;
  /** The back office's build (packages/admin/dist), served under /admin; null or absent: not served. */
  admin?: { dir: string; hosts?: string[] | null } | null;
  /** How long a rendered page is served again (ADR 0061; PAGE_CACHE_TTL_MS); 0: never. 5 s by default for a built site. */
  pageCacheTtlMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services the app's call handlers are given (buildApp). */
    services: Services;
  }
}

/** JSON bodies are small; larger ones are refused with payloadTooLarge. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** Hashed build files never change, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Browsers keep to HTTPS for a year on this host and its subdomains (the sites' *.domain hosts). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** A hop count as the function Fastify runs it as (its types know lists and functions only). */
function fastifyTrustProxy(trustProxy: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-* (client address, host, scheme) is believed only from the proxies TRUST_PROXY
    // names; by default from none, since the limits key on the client address (ADR 0021).
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    // Fastify's two lines per request cost a third of a bare route's throughput: one line per
    // response instead (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
    // A URL that does not decode, a request the HTTP parser refuses: the sites' envelope too (ADR 0064).
    frameworkErrors,
    clientErrorHandler,
  });

  // Callback-style hooks: an async hook costs a promise per request on every route.
  app.addHook('onRequest', (request, reply, done) => {
    // Set first, so a route may still replace any of them.
    reply.headers(SECURITY_HEADERS);
    // HTTPS only (RFC 6797 §7.2: ignored over http, and sending it there would pin nothing); the
    // protocol honours X-Forwarded-Proto from trusted proxies only (ADR 0023).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // The process guard names the requests in flight when an unhandled error happens (process-guard.ts).
    requestStarted(request, reply.raw);
    done();
  });

  // The level is fixed at start; no line to build when info is off (as under load in production).
  const logsRequests = (app.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? false;
  app.addHook('onResponse', (request, reply, done) => {
    requestEnded(request);
    if (logsRequests) {
      const query = request.url.indexOf('?');
      request.log.info(
        {
          method: request.method,
          url: query === -1 ? request.url : request.url.slice(0, query),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    }
    done();
  });

  // Requests per call, pages, the ledger and the database's figures, served by the metrics listener (ADR 0062).
  installMetrics(app, database);

  // A text the database cannot store (U+0000) is a validationError of its field (ADR 0064).
  installJsonBodyParser(app);

  // Malformed JSON, wrong content types and oversized bodies are application replies, never crashes.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string; validation?: unknown }, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send(failure('payloadTooLarge'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const body =
        error instanceof z.ZodError
          ? failure('validationError', fieldErrorsOf(error))
          : failure('validationError', { body: [error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupportedMediaType' : 'invalidJson'] });
      return reply.code(error.statusCode === 415 ? 415 : 400).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure('internalServerError'));
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ok = await database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: database.kind });
  });

  // Sites are read on every request: kept in memory, invalidated by the database's NOTIFY. So are
  // sessions (by token) and balances: invalidated by NOTIFY and by this app's own writes. Each app
  // starts its own caches and passes them to its handlers in `services` (ADR 0027); a caller that
  // passes a site lookup or a player cache (null: none) gets no cache started in its place.
  const given = options.services ?? {};
  const siteCache = given.siteLookup ? null : await startSiteCache(database, { log: app.log });
  if (siteCache) app.addHook('onClose', async () => siteCache.stop());
  const playerCache =
    given.playerCache !== undefined ? null : await startPlayerCache(database, { log: app.log, siteCache: siteCache?.cache ?? null });
  if (playerCache) app.addHook('onClose', async () => playerCache.stop());

  const services: Services = {
    rateLimiter: given.rateLimiter ?? new MemoryRateLimiter(),
    tacSender: given.tacSender ?? outboxTacSender,
    exposeTacCodes: given.exposeTacCodes ?? false,
    gameProviders: given.gameProviders ?? createProviderRegistry(),
    siteLookup: given.siteLookup ?? siteCache?.cache ?? databaseSiteLookup(database.db),
    playerCache: given.playerCache !== undefined ? given.playerCache : (playerCache?.cache ?? null),
    sportsInPlayDelayMs: given.sportsInPlayDelayMs ?? IN_PLAY_DELAY_MS,
    totpSealer: given.totpSealer ?? totpSealer(randomBytes(32), app.log),
  };
  app.addHook('onClose', async () => services.rateLimiter.close());
  // What the handlers are given, for whoever holds the app (tests read the caches' counters).
  app.decorate('services', services);
  // Codes in clear, old codes and ended sessions do not outlive their use (accounts/purge.ts, ADR 0019).
  const purgeJob = startPurgeJob(database.db, app.log);
  app.addHook('onClose', async () => purgeJob.stop());

  registerCallRoutes(app, handlers, database.db, services);
  // The balance pushed live (ADR 0031): follows the player cache's notifications.
  app.decorate('liveBalance', registerLiveBalanceRoute(app, database.db, services.playerCache));
  // The sports board's changes, pushed to the pages showing prices (ADR 0036).
  app.decorate('liveSports', await registerLiveBoardRoute(app, database, app.log));
  registerDocsRoutes(app);
  await registerProviderWalletRoutes(app, database.db, services.gameProviders);
  // Pages rendered in the last seconds, served again with a fresh nonce (ADR 0061): a built site
  // only (development renders every page). Emptied by any change: a site's notification, and an
  // operator call of this process, whose reply waits until the site cache has seen its change too.
  const pageCacheTtlMs = options.web?.kind === 'build' ? (options.pageCacheTtlMs ?? PAGE_CACHE_TTL_MS) : 0;
  const pageCache = pageCacheTtlMs > 0 ? new PageCache(pageCacheTtlMs) : null;
  const siteFollow = pageCache && siteCache ? siteCache.cache.follow({ siteChanged: () => pageCache.clear(), siteListening: () => pageCache.clear() }) : null;
  if (siteFollow) app.addHook('onClose', async () => void siteFollow());
  const afterOperatorChange = async () => {
    await services.siteLookup.catchUp?.();
    pageCache?.clear();
  };
  registerOperatorRoutes(app, database.db, services.rateLimiter, services.playerCache, afterOperatorChange);
  // The CSV exports of the audit log and the ledger report (ADR 0048).
  registerOpsExportRoutes(app, database.db, services.rateLimiter);
  if (options.admin?.hosts) keepBackOfficeToHosts(app, options.admin.hosts);
  // The back office's session cookie (ADR 0044): read by its own routes only, so no hook parses
  // cookies on every request of the player site.
  await app.register(fastifyCookie, { hook: false });
  registerBackofficeAuthRoutes(app, database.db, services.rateLimiter, services.totpSealer);
  if (services.exposeTacCodes) registerDevRoutes(app, database.db);
  await registerMedia(app, database.db);
  await registerContentMedia(app, database.db);
  if (options.house) await options.house.register(app);
  if (options.admin) await registerAdminApp(app, options.admin.dir, services.siteLookup);
  app.all('/api/*', async (_request, reply) => reply.code(404).send(failure('notFound')));

  const getLoadContext = (request: FastifyRequest): RequestContext => {
    const context: RequestContext = {
      clientIp: request.ip,
      gameFrameOrigins: services.gameProviders.frameOrigins,
      api: {
        // A page showing a failed call is never kept for others (ADR 0061).
        call: async (name: CallName, payload: unknown) => {
          try {
            const reply = await invokeCall(handlers, name, payload, new HttpCallContext(database.db, services, request));
            if (reply.statusCode !== 1 && context.render) context.render.keepable = false;
            return reply;
          } catch (error) {
            if (context.render) context.render.keepable = false;
            throw error;
          }
        },
      } as RequestContext['api'],
    };
    return context;
  };

  // The back office's site editor frames the site's pages (ADR 0049): its hosts only.
  const frameAncestors = options.admin ? (request: FastifyRequest) => consoleFrameOrigins(request, options.admin?.hosts) : undefined;

  if (options.web?.kind === 'dev') {
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    app.use(options.web.middlewares);
    await registerWebHandler(app, { build: options.web.loadBuild, mode: 'development', getLoadContext, frameAncestors });
  } else if (options.web?.kind === 'build') {
    const clientDir = path.join(options.web.dir, 'client');
    const serverEntry = path.join(options.web.dir, 'server', 'index.js');
    if (!existsSync(serverEntry)) throw new Error(`No web build at ${options.web.dir}: run npm run build`);
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per built file, so every other path reaches React Router.
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text file (vite.config.ts): a browser gets the one it accepts.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600');
      },
    });
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    await registerWebHandler(app, { build, mode: 'production', getLoadContext, frameAncestors, pageCache });
  }

  return app;
}
