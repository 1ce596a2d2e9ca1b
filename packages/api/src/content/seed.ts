import type { Db } from '../db/client.js';

/** Demo content of every site (decisions.md §7). */
export async function seedContent(_db: Db): Promise<void> {}
