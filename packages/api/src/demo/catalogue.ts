import { eq, inArray, like, notExists, or, sql } from 'drizzle-orm';
import type { GameCategory } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { favourites, games, providers, siteProviders, siteSettings, sites } from '../db/schema.js';
import { gameArtUrl } from '../media/game-art.js';
import { DEMO_PROVIDERS, demoGames } from './catalogue-data.js';
import { listSizeKey } from '../catalogue/game-lists.js';

/** Where the platform's generated game artwork lives, whatever its version. */
const GAME_ART_PREFIX = '/api/media/game/';

/** Demo sites with list sizes of their own (the others use docs/product.md §9's fallbacks). */
const DEMO_LIST_SIZES = [
  { externalId: 'casino2', list: 'hot', size: 12 },
  { externalId: 'sportsbook1', list: 'featured', size: 8 },
  { externalId: 'slot3', list: 'new', size: 9 },
] as const;

/**
 * Seed step of issue 7 for demo databases: the catalogue follows the contracts' PROVIDERS (names
 * and slugs; a provider or demo game the database lacks is added, and every site offers a provider
 * new to it), the game images move to the versioned artwork URLs, and a few demo sites get list
 * sizes of their own. Each part is idempotent.
 */
export async function seedCatalogueUpdate(db: Db): Promise<void> {
  await syncDemoCatalogue(db);
  await refreshGameArtUrls(db);
  await orderDemoProviders(db);
  await seedListSizes(db);
}

/** The categories each template family puts first (docs/product.md D1: casinos lead with live casino and slots...). */
const FAMILY_CATEGORIES: Record<'casino' | 'slot' | 'sportsbook', GameCategory[]> = {
  casino: ['livecasino', 'slots', 'table', 'fish', 'crash', 'arcade', 'lottery', 'bingo', 'hashgame', 'sabong', 'horseracing', 'sportsbook'],
  slot: ['slots', 'fish', 'arcade', 'crash', 'bingo', 'lottery', 'livecasino', 'table', 'hashgame', 'sabong', 'horseracing', 'sportsbook'],
  sportsbook: ['sportsbook', 'horseracing', 'sabong', 'livecasino', 'slots', 'crash', 'table', 'fish', 'arcade', 'lottery', 'bingo', 'hashgame'],
};

/**
 * The demo sites' provider order: the providers of the categories the site's template family
 * leads with come first, so a casino's hot list opens with live casino and a sportsbook's with
 * sports (the house studio comes second); within a category the providers are rotated per site,
 * so the sites still differ.
 */
async function orderDemoProviders(db: Db): Promise<void> {
  const categoriesOf = new Map<string, GameCategory[]>(DEMO_PROVIDERS.map((provider) => [provider.code, provider.categories]));
  const providerRows = await db.select({ id: providers.id, code: providers.code }).from(providers).orderBy(providers.id);
  const siteRows = await db.select({ id: sites.id, externalId: sites.externalId, themeCode: sites.themeCode }).from(sites);
  for (const site of siteRows) {
    const family = site.themeCode.startsWith('sportsbook') ? 'sportsbook' : site.themeCode.startsWith('slot') ? 'slot' : 'casino';
    const rank = (code: string) => Math.min(...(categoriesOf.get(code) ?? []).map((category) => FAMILY_CATEGORIES[family].indexOf(category)), 99);
    const turn = [...site.externalId].reduce((sum, char) => sum + char.charCodeAt(0), 0);
    const ordered = providerRows
      .map((provider, index) => ({ provider, rank: rank(provider.code), spin: (index * 7 + turn) % providerRows.length }))
      .sort((a, b) => a.rank - b.rank || a.spin - b.spin);
    // The house studio's games are the demo's playable ones: second, so they reach the home lists
    // while the site still leads with its family's first provider.
    const house = ordered.findIndex((entry) => entry.provider.code === 'HOUSE');
    if (house > 1) ordered.splice(1, 0, ...ordered.splice(house, 1));
    const values = sql.join(
      ordered.map((entry, index) => sql`(${entry.provider.id}::int, ${index}::int)`),
      sql`, `,
    );
    await db.execute(sql`update site_providers set sort_order = v.sort_order from (values ${values}) as v(provider_id, sort_order)
      where site_providers.site_id = ${site.id} and site_providers.provider_id = v.provider_id`);
  }
}

/** Providers and demo games as the demo catalogue defines them; nothing is removed. */
export async function syncDemoCatalogue(db: Db): Promise<void> {
  const rows = await db
    .insert(providers)
    .values(DEMO_PROVIDERS.map(({ code, slug, name }) => ({ code, slug, name })))
    .onConflictDoUpdate({ target: providers.code, set: { slug: sql`excluded.slug`, name: sql`excluded.name` } })
    .returning({ id: providers.id, code: providers.code });
  const idByCode = new Map(rows.map((row) => [row.code, row.id]));
  const gameRows = demoGames().map((game) => ({
    providerId: idByCode.get(game.providerCode)!,
    gameCode: game.gameCode,
    gameName: game.gameName,
    gameType: game.gameType,
    categories: game.categories,
    imageUrl: gameArtUrl(game.providerCode, game.gameCode),
    hot: game.hot,
    featured: game.featured,
    popular: game.popular,
    isNew: game.isNew,
    sortOrder: game.sortOrder,
  }));
  for (let i = 0; i < gameRows.length; i += 200) await db.insert(games).values(gameRows.slice(i, i + 200)).onConflictDoNothing();

  // A provider no site knows yet is offered by every site, after its own providers.
  const unknown = await db
    .select({ id: providers.id })
    .from(providers)
    .where(notExists(db.select({ one: sql`1` }).from(siteProviders).where(eq(siteProviders.providerId, providers.id))))
    .orderBy(providers.id);
  if (unknown.length === 0) return;
  const siteRows = await db
    .select({ id: sites.id, last: sql<number>`coalesce((select max(sort_order) from site_providers where site_id = ${sites.id}), -1)::int` })
    .from(sites);
  const offers = siteRows.flatMap((site) => unknown.map((provider, index) => ({ siteId: site.id, providerId: provider.id, enabled: true, sortOrder: Number(site.last) + 1 + index })));
  if (offers.length > 0) await db.insert(siteProviders).values(offers).onConflictDoNothing();
}

/**
 * Points the games whose image is the platform's artwork (or missing) at its current versioned
 * URL, and the favourites that stored such an image at the game's new one. Images of an operator's
 * own (any other URL) are left alone. A later art version runs this again in a step of its own.
 */
export async function refreshGameArtUrls(db: Db): Promise<void> {
  const rows = await db
    .select({ id: games.id, providerCode: providers.code, gameCode: games.gameCode, imageUrl: games.imageUrl })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .where(or(eq(games.imageUrl, ''), like(games.imageUrl, `${GAME_ART_PREFIX}%`)));
  const changed = rows
    .map((row) => ({ id: row.id, url: gameArtUrl(row.providerCode, row.gameCode), old: row.imageUrl }))
    .filter((row) => row.url !== row.old);
  for (let i = 0; i < changed.length; i += 500) {
    const values = sql.join(
      changed.slice(i, i + 500).map((row) => sql`(${row.id}::int, ${row.url}::text)`),
      sql`, `,
    );
    await db.execute(sql`update games set image_url = v.url from (values ${values}) as v(id, url) where games.id = v.id`);
  }
  await db.execute(sql`
    update ${favourites} f set img_url = g.image_url
    from ${games} g join ${providers} p on p.id = g.provider_id
    where p.code = f.provider_code and g.game_code = f.game_code
      and f.img_url like ${`${GAME_ART_PREFIX}%`} and f.img_url <> g.image_url`);
}

/** The demo sites' own list sizes (an operator's value, if any, is kept). */
async function seedListSizes(db: Db): Promise<void> {
  const siteRows = await db
    .select({ id: sites.id, externalId: sites.externalId })
    .from(sites)
    .where(inArray(sites.externalId, DEMO_LIST_SIZES.map((entry) => entry.externalId)));
  const idOf = new Map(siteRows.map((row) => [row.externalId, row.id]));
  const values = DEMO_LIST_SIZES.flatMap((entry) => {
    const siteId = idOf.get(entry.externalId);
    return siteId === undefined ? [] : [{ siteId, key: listSizeKey(entry.list), value: String(entry.size) }];
  });
  if (values.length > 0) await db.insert(siteSettings).values(values).onConflictDoNothing();
}

/**
 * Seed step of issue 23: the house studio's provider and games (syncDemoCatalogue adds them and
 * offers the provider on every site), placed in every site's provider order (orderDemoProviders).
 */
export async function seedHouseStudio(db: Db): Promise<void> {
  await syncDemoCatalogue(db);
  await orderDemoProviders(db);
}
