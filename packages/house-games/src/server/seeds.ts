import { hashServerSeed, newClientSeed, newServerSeed } from '../fair/index.js';
import type { ActiveSeeds } from '../api.js';
import type { StudioSql } from './sql.js';

/*
 * A player's seed pairs (docs/provably-fair.md): one in use per player of a site, its server seed
 * shown only as its hash; rotating reveals it and starts a new pair. Each round takes the pair's
 * next nonce in one UPDATE, so two rounds never share one.
 */

export interface RoundSeedsTaken {
  pairId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

interface PairRow {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
}

/** Starts a pair unless the player has one in use (a concurrent start loses quietly to the unique index). */
async function ensurePair(sql: StudioSql, site: string, player: string, clientSeed?: string): Promise<void> {
  const serverSeed = newServerSeed();
  await sql.query(
    `INSERT INTO house.seed_pairs (site, player, server_seed, server_seed_hash, client_seed)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (site, player) WHERE revealed_at IS NULL DO NOTHING`,
    [site, player, serverSeed, hashServerSeed(serverSeed), clientSeed ?? newClientSeed()],
  );
}

export async function activeSeeds(sql: StudioSql, site: string, player: string): Promise<ActiveSeeds> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [row] = await sql.query<PairRow>(
      `SELECT id::text, server_seed, server_seed_hash, client_seed, next_nonce FROM house.seed_pairs
        WHERE site = $1 AND player = $2 AND revealed_at IS NULL`,
      [site, player],
    );
    if (row) return { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: Number(row.next_nonce) };
    await ensurePair(sql, site, player);
  }
  throw new Error('no seed pair could be started');
}

/** Takes the next nonce of the player's pair in use (starting one if needed). */
export async function takeNonce(sql: StudioSql, site: string, player: string): Promise<RoundSeedsTaken> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [row] = await sql.query<PairRow>(
      `UPDATE house.seed_pairs SET next_nonce = next_nonce + 1
        WHERE site = $1 AND player = $2 AND revealed_at IS NULL
        RETURNING id::text, server_seed, server_seed_hash, client_seed, next_nonce - 1 AS next_nonce`,
      [site, player],
    );
    if (row) {
      return { pairId: row.id, serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: Number(row.next_nonce) };
    }
    await ensurePair(sql, site, player);
  }
  throw new Error('no seed pair could be started');
}

/**
 * Reveals the pair in use and starts a new one (with the player's client seed, or a new random
 * one). A round still open keeps its pair: it was decided at its start, and is verifiable once over.
 */
export async function rotateSeeds(
  sql: StudioSql,
  site: string,
  player: string,
  clientSeed: string | undefined,
): Promise<{ revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number }; seeds: ActiveSeeds }> {
  await ensurePair(sql, site, player);
  const [old] = await sql.query<PairRow>(
    `UPDATE house.seed_pairs SET revealed_at = now()
      WHERE site = $1 AND player = $2 AND revealed_at IS NULL
      RETURNING id::text, server_seed, server_seed_hash, client_seed, next_nonce`,
    [site, player],
  );
  await ensurePair(sql, site, player, clientSeed);
  const seeds = await activeSeeds(sql, site, player);
  if (!old) throw new Error('the seed pair in use vanished');
  return {
    revealed: { serverSeed: old.server_seed, serverSeedHash: old.server_seed_hash, clientSeed: old.client_seed, rounds: Number(old.next_nonce) },
    seeds,
  };
}
