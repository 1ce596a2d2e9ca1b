import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FavouriteGame, GameCategory } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { favourites, games, providers, siteProviders } from '../db/schema.js';
import { gameNamed, offeredBySite } from '../catalogue/index.js';

/**
 * The player's favourite games that the site still offers, most recently added first, with the
 * catalogue's current name, type and image. A favourite whose provider the operator switched off
 * stays stored and shows again when the provider is back.
 */
export async function listFavourites(db: Db, player: { id: number; siteId: number }): Promise<FavouriteGame[]> {
  const rows = await db
    .select({
      game_code: games.gameCode,
      game_name: games.gameName,
      game_type: games.gameType,
      img_url: games.imageUrl,
      provider_code: providers.code,
    })
    .from(favourites)
    .innerJoin(providers, eq(providers.code, favourites.providerCode))
    .innerJoin(games, and(eq(games.providerId, providers.id), eq(games.gameCode, favourites.gameCode)))
    .innerJoin(siteProviders, offeredBySite(player.siteId))
    .where(eq(favourites.playerId, player.id))
    .orderBy(desc(favourites.createdAt), favourites.providerCode, favourites.gameCode);
  return rows.map((row) => ({ ...row, game_type: row.game_type as GameCategory }));
}

/**
 * Games of the catalogue that the site offers (their provider enabled for the site) matching
 * `condition`; the caller adds order and limit.
 */
export function selectOfferedGames(db: Db, siteId: number, condition: SQL | undefined) {
  return db
    .select({
      providerCode: providers.code,
      gameCode: games.gameCode,
      gameName: games.gameName,
      gameType: games.gameType,
      imageUrl: games.imageUrl,
    })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(siteProviders, offeredBySite(siteId))
    .where(condition);
}

/** A game the site offers, or null. Provider codes are matched case-insensitively, game codes exactly. */
export async function findOfferedGame(db: Db, siteId: number, providerCode: string, gameCode: string) {
  const [row] = await selectOfferedGames(db, siteId, gameNamed(providerCode, gameCode)).limit(1);
  return row ?? null;
}

/**
 * Adds a game to the player's favourites; adding one already there changes nothing (it keeps its
 * place). The stored name, type and image are the catalogue's, never the client's. Answers false
 * when the site does not offer the game.
 */
export async function addFavourite(db: Db, player: { id: number; siteId: number }, providerCode: string, gameCode: string): Promise<boolean> {
  const game = await findOfferedGame(db, player.siteId, providerCode, gameCode);
  if (!game) return false;
  await db
    .insert(favourites)
    .values({
      playerId: player.id,
      providerCode: game.providerCode,
      gameCode: game.gameCode,
      gameName: game.gameName,
      gameType: game.gameType,
      imgUrl: game.imageUrl,
    })
    .onConflictDoNothing();
  return true;
}

/** Removes a game from the player's favourites; removing one not there is no error. */
export async function removeFavourite(db: Db, playerId: number, providerCode: string, gameCode: string): Promise<void> {
  await db
    .delete(favourites)
    .where(and(eq(favourites.playerId, playerId), sql`upper(${favourites.providerCode}) = upper(${providerCode})`, eq(favourites.gameCode, gameCode)));
}
