import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './server';

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
/** What the test's own environment may hold that would point the CLI elsewhere. */
const OPS_SETTINGS = ['DATABASE_URL', 'DATA_DIR', 'OPS_URL', 'OPS_KEY', 'OPS_USER', 'OPS_PASSWORD', 'OPS_TOTP'];

/** `npm run ops -- <args>` as an operator runs it (tsx scripts/ops.mjs), with only `env` telling it where to work. */
export function runOps(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OPS_SETTINGS.includes(key)));
  return new Promise((resolve) => {
    execFile(TSX, ['scripts/ops.mjs', ...args], { cwd: REPO_ROOT, env: { ...clean, ...env }, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
