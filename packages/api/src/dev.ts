// `npm run dev`: the same server with Vite's dev server for the web site (hot reload, no build).
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { loadConfig, REPO_ROOT } from './config.js';
import { startServer } from './server.js';

const webRoot = path.join(REPO_ROOT, 'packages', 'web');
const { createServer } = await import('vite');
const vite = await createServer({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  server: { middlewareMode: true },
  appType: 'custom',
});

const server = await startServer({ ...loadConfig(), production: false }, {
  kind: 'dev',
  middlewares: vite.middlewares,
  loadBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.all([server.stop(), vite.close()]).then(() => process.exit(0));
  });
}
