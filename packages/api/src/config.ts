import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { loadGameProviders, type GameProvidersConfig } from './games/registry.js';

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
  logLevel: string;
  production: boolean;
  /** Shared rate limits across processes; in-memory limits without it. */
  redisUrl: string | undefined;
  /** Development switch (EXPOSE_TAC_CODES=true, off otherwise): GET /api/dev/tac shows an account's live one-time code. */
  exposeTacCodes: boolean;
  /** Game provider integrations (GAME_PROVIDERS or GAME_PROVIDERS_FILE), validated; none by default. */
  gameProviders: GameProvidersConfig;
  /** The proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
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

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    webBuildDir: path.resolve(env.WEB_BUILD_DIR || path.join(REPO_ROOT, 'packages', 'web', 'build')),
    logLevel: env.LOG_LEVEL || 'info',
    production: env.NODE_ENV !== 'development',
    redisUrl: env.REDIS_URL || undefined,
    // Off unless asked for by name, on any database: with it an account id is enough to log in.
    exposeTacCodes: env.EXPOSE_TAC_CODES === 'true',
    gameProviders: loadGameProviders(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
