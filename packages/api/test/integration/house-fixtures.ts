/**
 * Fixtures of the house studio's tests: the API app with the studio mounted as the server mounts
 * it (games/house-mount.ts), listening on a port of its own so the studio's wallet calls go over
 * real HTTP, and a stand-in for the studio's built client (the page only names its files).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SiteLimitsConfig } from '@wl/house-games/server';
import type { Database } from '../../src/db/client.js';
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
  options: { secret: string; limits?: SiteLimitsConfig; configured?: GameProvidersConfig },
): Promise<MountedStudio> {
  const clientDir = fakeClientDir();
  const secret = await prepareHouseStudio(database.db, options.secret);
  const house = createHouseMount(database.db, secret, { origin: undefined, secret, walletUrl: undefined, limits: options.limits, clientDir });
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
