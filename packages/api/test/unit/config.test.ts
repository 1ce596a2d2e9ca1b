/**
 * The environment's schema (src/config.ts): every variable the server reads, its default and its
 * allowed values; a wrong environment stops the start with one message listing every bad variable.
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, LOG_LEVELS, loadConfig, REPO_ROOT } from '../../src/config.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('environment schema', () => {
  it('defaults every variable; an empty value is the default', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      logLevel: 'info',
      production: true,
      redisUrl: undefined,
      exposeTacCodes: false,
      gameProviders: {},
      trustProxy: false,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).production).toBe(false);
  });

  it("takes pino's levels and service URLs of the right kind", () => {
    for (const level of LOG_LEVELS) expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    const config = loadConfig({ DATABASE_URL: 'postgresql://wl@db.internal/wl', REDIS_URL: 'rediss://cache.internal:6380' });
    expect(config.databaseUrl).toBe('postgresql://wl@db.internal/wl');
    expect(config.redisUrl).toBe('rediss://cache.internal:6380');
  });

  it('lists every bad variable at once, each line naming it, never quoting a URL (it may hold a password)', () => {
    const problems = problemsOf({
      LOG_LEVEL: 'verbose',
      PORT: '70000',
      DATABASE_URL: 'mysql://wl:hunter2@db/wl',
      REDIS_URL: 'not a url',
      TRUST_PROXY: 'true',
    });
    expect(problems).toEqual([
      'PORT must be a port number (0 to 65535), got "70000"',
      'DATABASE_URL must be a URL starting postgres:// or postgresql://',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
      'REDIS_URL must be a URL starting redis:// or rediss://',
      expect.stringMatching(/^TRUST_PROXY=true would believe X-Forwarded-For from any client/),
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problemsOf({ PORT: 'http' })).toEqual(['PORT must be a port number (0 to 65535), got "http"']);
  });

  it("takes the crash game's betting time and speed within their bounds, and the limits' crash exposure", () => {
    expect(loadConfig({}).houseGames).toMatchObject({ crashBettingMs: undefined, crashSpeed: undefined });
    expect(loadConfig({ HOUSE_CRASH_BETTING_MS: '2500', HOUSE_CRASH_SPEED: '10' }).houseGames).toMatchObject({ crashBettingMs: 2500, crashSpeed: 10 });
    expect(problemsOf({ HOUSE_CRASH_BETTING_MS: '500', HOUSE_CRASH_SPEED: '11' })).toEqual([
      'HOUSE_CRASH_BETTING_MS must be a whole number of milliseconds from 1000 to 60000',
      'HOUSE_CRASH_SPEED must be a number from 1 to 10',
    ]);
    expect(problemsOf({ HOUSE_CRASH_BETTING_MS: '7s' })).toEqual(['HOUSE_CRASH_BETTING_MS must be a whole number of milliseconds from 1000 to 60000']);
    expect(loadConfig({ HOUSE_GAMES_LIMITS: '{"sites": {"casino2": {"crashExposure": "20.00"}}}' }).houseGames.limits).toEqual({ sites: { casino2: { crashExposure: '20.00' } } });
    expect(problemsOf({ HOUSE_GAMES_LIMITS: '{"sites": {"casino1": {"crashExposure": "lots"}}}' })).toEqual(['HOUSE_GAMES_LIMITS is invalid: sites.casino1.crashExposure: must be a decimal amount with at most 2 decimals']);
  });

  it('takes the page cache time from 0 (off) to 60 s, 5 s by default', () => {
    expect(loadConfig({}).pageCacheTtlMs).toBe(5000);
    expect(loadConfig({ PAGE_CACHE_TTL_MS: '0' }).pageCacheTtlMs).toBe(0);
    expect(loadConfig({ PAGE_CACHE_TTL_MS: '60000' }).pageCacheTtlMs).toBe(60000);
    for (const bad of ['60001', '-1', '5s', '1.5']) {
      expect(problemsOf({ PAGE_CACHE_TTL_MS: bad })).toEqual(['PAGE_CACHE_TTL_MS must be a whole number of milliseconds from 0 to 60000']);
    }
  });

  it('takes the heap growth from 10 to 400 %, or 0 for V8 to decide, 50 % by default', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '400' }).heapGrowthPercent).toBe(400);
    for (const bad of ['5', '401', '-10', '50%', '1.5']) {
      expect(problemsOf({ HEAP_GROWTH_PERCENT: bad })).toEqual(['HEAP_GROWTH_PERCENT must be 0 (V8 decides) or a whole number from 10 to 400']);
    }
  });

  it('refuses GAME_PROVIDERS and GAME_PROVIDERS_FILE together', () => {
    const file = path.join(tmpdir(), `wl-config-test-providers-${process.pid}.json`);
    writeFileSync(file, '{}');
    expect(problemsOf({ GAME_PROVIDERS: '{}', GAME_PROVIDERS_FILE: file })).toEqual(['Set GAME_PROVIDERS or GAME_PROVIDERS_FILE, not both']);
    rmSync(file);
    expect(problemsOf({ GAME_PROVIDERS_FILE: path.join(tmpdir(), 'wl-no-such-providers.json') })[0]).toMatch(/^GAME_PROVIDERS_FILE cannot be read \(ENOENT\)/);
  });

  it('the server does not start with a bad LOG_LEVEL or PORT: exit 1, one message listing both, no stack trace', async () => {
    const dataDir = path.join(tmpdir(), `wl-config-test-${process.pid}`);
    // Only these variables: whatever else the test runner's environment holds cannot add a line.
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'verbose', PORT: 'http', DATA_DIR: dataDir };
    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/api/src/main.ts'], { cwd: REPO_ROOT, env, timeout: 60_000 }).then(
      () => null,
      (error: { code?: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toBe(
      [
        'Server not started: the environment is invalid:',
        '  PORT must be a port number (0 to 65535), got "http"',
        '  LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
      ].join('\n'),
    );
    // Refused before anything is opened.
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
