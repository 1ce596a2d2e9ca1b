import { and, asc, eq, inArray } from 'drizzle-orm';
import { GAME_LIST_FALLBACKS, GAME_LIST_KEYS, LOBBY_MAX_PAGE_SIZE, type GameListName, type GameListsReply } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { games, siteProviders, siteSettings } from '../db/schema.js';
import { PreSerialized, type CallHandler } from '../http/calls.js';
import { siteContentCall } from '../content/index.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { catalogueGameOf, selectCatalogueGames, type DemoProviders } from './catalogue-game.js';
import type { SiteLookup } from '../sites/index.js';
import { KeptPerSite } from './kept.js';

/** The site_settings key of a list's size: game_list_size.hot, .featured, .popular, .new. */
export function listSizeKey(list: GameListName): string {
  return `game_list_size.${list}`;
}

const LIST_SIZE_KEYS = GAME_LIST_KEYS.map(listSizeKey);

/** A home row shows no more games than a lobby page: a larger setting is held to this. */
export const GAME_LIST_MAX_SIZE = LOBBY_MAX_PAGE_SIZE;

export type GameListSizes = Record<GameListName, number>;

/** A list's size from its setting: a positive integer (held to GAME_LIST_MAX_SIZE), else the fallback of docs/product.md §9. */
export function listSizeOf(setting: string | undefined, fallback: number): number {
  const text = setting?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return fallback;
  const size = Number(text);
  return size > 0 ? Math.min(size, GAME_LIST_MAX_SIZE) : fallback;
}

/** The site's own list sizes, each falling back to docs/product.md §9's when the site sets none (or a value that is not a size). */
export async function gameListSizes(db: Db, siteId: number): Promise<GameListSizes> {
  const rows = await db
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(and(eq(siteSettings.siteId, siteId), inArray(siteSettings.key, LIST_SIZE_KEYS)));
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(GAME_LIST_KEYS.map((list) => [list, listSizeOf(byKey.get(listSizeKey(list)), GAME_LIST_FALLBACKS[list])])) as GameListSizes;
}

/** The flag of each list on a game. */
const LIST_FLAGS = { hot: games.hot, featured: games.featured, popular: games.popular, new: games.isNew } as const;

/** The four lists of a site: its flagged games of the providers it offers, in the site's order, each at most its size. */
export async function loadGameLists(db: Db, siteId: number, sizes: GameListSizes, integrations: DemoProviders): Promise<GameListsReply> {
  const lists = await Promise.all(
    GAME_LIST_KEYS.map((list) =>
      selectCatalogueGames(db, siteId)
        .where(eq(LIST_FLAGS[list], true))
        .orderBy(asc(siteProviders.sortOrder), asc(games.sortOrder), asc(games.id))
        .limit(sizes[list]),
    ),
  );
  const value = Object.fromEntries(GAME_LIST_KEYS.map((list, index) => [list, lists[index]!.map((row) => catalogueGameOf(row, integrations))])) as GameListsReply['value'];
  return { statusCode: 1, message: 'OK', value };
}

/**
 * The lists' replies, kept per state of the site's catalogue (kept.ts) and per list sizes. The
 * sizes are site settings, which send no notification: they are read on every call (one
 * primary-key lookup) and pick the reply, so a new size shows at once in every process. The reply
 * is kept with its JSON text and compressed forms, like startup's: it is read on every home page.
 */
const keptLists = new KeptPerSite<PreSerialized<GameListsReply>>();

async function keptGameLists(db: Db, sites: SiteLookup, siteId: number, integrations: DemoProviders): Promise<PreSerialized<GameListsReply>> {
  const sizes = await gameListSizes(db, siteId);
  const key = GAME_LIST_KEYS.map((list) => sizes[list]).join(',');
  return keptLists.get(sites, siteId, key, async () => {
    // The integrations are fixed for the app's life, like the site lookup the lists are kept by.
    const reply = await loadGameLists(db, siteId, sizes, integrations);
    return new PreSerialized(deepFreeze(reply), JSON.stringify(reply));
  });
}

/** game_lists: the home page's hot, featured, popular and new lists (docs/product.md §9 fallback sizes). */
export const gameListsHandler: CallHandler<'gameLists'> = siteContentCall<'gameLists'>(async (_payload, { db, site, services }) =>
  keptGameLists(db, services.siteLookup, site.id, services.gameProviders),
);
