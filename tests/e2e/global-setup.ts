/**
 * Starts the built server once on an empty data folder, so it migrates and seeds the demo data,
 * and stops it: each test file's server then starts from a copy of that folder (harness.ts)
 * instead of seeding its own, about 15 s a file.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data folder of the built server, migrated and seeded with the demo data. */
    e2eSeededDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wl-e2e-seeded-'));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  try {
    const seeding = await startServer({ env: { DATA_DIR: dataDir } });
    await seeding.stop();
  } catch (error) {
    await removeDataDir();
    throw error;
  }
  project.provide('e2eSeededDataDir', dataDir);
  return removeDataDir;
}
