import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type E2EServer, type StartServerOptions } from './server';
import { launchBrowser } from './browser';

export interface E2EHarness {
  /** The built server of this test file (set once beforeAll has run). */
  readonly server: E2EServer;
  /** Chromium for this test file. */
  readonly browser: Browser;
}

export interface HarnessOptions {
  /** Environment of the server besides the defaults (read when beforeAll runs, so a hook before it may fill it). */
  env?: Record<string, string>;
  /** Seed a database of its own instead of copying the run's seeded one (for settings read only when seeding). */
  freshSeed?: boolean;
}

/** The data folder the run's global setup seeded, for servers to start from a copy of it. */
export function seededDataDir(): string {
  return inject('e2eSeededDataDir');
}

/**
 * Starts the built server and Chromium for the calling test file, both at once, and stops both
 * after it (whichever started is stopped even when the other failed). Call at the top of the file.
 */
export function useServerAndBrowser(options: HarnessOptions = {}): E2EHarness {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const serverOptions: StartServerOptions = { ...(options.env ? { env: options.env } : {}), ...(options.freshSeed ? {} : { seededDataDir: seededDataDir() }) };
    const [started, launched] = await Promise.allSettled([startServer(serverOptions), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await server?.stop();
    }
  });
  return {
    get server() {
      if (!server) throw new Error('The e2e server has not started (beforeAll failed or has not run)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium has not started (beforeAll failed or has not run)');
      return browser;
    },
  };
}
