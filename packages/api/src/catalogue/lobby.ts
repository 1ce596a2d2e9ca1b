import { and, arrayContains, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  UNFILTERED_PROVIDERS,
  providerCodeOfSlug,
  type CategoryKey,
  type LobbyProvider,
  type LobbyReply,
} from '@wl/contracts';
import type { Db } from '../db/client.js';
import { games, providers, siteProviders } from '../db/schema.js';
import type { CallHandler } from '../http/calls.js';
import { siteContentCall } from '../content/index.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { catalogueGameOf, countCatalogueGames, offeredBySite, selectCatalogueGames } from './catalogue-game.js';
import type { SiteLookup } from '../sites/index.js';
import { KeptPerSite } from './kept.js';

const UNFILTERED = new Set<string>(UNFILTERED_PROVIDERS);

/** The games of a lobby: its category's, or for 'hot' every game flagged hot. */
export function lobbyCondition(category: CategoryKey): SQL {
  return category === 'hot' ? eq(games.hot, true) : arrayContains(games.categories, [category]);
}

/** A search text as a LIKE pattern matching it anywhere, its wildcards (% and _) and the escape character taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The lobby's providers that the site offers, in the site's order, with their games in the lobby, read from the database. */
export async function loadLobbyProviders(db: Db, siteId: number, inLobby: SQL): Promise<LobbyProvider[]> {
  const rows = await db
    .select({ code: providers.code, slug: providers.slug, name: providers.name, count: sql<number>`count(*)::int` })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(siteProviders, offeredBySite(siteId))
    .where(inLobby)
    .groupBy(providers.id, siteProviders.sortOrder)
    .orderBy(asc(siteProviders.sortOrder), asc(providers.name));
  return rows.map((row) => ({
    provider_code: row.code,
    slug: row.slug,
    name: row.name,
    count: Number(row.count),
    filterable: !UNFILTERED.has(row.code),
  }));
}

/**
 * The lobby's providers and counts, kept per state of the site's catalogue (kept.ts): every page,
 * filter and search of a lobby shows them, and they change only with the catalogue. They also
 * give the total of a page without a search, so such a page costs one query.
 */
const keptProviders = new KeptPerSite<LobbyProvider[]>();

function lobbyProviders(db: Db, sites: SiteLookup, siteId: number, category: CategoryKey): Promise<LobbyProvider[]> {
  return keptProviders.get(sites, siteId, category, async () => deepFreeze(await loadLobbyProviders(db, siteId, lobbyCondition(category))));
}

/**
 * lobby: one page of a lobby's grid in the site's order (the site's provider order, then the
 * games' own order), narrowed to a provider (by its slug) and by a case-insensitive search on the
 * name, with the lobby's providers and their counts (before the provider filter and the search).
 * An unknown slug gives an empty page; a page past the end is empty with the right total.
 */
export const lobbyHandler: CallHandler<'lobby'> = siteContentCall<'lobby'>(async (payload, { db, site, services }) => {
  const { category, provider, search, page, page_size } = payload;
  const inLobby = lobbyCondition(category);
  const providerCode = provider === '' ? null : providerCodeOfSlug(provider);
  const reply = (value: LobbyReply['value'], total: number, providerList: LobbyProvider[]): LobbyReply => ({
    statusCode: 1,
    message: 'OK',
    value,
    total,
    page,
    page_size,
    providers: providerList,
  });

  const providersLoad = lobbyProviders(db, services.siteLookup, site.id, category);
  if (provider !== '' && !providerCode) return reply([], 0, await providersLoad);

  const matching = and(
    inLobby,
    providerCode ? eq(providers.code, providerCode) : undefined,
    search ? sql`${games.gameName} ilike ${containsPattern(search)}` : undefined,
  );
  const pageLoad = selectCatalogueGames(db, site.id)
    .where(matching)
    .orderBy(asc(siteProviders.sortOrder), asc(games.sortOrder), asc(games.id))
    .limit(page_size)
    .offset((page - 1) * page_size);
  // Without a search the provider counts are the totals; with one, the matches are counted.
  const countLoad = search ? countCatalogueGames(db, site.id, matching) : null;
  const [providerList, rows, searched] = await Promise.all([providersLoad, pageLoad, countLoad]);
  const total =
    searched ??
    (providerCode
      ? (providerList.find((entry) => entry.provider_code === providerCode)?.count ?? 0)
      : providerList.reduce((sum, entry) => sum + entry.count, 0));
  return reply(
    rows.map((row) => catalogueGameOf(row, services.gameProviders)),
    total,
    providerList,
  );
});
