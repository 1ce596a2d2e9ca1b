// Bundles the server into dist/main.js. Packages from npm stay external (installed next to it);
// the workspace's own TypeScript packages (@wl/contracts) are bundled in. API_BUILD_DIR writes
// <dir>/dist/main.js instead, for a second build beside the checked-out one (the folder then needs
// the drizzle/ migrations and node_modules next to dist/, e.g. as links).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@wl/'));

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/main.ts'],
  outfile: process.env.API_BUILD_DIR ? `${process.env.API_BUILD_DIR}/dist/main.js` : 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
