// `npm run bench:start`: cold start of the built server on an existing PGlite database, from
// spawning the process to the first answer of /healthz. Goal: under 3 s. Prints the median of 5.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'packages/api/dist/main.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'wl-bench-start-'));
const port = 3900 + Math.floor(Math.random() * 90);
const runs = Number(process.env.RUNS ?? 5);

async function startOnce() {
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const deadline = started + 60_000;
  for (;;) {
    if (performance.now() > deadline) throw new Error('server did not answer within 60 s');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const elapsed = performance.now() - started;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return elapsed;
}

try {
  const first = await startOnce(); // creates, migrates and seeds the database
  console.log(`first start (new database): ${first.toFixed(0)} ms`);
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await startOnce());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`cold start, existing database: median ${median.toFixed(0)} ms over ${runs} runs (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}); goal < 3000 ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
