import {
  CATEGORY_ROUTES,
  GAME_CATEGORIES,
  type LocaleCode,
  type MenuItem,
  type Site,
  type StartupReply,
  type GameCategory,
} from '@wl/contracts';
import type { CallHandler } from '../http/calls.js';
import { failure, PreSerialized } from '../http/calls.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { isUnderMaintenance, type CategoryProvider, type SiteRow } from './sites.repo.js';
import { resolveSiteByDomain } from './site-scope.js';

/** English names of the game categories; the web translates them by content_id. */
const CATEGORY_TITLES: Record<GameCategory, string> = {
  slots: 'Slots',
  livecasino: 'Live Casino',
  hashgame: 'Hash Game',
  sportsbook: 'Sports',
  fish: 'Fishing',
  table: 'Poker & Table',
  sabong: 'Sabong',
  lottery: 'Lottery',
  horseracing: 'Horse Racing',
  bingo: 'Bingo',
  arcade: 'Arcade',
  crash: 'Crash',
};

export function siteRecord(row: SiteRow): Site {
  return {
    site_name: row.siteName,
    currency: row.currency,
    theme_code: row.themeCode,
    theme_color: row.themeColor,
    logo1: row.logo1,
    logo2: row.logo2,
    logo3: row.logo3,
    status: row.status,
    expired_date: row.expiredDate?.toISOString() ?? null,
    logo_text: row.logoText,
    external_id: row.externalId,
    android_sub: row.androidSub,
    ios_sub: row.iosSub,
    manifest_icon: row.manifestIcon,
    gamify_status: row.gamifyStatus,
    minimum_age: row.minimumAge,
  };
}

/**
 * POST /api/startup: everything a site needs to render (docs/product.md §7, §4 startup). The site and its
 * category/provider rows come from the site cache; maintenance and expiry are decided here, on
 * every call, from the cached window and dates. The reply is the same for the same cached rows
 * and maintenance state, so it is kept with its JSON text (half the cost of the call was
 * serialising its ~10 KB): a change of the site drops the site cache's rows, and with them the text.
 */
export const startupHandler: CallHandler<'startup'> = async ({ domain_name }, { services }) => {
  const now = new Date();
  const check = await resolveSiteByDomain(services.siteLookup, domain_name, now);
  if (!check.ok) return failure(check.message);
  const row = check.site;
  let kept = keptReplies.get(row);
  if (!kept) keptReplies.set(row, (kept = {}));

  // docs/product.md §4: under maintenance no further data is loaded.
  if (isUnderMaintenance(row, now)) {
    return (kept.maintenance ??= serialized({ ...baseOf(row, true), content: { menu: [], game_menu: [] }, provider_count: [] }));
  }

  const rows = await services.siteLookup.categoryProviders(row.id);
  if (kept.open?.rows === rows) return kept.open.reply;
  const { gameMenu, providerCount } = gameMenuOf(rows);
  const reply = serialized({
    ...baseOf(row, false),
    content: { menu: row.menu, game_menu: gameMenu },
    provider_count: providerCount,
  });
  kept.open = { rows, reply };
  return reply;
};

interface KeptReplies {
  maintenance?: PreSerialized<StartupReply>;
  /** The reply outside maintenance, for the category/provider rows it was built from. */
  open?: { rows: readonly CategoryProvider[]; reply: PreSerialized<StartupReply> };
}

/** The replies of a cached site row, kept as long as that row is (site-cache.ts). */
const keptReplies = new WeakMap<SiteRow, KeptReplies>();

function serialized(reply: StartupReply): PreSerialized<StartupReply> {
  return new PreSerialized(deepFreeze(reply), JSON.stringify(reply));
}

function baseOf(row: SiteRow, isMaintenance: boolean) {
  const maintenance = {
    is_maintenance: isMaintenance,
    start_date: row.maintenanceStart?.toISOString() ?? null,
    end_date: row.maintenanceEnd?.toISOString() ?? null,
  };
  return { statusCode: 1 as const, message: 'OK' as const, maintenance, ...siteParts(row) };
}

type SiteParts = Pick<StartupReply, 'site' | 'language' | 'aff_domain' | 'live_chat'>;

/** The parts of the reply that depend on the site row alone, kept as long as that (cached) row is. */
const siteFields = new WeakMap<SiteRow, SiteParts>();

function siteParts(row: SiteRow): SiteParts {
  const known = siteFields.get(row);
  if (known) return known;
  const parts: SiteParts = deepFreeze({
    site: siteRecord(row),
    language: row.languages as LocaleCode[],
    aff_domain: row.affDomain,
    live_chat: {
      chat_id: row.liveChatId,
      image_id: row.liveChatImageId,
      status: row.liveChatStatus && row.liveChatId !== '',
      integration: 'manual_onboarding' as const,
    },
  });
  siteFields.set(row, parts);
  return parts;
}

interface GameMenu {
  gameMenu: MenuItem[];
  providerCount: StartupReply['provider_count'];
}

/** The menus built from a cached row list, kept as long as that list is (site-cache.ts). */
const gameMenus = new WeakMap<readonly CategoryProvider[], GameMenu>();

/** The game menu (a category per entry, its providers as children) and provider counts of the category/provider rows. */
function gameMenuOf(rows: readonly CategoryProvider[]): GameMenu {
  const known = gameMenus.get(rows);
  if (known) return known;
  const byCategory = new Map<GameCategory, MenuItem['children']>();
  for (const entry of rows) {
    const category = entry.category as GameCategory;
    const list = byCategory.get(category) ?? [];
    list.push({
      content_id: entry.code,
      title: entry.name,
      path: `${CATEGORY_ROUTES[category]}?provider=${encodeURIComponent(entry.slug)}`,
      icon: null,
    });
    byCategory.set(category, list);
  }
  const gameMenu: MenuItem[] = GAME_CATEGORIES.filter((category) => byCategory.has(category)).map((category) => ({
    content_id: category,
    title: CATEGORY_TITLES[category],
    path: CATEGORY_ROUTES[category],
    icon: null,
    children: byCategory.get(category) ?? [],
  }));
  const menu = { gameMenu, providerCount: gameMenu.map((item) => ({ category: item.content_id, count: item.children.length })) };
  deepFreeze(menu);
  gameMenus.set(rows, menu);
  return menu;
}
