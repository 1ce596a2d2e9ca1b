// `npm start`: builds the site and the server when there is no build (or it is older than the
// sources), then runs the server in this process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['packages/web/build/server/index.js', 'packages/house-games/dist/client/.vite/manifest.json', 'packages/api/dist/main.js'].map((file) =>
  path.join(root, file),
);
const sources = ['packages/contracts/src', 'packages/house-games/src', 'packages/api/src', 'packages/api/drizzle', 'packages/web/app'].map((dir) => path.join(root, dir));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const missing = outputs.some((file) => !existsSync(file));
const stale = !missing && Math.max(...sources.map(newestMtime)) > Math.min(...outputs.map((file) => statSync(file).mtimeMs));
if (missing || stale) {
  console.log(missing ? 'No build yet: building…' : 'Sources changed since the last build: rebuilding…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

await import(pathToFileURL(outputs[2]).href);
