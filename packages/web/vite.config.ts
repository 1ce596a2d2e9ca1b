import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/** Text files of the client build worth compressing (images other than SVG are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this size a compressed copy saves less than its own request overhead. */
const COMPRESS_MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Libraries of every page: React and React Router, with what they need. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie)[\\/]/;
/**
 * The site's own modules. Not the contracts package's: grouping a module pulls in its top-level
 * work, and the contracts' schemas would bring the schema library into the first script.
 */
const APP = /[\\/]web[\\/]app[\\/]/;
/** The route every page sits in (the locale prefix), and the home page, the one most visits start on. */
const LOCALE_ROUTE = /[\\/]app[\\/]routes[\\/]locale\.tsx$/;
const HOME_ROUTE = /[\\/]app[\\/]routes[\\/]home\.tsx$/;
const ROUTE_MODULE = /[\\/]app[\\/]routes[\\/][^\\/]+\.tsx$/;
/**
 * Modules every first page loads, found at the end of the client build: what the client entry and
 * the root route import statically, the locale route's, and the home page's modules that another
 * route shares too (its tiles, the favourite heart, the game launcher: the lobbies use them).
 */
const shellModules = new Set<string>();

/**
 * Puts what every page loads into two chunks, the framework and the site's shell, where the
 * bundler would cut it into some thirty small ones shared in different ways by the routes: over
 * HTTP/1.1 (six connections to a host) a phone then fetches a handful of scripts before its first
 * paint, not thirty-odd. Modules loaded later (dynamic imports) and the routes' own stay apart.
 */
function shellChunks(): Plugin {
  return {
    name: 'wl-shell-chunks',
    apply: 'build',
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const ids = [...this.getModuleIds()];
      /** What a module imports statically, itself included. */
      const reach = (start: string[]): Set<string> => {
        const seen = new Set<string>();
        const queue = [...start];
        while (queue.length) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      for (const id of reach(ids.filter((id) => /[\\/]app[\\/](?:entry\.client|root)\.tsx$/.test(id) || LOCALE_ROUTE.test(id)))) shellModules.add(id);
      const otherRoutes = ids.filter((id) => ROUTE_MODULE.test(id) && !HOME_ROUTE.test(id) && !LOCALE_ROUTE.test(id));
      const sharedWithOthers = reach(otherRoutes);
      for (const id of reach(ids.filter((id) => HOME_ROUTE.test(id)))) {
        if (sharedWithOthers.has(id) && !ROUTE_MODULE.test(id)) shellModules.add(id);
      }
    },
  };
}

const shellChunkGroups = [
  { name: 'framework', test: (id: string) => FRAMEWORK.test(id) && shellModules.has(id), priority: 2 },
  { name: 'shell', test: (id: string) => APP.test(id) && shellModules.has(id) && !ROUTE_MODULE.test(id), priority: 1 },
];

/** The client build's folder, as React Router names it (react-router.config.ts's buildDirectory, then client). */
const CLIENT_BUILD_DIR = path.resolve(import.meta.dirname, process.env.WEB_BUILD_DIR || 'build', 'client');

async function compressBeside(file: string): Promise<void> {
  if ((await stat(file)).size < COMPRESS_MIN_BYTES) return;
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    promisify(gzip)(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy beside each text file of the client
 * build, once at build time; the server sends the one a browser accepts (@fastify/static's
 * preCompressed), so no asset is compressed per request and none goes uncompressed. React Router
 * writes the route manifest into the client folder during the server build: that build's end
 * compresses what is still without its copies.
 */
function precompress(): Plugin {
  return {
    name: 'wl-precompress',
    apply: 'build',
    async closeBundle() {
      const files = await filesUnder(CLIENT_BUILD_DIR);
      const present = new Set(files);
      const compressible = files.filter((file) => COMPRESSIBLE.test(file));
      const due = this.environment.name === 'client' ? compressible : compressible.filter((file) => !present.has(`${file}.br`));
      await Promise.all(due.map(compressBeside));
    },
  };
}

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
  plugins: [reactRouter(), precompress(), shellChunks()],
  define: { __WL_BUILD_ID__: JSON.stringify(buildId), __WL_BUILD_TIMESTAMP__: JSON.stringify(buildTimestamp) },
  // The contracts package is TypeScript source: bundle it into the server build too.
  ssr: { noExternal: ['@wl/contracts'] },
  build: { target: 'es2022' },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: shellChunkGroups,
            },
          },
        },
      },
    },
  },
});
