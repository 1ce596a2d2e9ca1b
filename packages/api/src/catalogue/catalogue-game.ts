import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CatalogueGame, GameCategory } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { games, providers, siteGamesOff, siteProviders } from '../db/schema.js';
import { gamePlaceholder } from '../media/index.js';

/** The columns a catalogue game is made of (select them with `selectCatalogueGames`). */
export const catalogueGameColumns = {
  id: games.id,
  providerId: games.providerId,
  providerCode: providers.code,
  providerName: providers.name,
  gameCode: games.gameCode,
  gameName: games.gameName,
  gameType: games.gameType,
  imageUrl: games.imageUrl,
  hot: games.hot,
  isNew: games.isNew,
};

export interface CatalogueGameRow {
  id: number;
  providerId: number;
  providerCode: string;
  providerName: string;
  gameCode: string;
  gameName: string;
  gameType: string;
  imageUrl: string;
  hot: boolean;
  isNew: boolean;
}

/**
 * The join condition of site_providers that scopes the catalogue to what a site offers: the
 * providers enabled for it, less the games switched off for it (ADR 0051). Every list, lobby,
 * search, favourite and launch of a site joins through this.
 */
export function offeredBySite(siteId: number) {
  return and(
    eq(siteProviders.providerId, providers.id),
    eq(siteProviders.siteId, siteId),
    eq(siteProviders.enabled, true),
    sql`not exists (select 1 from ${siteGamesOff} where ${siteGamesOff.siteId} = ${siteId} and ${siteGamesOff.gameId} = ${games.id})`,
  );
}

/** The game a client names: provider codes match in any case, game codes exactly. */
export function gameNamed(providerCode: string, gameCode: string) {
  return and(sql`upper(${providers.code}) = upper(${providerCode})`, eq(games.gameCode, gameCode));
}

/**
 * Games of the providers the site offers (enabled for it); the caller adds the condition, order
 * and limit. Joining site_providers is what scopes the catalogue to one site.
 */
export function selectCatalogueGames(db: Db, siteId: number) {
  return db
    .select(catalogueGameColumns)
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(siteProviders, offeredBySite(siteId));
}

/** How many games of the providers the site offers match `condition`. */
export async function countCatalogueGames(db: Db, siteId: number, condition: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(siteProviders, offeredBySite(siteId))
    .where(condition);
  return Number(row?.count ?? 0);
}

/**
 * The providers' integrations as far as the catalogue needs them: whether one offers play money
 * (games/registry.ts; typed here by shape, so the catalogue does not depend on the games feature).
 */
export interface DemoProviders {
  get(providerCode: string): { adapter: { demo?: unknown } } | undefined;
}

/** A guest may play the provider's games with play money: its integration has a demo (issue 23 §2). */
export function offersDemo(integrations: DemoProviders, providerCode: string): boolean {
  return integrations.get(providerCode)?.adapter.demo !== undefined;
}

/**
 * A row as the contracts' catalogue game (docs/product.md §3 Game plus the tile's extras); the
 * integrations tell whether it has a demo.
 */
export function catalogueGameOf(row: CatalogueGameRow, integrations: DemoProviders): CatalogueGame {
  const gameType = row.gameType as GameCategory;
  return {
    provider_code: row.providerCode,
    game_code: row.gameCode,
    game_name: row.gameName,
    game_type: gameType,
    game_image: row.imageUrl,
    provider_name: row.providerName,
    game_placeholder: gamePlaceholder({ name: row.gameName, provider: row.providerName, category: gameType }),
    hot: row.hot,
    is_new: row.isNew,
    has_demo: offersDemo(integrations, row.providerCode),
  };
}
