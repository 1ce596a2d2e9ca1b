import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { IN_PLAY_DELAY_MS } from '@wl/contracts';
import { siteLimitsConfig, type SiteLimitsConfig } from '@wl/house-games/server';
import { loadGameProviders, type GameProvidersConfig } from './games/registry.js';
import { parseOperatorSecretsKey } from './backoffice/totp-sealing.js';
import { PAGE_CACHE_TTL_MS } from './web/page-cache.js';
import { HEAP_GROWTH_PERCENT } from './heap-growth.js';

/** The folder of this package (holding package.json), from the source or the bundled file alike. */
function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the API package folder (no drizzle/ migrations above this file)');
    dir = parent;
  }
  return dir;
}

export const API_ROOT = findPackageRoot();
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
export const REPO_ROOT = path.resolve(API_ROOT, '..', '..');

export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database when no DATABASE_URL is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Folder of the React Router build (client/ and server/index.js). */
  webBuildDir: string;
  /** Folder of the back office's build (packages/admin/dist), served under /admin. */
  adminBuildDir: string;
  /** The only host names that serve /admin and accept a back-office session (null: every host). */
  adminHosts: string[] | null;
  logLevel: LogLevel;
  production: boolean;
  /** Shared rate limits across processes; in-memory limits without it. */
  redisUrl: string | undefined;
  /** Development switch (EXPOSE_TAC_CODES=true, off otherwise): GET /api/dev/tac shows an account's live one-time code. */
  exposeTacCodes: boolean;
  /** Game provider integrations (GAME_PROVIDERS or GAME_PROVIDERS_FILE), validated; none by default. */
  gameProviders: GameProvidersConfig;
  /** The proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  /** SPORTS_IN_PLAY_DELAY_MS: how long a bet on a match under way waits before it is accepted (0 to 30,000; 5,000 by default). */
  sportsInPlayDelayMs: number;
  /** PAGE_CACHE_TTL_MS: how long a rendered page is served again (ADR 0061; 0 to 60,000, 0 off; 5,000 by default). */
  pageCacheTtlMs: number;
  /** HEAP_GROWTH_PERCENT: how far V8 lets the heap grow past what was live at its last full collection (ADR 0067; 10 to 400, 0 for V8's own; 50 by default). */
  heapGrowthPercent: number;
  /** SPORTS_FEED: `simulated` runs the demo's simulated odds feed, `off` none; unset: simulated when the database holds the demo. */
  sportsFeed: 'simulated' | 'off' | undefined;
  /** SPORTS_FEED_SEED: the simulated feed's seed (fixtures, scores and prices follow from it and the clock); "demo" by default. */
  sportsFeedSeed: string;
  /** The house studio mounted in this server (README "House games"); on unless HOUSE_GAMES=off. */
  houseGames: HouseGamesConfig;
  /** OPERATOR_SECRETS_KEY: seals operators' TOTP secrets (ADR 0056); unset: a key kept in DATA_DIR. */
  operatorSecretsKey: Buffer | undefined;
  /** METRICS_PORT and METRICS_HOST: the Prometheus listener (ADR 0062); null when METRICS_PORT is unset or 0. */
  metrics: { port: number; host: string } | null;
  /** LOG_PRETTY=1: log lines made readable (pino-pretty) instead of JSON; `npm run dev` sets it. */
  logPretty: boolean;
}

export interface HouseGamesConfig {
  enabled: boolean;
  /** HOUSE_GAMES_ORIGIN: the studio's public origin; by default http://house.localhost:<port>. */
  origin: string | undefined;
  /** HOUSE_GAMES_SECRET: the secret shared with the studio; by default one made once per database. */
  secret: string | undefined;
  /** HOUSE_WALLET_URL: where the studio calls the wallet; by default this server over loopback. */
  walletUrl: string | undefined;
  /** HOUSE_GAMES_LIMITS: bet limits, by default and per site. */
  limits: SiteLimitsConfig | undefined;
  /** HOUSE_CRASH_BETTING_MS: how long a crash round takes bets (1,000 to 60,000 ms; 7,000 by default). */
  crashBettingMs: number | undefined;
  /** HOUSE_CRASH_SPEED: how fast the crash multiplier rises, 1 to 10 times the studio's pace (×2 in 11.6 s). */
  crashSpeed: number | undefined;
  /** The studio's built pages. */
  clientDir: string;
}

/**
 * Fastify's trustProxy, as TRUST_PROXY may set it: false (trust no proxy), a hop count, or the
 * addresses, CIDR ranges and names (loopback, linklocal, uniquelocal) of the proxies (ADR 0021).
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `entry` is an IP address or CIDR range ('10.0.0.0/8', 'fd00::/8') proxy-addr accepts. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset or empty trusts no proxy, so X-Forwarded-For cannot choose the client
 * address the limits key on; an integer trusts that many hops; otherwise a comma-separated list of
 * addresses, ranges or names. "true" (every peer is a proxy) is refused: it is the fault ADR 0021
 * removes; a hop count says the same safely.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error(`TRUST_PROXY: a hop count is at most 32, got ${text}`);
    return hops === 0 ? false : hops;
  }
  if (text === 'true' || text === '*') {
    throw new Error('TRUST_PROXY=true would believe X-Forwarded-For from any client: give the proxies\' addresses (e.g. 10.0.0.0/8) or the number of proxy hops (e.g. 1)');
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !TRUST_PROXY_NAMES.has(entry) && !isAddressOrRange(entry));
  if (invalid.length) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal; not ${invalid.map((entry) => `"${entry}"`).join(', ')}`);
  }
  return entries;
}

/** pino's levels, the only values LOG_LEVEL may take. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The environment is wrong: one line per bad variable, each naming it. Start-up prints the lines and exits 1. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** A variable that is unset or empty: both mean "the default". */
const text = z.string().optional().transform((value) => value || undefined);

/** A whole number of milliseconds from `min` to `max`; `fallback` when unset. */
function milliseconds<F extends number | undefined>(name: string, min: number, max: number, fallback: F) {
  return text.transform((value, ctx): number | F => {
    if (value === undefined) return fallback;
    const ms = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (ms >= min && ms <= max) return ms;
    ctx.addIssue({ code: 'custom', message: `${name} must be a whole number of milliseconds from ${min} to ${max}` });
    return z.NEVER;
  });
}

/** Runs a parser that throws a message naming its variable; the message becomes the issue. */
function attempt<T>(ctx: z.RefinementCtx, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
}

/** A service address of one of `protocols`; the value is never quoted back, since it may hold a password. */
function serviceUrl(name: string, protocols: string[]) {
  return text.refine((value) => value === undefined || (URL.canParse(value) && protocols.includes(new URL(value).protocol)), {
    message: `${name} must be a URL starting ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
  });
}

/** A port number (0 to 65535); `fallback` when unset. */
function portNumber(name: string, fallback: number) {
  return text.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const port = Number(value);
    if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
    ctx.addIssue({ code: 'custom', message: `${name} must be a port number (0 to 65535), got "${value}"` });
    return z.NEVER;
  });
}

/**
 * Every variable the server reads (README, "Configuration"), with its type, default and allowed
 * values. Unknown variables are ignored: the process environment holds many others.
 */
const environment = z
  .object({
    PORT: portNumber('PORT', 3000),
    HOST: text.transform((value) => value ?? '0.0.0.0'),
    // The metrics listener (ADR 0062): off unless a port is given; loopback unless told otherwise,
    // since the figures are the operator's, not the public's.
    METRICS_PORT: portNumber('METRICS_PORT', 0),
    METRICS_HOST: text.transform((value) => value ?? '127.0.0.1'),
    LOG_PRETTY: text.refine((value) => value === undefined || ['0', '1', 'true', 'false'].includes(value), { message: 'LOG_PRETTY must be 1 or 0' }),
    DATA_DIR: text.transform((value) => path.resolve(value ?? './data')),
    DATABASE_URL: serviceUrl('DATABASE_URL', ['postgres:', 'postgresql:']),
    WEB_BUILD_DIR: text.transform((value) => path.resolve(value ?? path.join(REPO_ROOT, 'packages', 'web', 'build'))),
    ADMIN_BUILD_DIR: text.transform((value) => path.resolve(value ?? path.join(REPO_ROOT, 'packages', 'admin', 'dist'))),
    // Host names serving the back office (ADR 0045); unset: every host, as the demo at localhost needs.
    ADMIN_HOSTS: text.transform((value) => {
      const hosts = (value ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
      return hosts.length > 0 ? hosts : null;
    }),
    LOG_LEVEL: text.transform((value, ctx) => {
      const level = value ?? 'info';
      if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
      ctx.addIssue({ code: 'custom', message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"` });
      return z.NEVER;
    }),
    // Any value: everything but "development" is production (vitest sets "test").
    NODE_ENV: z.string().optional(),
    REDIS_URL: serviceUrl('REDIS_URL', ['redis:', 'rediss:']),
    // Off unless asked for by name, on any database: with it an account id is enough to log in.
    EXPOSE_TAC_CODES: z
      .string()
      .optional()
      .transform((value) => value === 'true'),
    GAME_PROVIDERS: text.transform((value, ctx) => (value === undefined ? undefined : attempt(ctx, () => loadGameProviders({ GAME_PROVIDERS: value })))),
    GAME_PROVIDERS_FILE: text.transform((file, ctx) =>
      file === undefined ? undefined : attempt(ctx, () => loadGameProviders({ GAME_PROVIDERS_FILE: file })),
    ),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => attempt(ctx, () => parseTrustProxy(value))),
    HOUSE_GAMES: text.refine((value) => value === undefined || value === 'on' || value === 'off', { message: 'HOUSE_GAMES must be on or off' }),
    HOUSE_GAMES_ORIGIN: text.refine((value) => value === undefined || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value.replace(/\/$/, '')), {
      message: 'HOUSE_GAMES_ORIGIN must be an origin such as https://games.example.com (scheme, host and port only)',
    }),
    OPERATOR_SECRETS_KEY: text.transform((value, ctx) => {
      if (value === undefined) return undefined;
      const key = parseOperatorSecretsKey(value);
      if (key) return key;
      ctx.addIssue({ code: 'custom', message: 'OPERATOR_SECRETS_KEY must be 32 random bytes in base64 or hex (e.g. the output of `openssl rand -base64 32`)' });
      return z.NEVER;
    }),
    HOUSE_GAMES_SECRET: text.refine((value) => value === undefined || value.length >= 16, { message: 'HOUSE_GAMES_SECRET must be at least 16 characters' }),
    HOUSE_WALLET_URL: serviceUrl('HOUSE_WALLET_URL', ['http:', 'https:']),
    HOUSE_CRASH_BETTING_MS: milliseconds('HOUSE_CRASH_BETTING_MS', 1_000, 60_000, undefined),
    SPORTS_IN_PLAY_DELAY_MS: milliseconds('SPORTS_IN_PLAY_DELAY_MS', 0, 30_000, IN_PLAY_DELAY_MS),
    PAGE_CACHE_TTL_MS: milliseconds('PAGE_CACHE_TTL_MS', 0, 60_000, PAGE_CACHE_TTL_MS),
    HEAP_GROWTH_PERCENT: text.transform((value, ctx) => {
      if (value === undefined) return HEAP_GROWTH_PERCENT;
      const percent = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (percent === 0 || (percent >= 10 && percent <= 400)) return percent;
      ctx.addIssue({ code: 'custom', message: 'HEAP_GROWTH_PERCENT must be 0 (V8 decides) or a whole number from 10 to 400' });
      return z.NEVER;
    }),
    SPORTS_FEED: text.refine((value) => value === undefined || value === 'simulated' || value === 'off', { message: 'SPORTS_FEED must be simulated or off' }),
    SPORTS_FEED_SEED: text.refine((value) => value === undefined || /^[A-Za-z0-9_-]{1,40}$/.test(value), { message: 'SPORTS_FEED_SEED must be 1 to 40 letters, digits, _ or -' }),
    HOUSE_CRASH_SPEED: text.transform((value, ctx) => {
      if (value === undefined) return undefined;
      const speed = /^\d{1,2}(\.\d{1,2})?$/.test(value) ? Number(value) : NaN;
      if (speed >= 1 && speed <= 10) return speed;
      ctx.addIssue({ code: 'custom', message: 'HOUSE_CRASH_SPEED must be a number from 1 to 10' });
      return z.NEVER;
    }),
    HOUSE_GAMES_LIMITS: text.transform((value, ctx) => {
      if (value === undefined) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'HOUSE_GAMES_LIMITS is not valid JSON' });
        return z.NEVER;
      }
      const parsed = siteLimitsConfig.safeParse(json);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: `HOUSE_GAMES_LIMITS is invalid: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`).join('; ')}` });
      return z.NEVER;
    }),
  })
  .superRefine((env, ctx) => {
    if (env.GAME_PROVIDERS && env.GAME_PROVIDERS_FILE) ctx.addIssue({ code: 'custom', message: 'Set GAME_PROVIDERS or GAME_PROVIDERS_FILE, not both' });
    if (env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', message: 'METRICS_PORT must differ from PORT: the public port never serves the metrics (ADR 0062)' });
    }
  })
  .transform(
    (env): Config => ({
      port: env.PORT,
      host: env.HOST,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      webBuildDir: env.WEB_BUILD_DIR,
      adminBuildDir: env.ADMIN_BUILD_DIR,
      adminHosts: env.ADMIN_HOSTS,
      logLevel: env.LOG_LEVEL,
      production: env.NODE_ENV !== 'development',
      redisUrl: env.REDIS_URL,
      exposeTacCodes: env.EXPOSE_TAC_CODES,
      gameProviders: env.GAME_PROVIDERS_FILE ?? env.GAME_PROVIDERS ?? {},
      trustProxy: env.TRUST_PROXY,
      sportsInPlayDelayMs: env.SPORTS_IN_PLAY_DELAY_MS,
      pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
      heapGrowthPercent: env.HEAP_GROWTH_PERCENT,
      sportsFeed: env.SPORTS_FEED as 'simulated' | 'off' | undefined,
      sportsFeedSeed: env.SPORTS_FEED_SEED ?? 'demo',
      operatorSecretsKey: env.OPERATOR_SECRETS_KEY,
      metrics: env.METRICS_PORT === 0 ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
      logPretty: env.LOG_PRETTY === '1' || env.LOG_PRETTY === 'true',
      houseGames: {
        enabled: env.HOUSE_GAMES !== 'off',
        origin: env.HOUSE_GAMES_ORIGIN?.replace(/\/$/, ''),
        secret: env.HOUSE_GAMES_SECRET,
        walletUrl: env.HOUSE_WALLET_URL?.replace(/\/$/, ''),
        limits: env.HOUSE_GAMES_LIMITS,
        crashBettingMs: env.HOUSE_CRASH_BETTING_MS,
        crashSpeed: env.HOUSE_CRASH_SPEED,
        clientDir: path.join(REPO_ROOT, 'packages', 'house-games', 'dist', 'client'),
      },
    }),
  );

/** The configuration from the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  return parsed.data;
}
