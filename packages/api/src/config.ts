import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
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
  /** Development switch: GET /api/dev/tac shows the latest one-time code of an account. */
  exposeTacCodes: boolean;
  /** Game provider integrations (GAME_PROVIDERS or GAME_PROVIDERS_FILE), validated; none by default. */
  gameProviders: GameProvidersConfig;
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
    // On by default for the embedded demo database only; a PostgreSQL deployment opts in.
    exposeTacCodes: env.EXPOSE_TAC_CODES ? env.EXPOSE_TAC_CODES === 'true' : !env.DATABASE_URL,
    gameProviders: loadGameProviders(env),
  };
}
