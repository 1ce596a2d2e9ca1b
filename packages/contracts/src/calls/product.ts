import { z } from 'zod';
import { defineCall, okFields, sitePayload } from '../envelope.js';
import { CATEGORY_KEYS, GAME_CATEGORIES } from '../constants/catalogue.js';

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

/** The game's main category: a key of GAME_CATEGORIES (spec §2 category slugs, hot excluded). */
export const gameType = z.enum(GAME_CATEGORIES, 'invalidValue');

/** A game list to ask for: a game category, or 'hot' for the site's hot games. */
export const gameListType = z.enum(CATEGORY_KEYS, 'invalidValue');

/** An image address as sent by the client: absolute http(s) or site-relative, or empty. */
export const imageUrl = z
  .string()
  .trim()
  .max(2048, 'tooLong')
  .regex(/^(?:$|https?:\/\/\S+$|\/(?!\/)\S*$)/, 'invalidFormat');

/** A game of the default lists (spec §3 Game). */
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
