import { z } from 'zod';
import { defineCall, okFields, sessionPayload, sitePayload } from '../envelope.js';
import {
  CATEGORY_KEYS,
  GAME_CATEGORIES,
  GAME_LIST_KEYS,
  LAUNCH_MODES,
  LOBBY_MAX_PAGE_SIZE,
  LOBBY_PAGE_SIZE,
  LOBBY_SEARCH_MAX,
} from '../constants/catalogue.js';
import { LOCALE_CODES } from '../constants/locales.js';

/*
 * Game fields shared by the product and favourite calls. Payload strings are bounded; the messages
 * are keys of the validation message set.
 */

/** A provider code such as EVOPLAY or EPW. */
export const providerCode = z
  .string()
  .trim()
  .min(1, 'required')
  .max(32, 'tooLong')
  .regex(/^[A-Za-z0-9_-]+$/, 'invalidFormat');

/** A provider's own code of a game, unique within that provider. */
export const gameCode = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64, 'tooLong')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'invalidFormat');

export const gameName = z.string().trim().min(1, 'required').max(128, 'tooLong');

/** The game's main category: a key of GAME_CATEGORIES (docs/product.md §2 category slugs, hot excluded). */
export const gameType = z.enum(GAME_CATEGORIES, 'invalidValue');

/** A game list to ask for: a game category, or 'hot' for the site's hot games. */
export const gameListType = z.enum(CATEGORY_KEYS, 'invalidValue');

/** An image address as sent by the client: absolute http(s) or site-relative, or empty. */
export const imageUrl = z
  .string()
  .trim()
  .max(2048, 'tooLong')
  .regex(/^(?:$|https?:\/\/\S+$|\/(?!\/)\S*$)/, 'invalidFormat');

/** A game of the default lists (docs/product.md §3 Game). */
export const game = z.object({
  provider_code: z.string(),
  game_code: z.string(),
  game_name: z.string(),
  game_type: gameType,
  game_image: z.string().describe('Image address: absolute http(s) or site-relative.'),
});
export type Game = z.infer<typeof game>;

export const getHotGamesPayload = z.strictObject({
  ...sitePayload,
  game_type: gameListType.describe("A game category key (GAME_CATEGORIES) or 'hot' for the site's hot games."),
});

export const getHotGamesReply = z.object({
  ...okFields,
  value: z.array(game).describe('Games of the asked category that the site offers, in the site order.'),
});
export type GetHotGamesReply = z.infer<typeof getHotGamesReply>;

export const getHotGames = defineCall({
  path: '/api/product/get_hot_games',
  method: 'POST',
  access: 'public',
  tag: 'Product',
  summary:
    "Lists the site's games of one category, or its hot games for game_type 'hot' (an empty list when there are none). " +
    'Failure keys: validationError, siteNotFound, siteInactive, underMaintenance.',
  payload: getHotGamesPayload,
  reply: getHotGamesReply,
});

/** A game's placeholder: a two-colour CSS gradient, nothing else (it goes into a style attribute). */
export const GAME_PLACEHOLDER = /^linear-gradient\(\d{1,3}deg,#[0-9a-f]{6},#[0-9a-f]{6}\)$/;

/**
 * A game as the lobbies and the home lists show it: the Game of docs/product.md §3 plus what a tile needs
 * (the provider's name, a blur placeholder to show while the image loads, the hot and new badges).
 */
export const catalogueGame = game.extend({
  provider_name: z.string(),
  game_placeholder: z
    .string()
    .regex(GAME_PLACEHOLDER)
    .describe(
      "Shown until game_image loads (docs/product.md §9 blur placeholder): the artwork's own background gradient as a CSS image, e.g. linear-gradient(109deg,#f74c86,#6510c1).",
    ),
  hot: z.boolean(),
  is_new: z.boolean(),
  has_demo: z.boolean().describe("A guest may play it with play money (demo_launch): its provider's integration offers a demo."),
});
export type CatalogueGame = z.infer<typeof catalogueGame>;

export const gameListsPayload = z.strictObject({ ...sitePayload });

export const gameListsReply = z.object({
  ...okFields,
  value: z
    .object(Object.fromEntries(GAME_LIST_KEYS.map((key) => [key, z.array(catalogueGame)])) as Record<(typeof GAME_LIST_KEYS)[number], z.ZodArray<typeof catalogueGame>>)
    .describe(
      "The home page's curated lists: games flagged hot, featured, popular and new, of the providers the site offers, in the site's order. " +
        'Each list holds as many games as the site sets, else the fallback of docs/product.md §9 (hot 15, featured 10, popular 6, new 6).',
    ),
});
export type GameListsReply = z.infer<typeof gameListsReply>;

export const gameLists = defineCall({
  path: '/api/product/game_lists',
  method: 'POST',
  access: 'public',
  tag: 'Product',
  summary: "The home page's hot, featured, popular and new game lists. Failure keys: validationError, siteNotFound, siteInactive, underMaintenance.",
  payload: gameListsPayload,
  reply: gameListsReply,
});

export const lobbyPayload = z.strictObject({
  ...sitePayload,
  category: gameListType.describe("The lobby's category key (GAME_CATEGORIES), or 'hot' for the lobby of hot games."),
  provider: z
    .string()
    .trim()
    .max(64, 'tooLong')
    .regex(/^[a-z0-9-]*$/, 'invalidFormat')
    .default('')
    .describe('A provider slug (PROVIDERS) to narrow the grid to; empty for every provider.'),
  search: z.string().trim().max(LOBBY_SEARCH_MAX, 'tooLong').default('').describe('Part of a game name, any case; empty for every game.'),
  page: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(10_000, 'invalidValue').default(1),
  page_size: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(LOBBY_MAX_PAGE_SIZE, 'invalidValue').default(LOBBY_PAGE_SIZE),
});

export const lobbyProvider = z.object({
  provider_code: z.string(),
  slug: z.string(),
  name: z.string(),
  count: z.number().int().describe("The provider's games in this lobby (before the provider filter and the search)."),
  filterable: z.boolean().describe('False for the providers of docs/product.md §9 that have no filter (EPW, WBET).'),
});
export type LobbyProvider = z.infer<typeof lobbyProvider>;

export const lobbyReply = z.object({
  ...okFields,
  value: z.array(catalogueGame).describe("One page of the lobby's games, in the site's order."),
  total: z.number().int().describe('Games matching the provider filter and the search, on every page.'),
  page: z.number().int(),
  page_size: z.number().int(),
  providers: z.array(lobbyProvider).describe("The lobby's providers in the site's order, with their game counts."),
});
export type LobbyReply = z.infer<typeof lobbyReply>;

export const lobby = defineCall({
  path: '/api/product/lobby',
  method: 'POST',
  access: 'public',
  tag: 'Product',
  summary:
    "One page of a lobby's game grid: a category's games (or the hot games), narrowed to a provider and by a search on the name, with the lobby's providers and their counts. " +
    'An unknown provider slug gives an empty page. Failure keys: validationError, siteNotFound, siteInactive, underMaintenance.',
  payload: lobbyPayload,
  reply: lobbyReply,
});

/** The game to open and how: the fields of launch and demo_launch besides the session or site. */
const gameToOpen = {
  provider_code: providerCode,
  game_code: gameCode,
  locale: z.enum(LOCALE_CODES, 'invalidValue').optional().describe("The page's locale code, passed to the provider for the game's language."),
  device: z.enum(['desktop', 'mobile'], 'invalidValue').default('desktop').describe('The client for the provider to open: mobile below the tablet breakpoint.'),
};

export const launchPayload = z.strictObject({ ...sessionPayload, ...gameToOpen });

const launchUrl = z.string().describe("Where to open the game, from the provider's adapter: an absolute http(s) address.");
const launchMode = z
  .enum(LAUNCH_MODES)
  .describe("iframe: inside /playnow; popup: in a window of its own (docs/product.md §9 'popup' providers, EVOPLAY); redirect: the whole page goes there.");

export const launchReply = z.object({
  ...okFields,
  value: z.object({
    url: launchUrl,
    mode: launchMode,
    game_session_id: z.string().describe('The recorded game session.'),
    game: catalogueGame,
  }),
});
export type LaunchReply = z.infer<typeof launchReply>;

export const launch = defineCall({
  path: '/api/product/launch',
  method: 'POST',
  access: 'session',
  tag: 'Product',
  summary:
    "Opens a game for the player: checks the session and that the site offers the game, records a game session and answers where to open the game, from the provider's adapter. " +
    'Failure keys: validationError, sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired, underMaintenance (the site\'s maintenance window is open), gameNotFound (the site does not offer it), gameNotAvailable (its provider has no integration configured or refused the launch), tooManyRequests (more than 30 launches a minute).',
  payload: launchPayload,
  reply: launchReply,
});

export const demoLaunchPayload = z.strictObject({ ...sitePayload, ...gameToOpen });

export const demoLaunchReply = z.object({
  ...okFields,
  value: z.object({
    url: z.string().describe("Where to open the game with play money, from the provider's adapter: an absolute http(s) address."),
    mode: launchMode,
    game: catalogueGame,
  }),
});
export type DemoLaunchReply = z.infer<typeof demoLaunchReply>;

export const demoLaunch = defineCall({
  path: '/api/product/demo_launch',
  method: 'POST',
  access: 'public',
  tag: 'Product',
  summary:
    "Opens a game with play money for a guest (no session, no wallet, no game session recorded): checks that the site offers the game and that its provider's integration offers a demo, and answers where to open it. " +
    "Failure keys: validationError, siteNotFound, siteInactive, siteExpired, underMaintenance (the site's maintenance window is open), gameNotFound (the site does not offer it), gameNotAvailable (its provider has no integration configured or refused), demoNotAvailable (its provider offers no play money: log in to play), tooManyRequests (more than 30 a minute from one address).",
  payload: demoLaunchPayload,
  reply: demoLaunchReply,
});
