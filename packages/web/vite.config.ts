import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * The build id and time (published at /builds/latest.json, compared by the client: app/deploy/).
 * React Router evaluates this config several times in one process (once more per bundle): the first
 * evaluation keeps them in the environment, so the client and server bundles agree. A deployment
 * may set WEB_BUILD_ID itself (e.g. to the commit) so that builds made on several machines agree.
 */
const buildTimestamp = Number((process.env.WEB_BUILD_TIMESTAMP ||= String(Date.now())));
const buildId = (process.env.WEB_BUILD_ID ||=
  `${new Date(buildTimestamp).toISOString().replace(/[-:]|\.\d+/g, '')}-${crypto.randomUUID().slice(0, 8)}`);
if (!/^[\w.-]{1,64}$/.test(buildId)) throw new Error(`WEB_BUILD_ID must be 1 to 64 letters, digits, '.', '_' or '-': ${buildId}`);
if (!Number.isSafeInteger(buildTimestamp)) throw new Error('WEB_BUILD_TIMESTAMP must be milliseconds since 1970');

export default defineConfig({
  plugins: [reactRouter()],
  define: { __WL_BUILD_ID__: JSON.stringify(buildId), __WL_BUILD_TIMESTAMP__: JSON.stringify(buildTimestamp) },
  // The contracts package is TypeScript source: bundle it into the server build too.
  ssr: { noExternal: ['@wl/contracts'] },
  build: { target: 'es2022' },
});
