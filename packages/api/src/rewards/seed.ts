import type { Db } from '../db/client.js';

/** Demo balances, favourites, inbox items and payments (decisions.md §7). */
export async function seedRewards(_db: Db): Promise<void> {}
