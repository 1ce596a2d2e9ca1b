import type { FastifyInstance } from 'fastify';
import { CRASH_GROWTH_PER_MS, HOUSE_GAMES } from '@wl/house-games/games';
import { HOUSE_PREFIX, houseStudio, migrateStudio, storedStudioSecret, type SiteLimitsConfig, type StudioSql } from '@wl/house-games/server';
import type { Db } from '../db/client.js';
import type { DemoRequest, LaunchRequest, LaunchResult, ProviderAdapter } from './adapter.js';
import type { ProviderIntegration } from './registry.js';
import { SeamlessAdapter } from './seamless.js';

/*
 * The house studio mounted in this server (ADR 0029): its pages and calls under /house on a host
 * of its own (HOUSE_GAMES_ORIGIN, by default house.localhost on the server's port), its tables in
 * the schema `house` of the same database, and the platform's side of it: the HOUSE integration,
 * a seamless provider like any other whose wallet calls come over HTTP to this server.
 */

/** The studio's provider code in the catalogue. */
export const HOUSE_PROVIDER_CODE = 'HOUSE';

export interface HouseMountSettings {
  /** The studio's public origin (scheme, host, port); by default http://house.localhost:<port>. */
  origin: string | undefined;
  /** The shared secret; by default one made once per database. */
  secret: string | undefined;
  /** Where the studio calls the wallet; by default this server over loopback. */
  walletUrl: string | undefined;
  limits: SiteLimitsConfig | undefined;
  /** How long a crash round takes bets; the studio's default when undefined. */
  crashBettingMs?: number | undefined;
  /** How long a crash stays on screen (tests shorten it); the studio's default when undefined. */
  crashPauseMs?: number | undefined;
  /** The crash multiplier's growth per ms (tests fly faster); the studio's default when undefined. */
  crashGrowthPerMs?: number | undefined;
  /** HOUSE_CRASH_SPEED: a multiple of the studio's growth (used when crashGrowthPerMs is not set). */
  crashSpeed?: number | undefined;
  /** The built client (packages/house-games/dist/client). */
  clientDir: string;
}

export interface HouseMount {
  integration: ProviderIntegration;
  /** The studio's origin, for the sites' frame-src (known once the server listens). */
  frameOrigin(): string | null;
  register(app: FastifyInstance): Promise<void>;
}

/** The studio's queries on the platform's connection (PGlite or a node-postgres pool alike). */
export function studioSqlOf(db: Db): StudioSql {
  const client = (db as unknown as { $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>; exec?: (text: string) => Promise<unknown> } }).$client;
  return {
    query: async <Row>(text: string, params: readonly unknown[] = []) => (await client.query(text, [...params])).rows as Row[],
    exec: async (text: string) => {
      // PGlite runs several statements with exec; node-postgres with a query without parameters.
      if (client.exec) await client.exec(text);
      else await client.query(text);
    },
  };
}

/** Creates the studio's tables (under the platform's migration lock) and answers the shared secret. */
export async function prepareHouseStudio(db: Db, configuredSecret: string | undefined): Promise<string> {
  const sql = studioSqlOf(db);
  await migrateStudio(sql);
  return configuredSecret ?? storedStudioSecret(sql);
}

export function createHouseMount(db: Db, secret: string, settings: HouseMountSettings): HouseMount {
  let port: number | null = null;
  const origin = (): string | null => settings.origin ?? (port === null ? null : `http://house.localhost:${port}`);
  const callbacks = new SeamlessAdapter({ adapter: 'seamless', launch_url: 'http://house.invalid/', secret });
  // The launch address needs the port, known only once the server listens.
  const adapter: ProviderAdapter = {
    launch(request: LaunchRequest): Promise<LaunchResult> {
      const studio = origin();
      if (!studio) throw new Error('the house studio is not listening yet');
      return new SeamlessAdapter({ adapter: 'seamless', launch_url: `${studio}${HOUSE_PREFIX}/play`, secret }).launch(request);
    },
    async demo(request: DemoRequest): Promise<LaunchResult> {
      const studio = origin();
      if (!studio) throw new Error('the house studio is not listening yet');
      const url = new URL(`${studio}${HOUSE_PREFIX}/demo`);
      url.searchParams.set('game', request.gameCode);
      url.searchParams.set('lang', request.language.tag);
      url.searchParams.set('currency', request.currency);
      url.searchParams.set('return_url', request.returnUrl);
      return { url: url.toString() };
    },
  };
  return {
    integration: { code: HOUSE_PROVIDER_CODE, mode: 'iframe', adapter, callbacks },
    frameOrigin: origin,
    async register(app) {
      app.addHook('onListen', async () => {
        const address = app.server.address();
        if (address && typeof address === 'object') port = address.port;
      });
      await houseStudio(app, {
        sql: studioSqlOf(db),
        providerCode: HOUSE_PROVIDER_CODE,
        secret,
        walletUrl: () => settings.walletUrl ?? `http://127.0.0.1:${port}`,
        games: HOUSE_GAMES,
        hosts: () => {
          const studio = origin();
          return studio ? [new URL(studio).host] : [];
        },
        clientDir: settings.clientDir,
        ...(settings.limits ? { limits: settings.limits } : {}),
        ...(settings.crashBettingMs ? { crashBettingMs: settings.crashBettingMs } : {}),
        ...(settings.crashPauseMs ? { crashPauseMs: settings.crashPauseMs } : {}),
        ...(settings.crashGrowthPerMs || settings.crashSpeed ? { crashGrowthPerMs: settings.crashGrowthPerMs ?? CRASH_GROWTH_PER_MS * settings.crashSpeed! } : {}),
      });
    },
  };
}
