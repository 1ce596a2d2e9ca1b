/**
 * Fixtures of the house studio's tests: the API app with the studio mounted as the server mounts
 * it (games/house-mount.ts), listening on a port of its own so the studio's wallet calls go over
 * real HTTP, and a stand-in for the studio's built client (the page only names its files).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { bootData, type BootData } from '@wl/house-games';
import type { SiteLimitsConfig } from '@wl/house-games/server';
import { queryRows, type Database, type Db } from '../../src/db/client.js';
import { credit } from './banking-fixtures.js';
import { launchGame } from './games-fixtures.js';
import { newPlayer, type TestSession } from './rewards-fixtures.js';
import { buildApp } from '../../src/http/app.js';
import { createProviderRegistry, type GameProvidersConfig } from '../../src/games/registry.js';
import { createHouseMount, prepareHouseStudio } from '../../src/games/house-mount.js';

export interface MountedStudio {
  app: FastifyInstance;
  /** The studio's host (house.localhost:<port>). */
  studioHost: string;
  /** This server over loopback: where the studio calls the wallet. */
  walletUrl: string;
  /** The stand-in client's folder. */
  clientDir: string;
  close(): Promise<void>;
}

function fakeClientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-house-client-'));
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ 'src/client/main.tsx': { file: 'assets/main-test.js', css: ['assets/main-test.css'] } }));
  writeFileSync(path.join(dir, 'assets', 'main-test.js'), 'export {};');
  return dir;
}

/** The app (API only) with the studio mounted beside the `configured` integrations, listening. */
export async function mountStudio(
  database: Database,
  options: { secret: string; limits?: SiteLimitsConfig; configured?: GameProvidersConfig; crashBettingMs?: number; crashPauseMs?: number; crashGrowthPerMs?: number },
): Promise<MountedStudio> {
  const clientDir = fakeClientDir();
  const secret = await prepareHouseStudio(database.db, options.secret);
  const house = createHouseMount(database.db, secret, {
    origin: undefined,
    secret,
    walletUrl: undefined,
    limits: options.limits,
    crashBettingMs: options.crashBettingMs,
    crashPauseMs: options.crashPauseMs,
    crashGrowthPerMs: options.crashGrowthPerMs,
    clientDir,
  });
  const app = await buildApp({ database, web: null, house, services: { gameProviders: createProviderRegistry(options.configured ?? {}, [house]) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    studioHost: `house.localhost:${port}`,
    walletUrl: `http://127.0.0.1:${port}`,
    clientDir,
    close: async () => {
      await app.close();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

/** The player's wallet balance as the database holds it ("100.0000"). */
export async function walletBalanceOf(db: Db, player: TestSession): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(db, sql`select balance::text as balance from wallets where player_id = ${player.playerId}`);
  return row!.balance;
}

/** A new player of `site` with `amount` on their balance. */
export async function fundedPlayer(db: Db, site = 'casino1', amount = '100.00'): Promise<TestSession> {
  const player = await newPlayer(db, site);
  await credit(db, player, amount, `house-test-fund-${player.playerId}`);
  return player;
}

/** Launches a HOUSE game through the platform (`mounted.app`) and opens its page on `studio`: its boot data and address. */
export async function openHouseGame(mounted: MountedStudio, player: TestSession, game: string, studio: FastifyInstance = mounted.app): Promise<{ boot: BootData; url: URL }> {
  const launched = await launchGame(mounted.app, player, 'HOUSE', game);
  const url = new URL(launched.url);
  expect(url.host).toBe(mounted.studioHost);
  const page = await studio.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: mounted.studioHost } });
  expect(page.statusCode, page.body).toBe(200);
  const json = /<script type="application\/json" id="house-boot">(.*?)<\/script>/s.exec(page.body)?.[1];
  return { boot: bootData.parse(JSON.parse(json!)), url };
}

/** One of the page's calls, with its session, on `studio`. */
export async function studioCall(mounted: MountedStudio, boot: BootData, name: string, body: unknown = {}, studio: FastifyInstance = mounted.app) {
  const response = await studio.inject({
    method: 'POST',
    url: `${boot.apiBase}/${name}`,
    headers: { host: mounted.studioHost, authorization: `Bearer ${boot.session}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}
