import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { mayHoldDemo } from './demo/marker.js';
import { buildApp, type WebSource } from './http/app.js';
import { loadOperatorSecretsKey, sealPlainTotpSecrets, totpSealer } from './backoffice/totp-sealing.js';
import { createRedisRateLimiter } from './security/redis-rate-limit.js';
import { createProviderRegistry } from './games/registry.js';
import { DEFAULT_SIMULATED_FEED, startSimulatedFeed } from './sports/index.js';
import { HOUSE_PROVIDER_CODE, createHouseMount, prepareHouseStudio, type HouseMount } from './games/house-mount.js';
import { startMetricsListener, type MetricsListener } from './metrics/index.js';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database, migrates it, seeds an empty one, and serves the API and the web site. */
export async function startServer(config: Config = loadConfig(), web?: WebSource): Promise<RunningServer> {
  const startedAt = performance.now();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, purpose: 'server' });
  let app: FastifyInstance | undefined;
  let metrics: MetricsListener | undefined;
  try {
    // The studio is mounted unless switched off or run elsewhere (GAME_PROVIDERS names HOUSE).
    const mountHouse = config.houseGames.enabled && !Object.hasOwn(config.gameProviders, HOUSE_PROVIDER_CODE);
    const { seed, houseSecret } = await database.withExclusiveLock(async (db) => {
      await migrate(database, db);
      const houseSecret = mountHouse ? await prepareHouseStudio(db, config.houseGames.secret) : null;
      // The demo's code and data (src/demo/) load only for an empty database or the demo's own.
      if (!(await mayHoldDemo(db))) return { seed: { demo: false, applied: [] as string[] }, houseSecret };
      const { seedDemo } = await import('./demo/index.js');
      return { seed: await seedDemo(db), houseSecret };
    });
    const house: HouseMount | null = houseSecret === null ? null : createHouseMount(database.db, houseSecret, config.houseGames);
    // Operators' TOTP secrets are sealed (ADR 0056); any kept plain from before are sealed now.
    const sealer = totpSealer(await loadOperatorSecretsKey(config.operatorSecretsKey, config.dataDir), { error: (details, message) => app?.log.error(details, message) });
    await sealPlainTotpSecrets(database.db, sealer);
    app = await buildApp({
      database,
      web: web ?? { kind: 'build', dir: config.webBuildDir },
      admin: { dir: config.adminBuildDir, hosts: config.adminHosts },
      trustProxy: config.trustProxy,
      pageCacheTtlMs: config.pageCacheTtlMs,
      house,
      services: {
        exposeTacCodes: config.exposeTacCodes,
        sportsInPlayDelayMs: config.sportsInPlayDelayMs,
        totpSealer: sealer,
        gameProviders: createProviderRegistry(config.gameProviders, house ? [house] : []),
        ...(config.redisUrl
          ? {
              rateLimiter: await createRedisRateLimiter(config.redisUrl, {
                // Once per outage: the limits go on in this process until Redis answers (ADR 0021).
                onFallback: (error) => app?.log.warn({ err: error }, 'rate limits count in this process while Redis is away'),
              }),
            }
          : {}),
      },
      logger: {
        level: config.logLevel,
        // Never log credentials: bodies are not logged, and these headers are masked.
        redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        // JSON lines unless LOG_PRETTY=1 (npm run dev): pino-pretty formats them in a worker thread.
        ...(config.logPretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
      },
    });
    // The demo's simulated odds feed (ADR 0036): on with the demo's data unless SPORTS_FEED=off;
    // SPORTS_FEED=simulated runs it on any database.
    const feedOn = config.sportsFeed === 'simulated' || (config.sportsFeed === undefined && seed.demo);
    if (feedOn) {
      const feed = startSimulatedFeed(database.db, { ...DEFAULT_SIMULATED_FEED, seed: config.sportsFeedSeed }, app.log);
      app.addHook('onClose', async () => feed.stop());
    }
    await app.listen({ port: config.port, host: config.host });
    // The Prometheus metrics, on a listener of their own that the public never reaches (ADR 0062).
    if (config.metrics) metrics = await startMetricsListener({ ...config.metrics, log: app.log });
    const port = (app.server.address() as { port: number }).port;
    const url = `http://localhost:${port}`;
    // A process refused the data folder is told where to reach this one instead.
    await database.recordServingUrl?.(url);
    app.log.info(
      {
        database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
        seeded: seed.applied,
        // Codes only: the integrations' secrets are never logged.
        gameProviders: Object.keys(config.gameProviders),
        houseStudio: house ? house.frameOrigin() : 'off',
        sportsFeed: feedOn ? `simulated (seed ${config.sportsFeedSeed})` : 'off',
        // Whose X-Forwarded-For is believed: a wrong value shows here, not in the limits.
        trustProxy: config.trustProxy,
        metrics: metrics ? metrics.url : 'off (METRICS_PORT)',
        startupMs: Math.round(performance.now() - startedAt),
      },
      'server ready',
    );
    if (config.exposeTacCodes) {
      app.log.warn(
        'EXPOSE_TAC_CODES=true: GET /api/dev/tac answers any account\'s one-time code, so an account id is enough to log in. Never set it on a server players use.',
      );
    }
    app.log.info(`Demo site:        ${url}`);
    app.log.info(`Example theme:    http://slot5.localhost:${port}  (any <theme_code>.localhost, e.g. sportsbook1)`);
    app.log.info(`Maintenance demo: http://maintenance.localhost:${port}`);
    // The demo's back-office owner (issue 26 §1); its password is the demo players' (README).
    if (seed.demo) app.log.info(`Back office:      ${url}/admin  (owner / demo1234)`);
    const running = app;
    const runningMetrics = metrics;
    return {
      app: running,
      database,
      url,
      stop: async () => {
        // Stops accepting, lets requests in flight finish, then closes the database.
        await runningMetrics?.close();
        await running.close();
        await database.close();
      },
    };
  } catch (error) {
    await metrics?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
