import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_ODDS_CHANGE, DEFAULT_ODDS_FORMAT, type OddsChangeChoice, type OddsFormat } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { playerSportsSettings } from '../db/schema.js';

/*
 * A player's betslip settings kept with the account (ADR 0038): the odds format and the
 * odds-change choice. Read and written only for the session's own site and player; the values
 * come checked by the contract's lists, and the table's checks hold them too.
 */

/** Whose settings: the session's site and player, never a value of the payload. */
export interface SettingsOwner {
  siteId: number;
  playerId: number;
}

export interface SportsSettings {
  oddsFormat: OddsFormat;
  oddsChange: OddsChangeChoice;
  /** false: the player never saved any; these are the defaults. */
  saved: boolean;
}

export async function readSportsSettings(db: Db, owner: SettingsOwner): Promise<SportsSettings> {
  const [row] = await db
    .select({ oddsFormat: playerSportsSettings.oddsFormat, oddsChange: playerSportsSettings.oddsChange })
    .from(playerSportsSettings)
    .where(and(eq(playerSportsSettings.siteId, owner.siteId), eq(playerSportsSettings.playerId, owner.playerId)))
    .limit(1);
  if (!row) return { oddsFormat: DEFAULT_ODDS_FORMAT, oddsChange: DEFAULT_ODDS_CHANGE, saved: false };
  return { ...row, saved: true };
}

/**
 * Saves what was sent (one value or both) in one statement: the first save creates the row with the
 * defaults for a value not sent, a later one changes only the values sent, so two devices each
 * changing one setting keep both changes.
 */
export async function saveSportsSettings(db: Db, owner: SettingsOwner, change: { oddsFormat?: OddsFormat; oddsChange?: OddsChangeChoice }): Promise<SportsSettings> {
  const sent = {
    ...(change.oddsFormat !== undefined ? { oddsFormat: change.oddsFormat } : {}),
    ...(change.oddsChange !== undefined ? { oddsChange: change.oddsChange } : {}),
  };
  const [row] = await db
    .insert(playerSportsSettings)
    .values({ siteId: owner.siteId, playerId: owner.playerId, ...sent })
    .onConflictDoUpdate({ target: [playerSportsSettings.siteId, playerSportsSettings.playerId], set: { ...sent, updatedAt: sql`now()` } })
    .returning({ oddsFormat: playerSportsSettings.oddsFormat, oddsChange: playerSportsSettings.oddsChange });
  return { ...row!, saved: true };
}
