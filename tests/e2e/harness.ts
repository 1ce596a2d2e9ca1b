import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type E2EServer } from './server';
import { launchBrowser } from './browser';

export interface E2EHarness {
  /** The built server of this test file (set once beforeAll has run). */
  readonly server: E2EServer;
  /** Chromium for this test file. */
  readonly browser: Browser;
}

/**
 * Starts the built server and Chromium for the calling test file, both at once, and stops both
 * after it (whichever started is stopped even when the other failed). Call at the top of the file.
 */
export function useServerAndBrowser(options: Parameters<typeof startServer>[0] = {}): E2EHarness {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startServer(options), launchBrowser()]);
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
