import { randomBytes } from 'node:crypto';
import type { StudioSql } from './sql.js';

/**
 * The secret the mounted studio and the platform share when none is configured: made once per
 * database and kept in the studio's settings, so every server process of one database signs and
 * checks with the same one. A configured HOUSE_GAMES_SECRET wins (README "House games").
 */
export async function storedStudioSecret(sql: StudioSql): Promise<string> {
  await sql.query(`INSERT INTO house.settings (name, value) VALUES ('wallet_secret', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64url')]);
  const [row] = await sql.query<{ value: string }>(`SELECT value FROM house.settings WHERE name = 'wallet_secret'`);
  if (!row) throw new Error('the studio secret could not be stored');
  return row.value;
}
