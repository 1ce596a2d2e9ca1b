/**
 * The platform's game providers (docs/product.md §9: a provider-slug to provider-code map of about 50
 * providers). The slug names a provider in lobby URLs (/slots?provider=pgsoft); the code names it
 * in calls, favourites and game sessions.
 */
export const PROVIDERS = [
  { code: 'PG', slug: 'pgsoft', name: 'PG Soft' },
  { code: 'PP', slug: 'pragmatic-play', name: 'Pragmatic Play' },
  { code: 'JILI', slug: 'jili', name: 'JILI' },
  { code: 'EVO', slug: 'evolution', name: 'Evolution' },
  { code: 'SEXY', slug: 'ae-sexy', name: 'AE Sexy' },
  { code: 'SA', slug: 'sa-gaming', name: 'SA Gaming' },
  { code: 'DG', slug: 'dream-gaming', name: 'Dream Gaming' },
  { code: 'WM', slug: 'wm-casino', name: 'WM Casino' },
  { code: 'AG', slug: 'asia-gaming', name: 'Asia Gaming' },
  { code: 'EVOPLAY', slug: 'evoplay', name: 'Evoplay' },
  { code: 'HB', slug: 'habanero', name: 'Habanero' },
  { code: 'JDB', slug: 'jdb', name: 'JDB' },
  { code: 'CQ9', slug: 'cq9', name: 'CQ9' },
  { code: 'FC', slug: 'fa-chai', name: 'Fa Chai' },
  { code: 'KA', slug: 'ka-gaming', name: 'KA Gaming' },
  { code: 'SG', slug: 'spadegaming', name: 'Spadegaming' },
  { code: 'RT', slug: 'red-tiger', name: 'Red Tiger' },
  { code: 'NETENT', slug: 'netent', name: 'NetEnt' },
  { code: 'PNG', slug: 'play-n-go', name: "Play'n GO" },
  { code: 'MG', slug: 'microgaming', name: 'Microgaming' },
  { code: 'BTG', slug: 'big-time-gaming', name: 'Big Time Gaming' },
  { code: 'NLC', slug: 'nolimit-city', name: 'Nolimit City' },
  { code: 'HACKSAW', slug: 'hacksaw', name: 'Hacksaw Gaming' },
  { code: 'RELAX', slug: 'relax-gaming', name: 'Relax Gaming' },
  { code: 'YGG', slug: 'yggdrasil', name: 'Yggdrasil' },
  { code: 'BNG', slug: 'booongo', name: 'Booongo' },
  { code: 'PS', slug: 'playstar', name: 'PlayStar' },
  { code: 'JOKER', slug: 'joker', name: 'Joker Gaming' },
  { code: 'PT', slug: 'playtech', name: 'Playtech' },
  { code: 'BG', slug: 'big-gaming', name: 'Big Gaming' },
  { code: 'AB', slug: 'allbet', name: 'Allbet' },
  { code: 'EZUGI', slug: 'ezugi', name: 'Ezugi' },
  { code: 'SBO', slug: 'sbobet', name: 'SBOBET' },
  { code: 'WBET', slug: 'wbet', name: 'WBET' },
  { code: 'EPW', slug: 'epw', name: 'EPW' },
  { code: 'CMD', slug: 'cmd368', name: 'CMD368' },
  { code: 'SABA', slug: 'saba-sports', name: 'SABA Sports' },
  { code: 'BTI', slug: 'bti', name: 'BTi Sports' },
  { code: 'KM', slug: 'king-maker', name: 'King Maker' },
  { code: 'SV388', slug: 'sv388', name: 'SV388' },
  { code: 'WS168', slug: 'ws168', name: 'WS168' },
  { code: 'TCG', slug: 'tcg-lottery', name: 'TCG Lottery' },
  { code: 'GW', slug: 'gameworks', name: 'GameWorks' },
  { code: 'SPRIBE', slug: 'spribe', name: 'Spribe' },
  { code: 'SMARTSOFT', slug: 'smartsoft', name: 'SmartSoft' },
  { code: 'HASH', slug: 'hash-gaming', name: 'Hash Gaming' },
  { code: 'YB', slug: 'yeebet', name: 'Yeebet' },
  { code: 'V8', slug: 'v8-poker', name: 'V8 Poker' },
  { code: 'KY', slug: 'kaiyuan', name: 'Kaiyuan' },
  { code: 'BINGOPLUS', slug: 'bingo-plus', name: 'Bingo Plus' },
  { code: 'RACE', slug: 'race-day', name: 'Race Day' },
  { code: 'DERBY', slug: 'derby-live', name: 'Derby Live' },
  // The platform's own studio (packages/house-games), served by the platform's server.
  { code: 'HOUSE', slug: 'house', name: 'House Studio' },
] as const satisfies readonly { code: string; slug: string; name: string }[];

export type ProviderEntry = (typeof PROVIDERS)[number];
export type ProviderCode = ProviderEntry['code'];
export type ProviderSlug = ProviderEntry['slug'];

/** docs/product.md §9: the provider-slug to provider-code map. */
export const PROVIDER_CODE_BY_SLUG: Readonly<Record<ProviderSlug, ProviderCode>> = Object.freeze(
  Object.fromEntries(PROVIDERS.map((provider) => [provider.slug, provider.code])) as Record<ProviderSlug, ProviderCode>,
);

/** The provider code of a lobby URL's slug, or null for a slug the platform does not know. */
export function providerCodeOfSlug(slug: string): ProviderCode | null {
  return Object.hasOwn(PROVIDER_CODE_BY_SLUG, slug) ? PROVIDER_CODE_BY_SLUG[slug as ProviderSlug] : null;
}
