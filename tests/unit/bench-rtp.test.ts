/**
 * `npm run bench:rtp` (scripts/bench-rtp.mjs, ADR 0030): seeded and reproducible across runs, one
 * row per game, and it refuses bad options. A few thousand rounds keep it fast; the README shows
 * the full run.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

async function bench(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench-rtp.mjs', ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The table's rows without their time column. */
const rows = (stdout: string) => stdout.split('\n').filter((line) => /^\| [A-Z]/.test(line)).map((line) => line.split('|').filter((_, index) => index !== 8).join('|'));

describe('npm run bench:rtp', () => {
  it('gives the same figures for the same rounds and workers', async () => {
    const [first, second] = await Promise.all([bench('--rounds', '3000', '--game', 'hash-parity', '--workers', '2'), bench('--rounds', '3000', '--game', 'HASH-PARITY', '--workers', '2')]);
    expect(first.code, first.stderr).toBe(0);
    expect(rows(first.stdout)).toHaveLength(1);
    expect(rows(first.stdout)[0]).toMatch(/^\| HASH-PARITY \| 3,000 \| 0\.9700 \| \d\.\d{4} \| \d\.\d{4} – \d\.\d{4} \| [\d.]+ % \| [\d,.]+× \| ok \|$/);
    expect(rows(second.stdout)).toEqual(rows(first.stdout));
  }, 60_000);

  it('refuses unknown options and games', async () => {
    const refusals = await Promise.all([bench('--rounds', 'many'), bench('--game', 'NOPE'), bench('--fast')]);
    expect(refusals.map((refusal) => refusal.code)).toEqual([2, 2, 2]);
    expect(refusals[1]!.stderr).toContain('No game NOPE');
  }, 60_000);
});
