import type { Db } from '../db/client.js';

/** Demo VIP levels of every site and the demo players' VIP standing (decisions.md §7). */
export async function seedVip(_db: Db): Promise<void> {}
