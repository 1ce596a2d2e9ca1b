import { z } from 'zod';
import { defineCall, isoDate, money, okFields, sessionPayload, sitePayload, siteFailures } from '../envelope.js';
import { LOCALE_CODES, type LocaleCode } from '../constants/locales.js';
import { gameCode, gameName, gameType, imageUrl, providerCode } from './product.js';

// siteInactive and siteExpired: the session's site was switched off or is past its expiry date (ADR 0019).
const sessionFailures = 'sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired';

/** A masked account id as shown to other visitors, such as "de***3". */
export const maskedAccountId = z
  .string()
  .describe(
    'Masked account id: the first two characters (one for ids of 3 to 5 characters) and the last one kept, the middle always "***" ' +
      'so the length is hidden, e.g. "de***3" for demo123, "d***o" for demo.',
  );

// ---------------------------------------------------------------------------------------------
// Favourites

/** A favourite game (docs/product.md §3); the client reads game_image from img_url. */
export const favouriteGame = z.object({
  game_code: z.string(),
  game_name: z.string(),
  game_type: gameType,
  img_url: z.string(),
  provider_code: z.string(),
});
export type FavouriteGame = z.infer<typeof favouriteGame>;

/** The player's favourites, most recently added first. */
export const favouriteListReply = z.object({
  ...okFields,
  value: z
    .array(favouriteGame)
    .describe(
      "The player's favourite games that the site offers, most recently added first, with the catalogue's current name, type and image " +
        '(a favourite of a provider the site switched off is kept but not listed until it is back).',
    ),
});
export type FavouriteListReply = z.infer<typeof favouriteListReply>;

export const favListPayload = z.strictObject({ ...sessionPayload });

export const favList = defineCall({
  path: '/api/home/fav_list',
  method: 'POST',
  access: 'session',
  tag: 'Favourites',
  summary: `The player's favourite games. Failure keys: ${sessionFailures}.`,
  payload: favListPayload,
  reply: favouriteListReply,
});

export const favAddPayload = z.strictObject({
  ...sessionPayload,
  provider_code: providerCode,
  game_code: gameCode,
  game_name: gameName,
  game_type: gameType,
  img_url: imageUrl,
});

export const favAdd = defineCall({
  path: '/api/home/fav_add',
  method: 'POST',
  access: 'session',
  tag: 'Favourites',
  summary:
    "Adds a game of the site's catalogue to the player's favourites (adding one already there is no error) and answers the updated list. " +
    `Failure keys: gameNotFound, validationError, ${sessionFailures}.`,
  payload: favAddPayload,
  reply: favouriteListReply,
});

export const favRemovePayload = z.strictObject({
  ...sessionPayload,
  provider_code: providerCode,
  game_code: gameCode,
});

export const favRemove = defineCall({
  path: '/api/home/fav_remove',
  method: 'POST',
  access: 'session',
  tag: 'Favourites',
  summary:
    "Removes a game from the player's favourites (removing one not there is no error) and answers the updated list. " +
    `Failure keys: validationError, ${sessionFailures}.`,
  payload: favRemovePayload,
  reply: favouriteListReply,
});

// ---------------------------------------------------------------------------------------------
// Home data

export const homePayload = z.strictObject({ ...sitePayload });

/** A recent deposit or withdrawal as shown on the home page. */
export const transactionRow = z.object({
  account_id: maskedAccountId,
  amount: money,
  currency: z.string().describe('The site currency code.'),
  created_at: isoDate.describe('When the payment was approved.'),
});
export type TransactionRow = z.infer<typeof transactionRow>;

/** Site statistics of docs/product.md §3, over approved transactions only. */
export const siteStatistics = z.object({
  withrawal: money.describe('Total amount of approved withdrawals since the site opened (spelt so).'),
  winner: z.number().int().nonnegative().describe('Number of players with at least one approved withdrawal.'),
  hour_withdrawal: money.describe('Total amount of withdrawals approved in the last 24 hours.'),
  registered_player: z.number().int().nonnegative().describe('Number of player accounts.'),
  active_player: z.number().int().nonnegative().describe('Number of players who logged in during the last 24 hours.'),
  deposited_player: z.number().int().nonnegative().describe('Number of players with at least one approved deposit.'),
});
export type SiteStatistics = z.infer<typeof siteStatistics>;

export const fetchTransactionsReply = z.object({
  ...okFields,
  value: z.object({
    deposits: z.array(transactionRow).describe('Latest approved deposits, newest first (at most 20).'),
    withdrawals: z.array(transactionRow).describe('Latest approved withdrawals, newest first (at most 20).'),
  }),
  statistics: siteStatistics,
});
export type FetchTransactionsReply = z.infer<typeof fetchTransactionsReply>;

export const fetchTransactions = defineCall({
  path: '/api/home/fetch_transactions',
  method: 'POST',
  access: 'public',
  tag: 'Home',
  summary: `Latest deposits and withdrawals of the site (account ids masked) and its player statistics. Failure keys: ${siteFailures}.`,
  payload: homePayload,
  reply: fetchTransactionsReply,
});

export const slide = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  image_url: z.string(),
  link: z.string().nullable().describe('Where a click leads: a site path or an absolute URL; null when the slide is no link.'),
  sort: z.number().int().describe('Ascending display order.'),
});
export type Slide = z.infer<typeof slide>;

export const fetchSlideReply = z.object({ ...okFields, value: z.array(slide).describe('Home slides in display order.') });

export const fetchSlide = defineCall({
  path: '/api/home/fetch_slide',
  method: 'POST',
  access: 'public',
  tag: 'Home',
  summary: `The home page slides (banners) of the site. Failure keys: ${siteFailures}.`,
  payload: homePayload,
  reply: fetchSlideReply,
});

export const announcement = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  body: z.string().describe('Plain text; line breaks are kept.'),
  created_at: isoDate,
});
export type Announcement = z.infer<typeof announcement>;

export const fetchAnnouncementReply = z.object({
  ...okFields,
  value: z.array(announcement).describe('Current announcements, newest first.'),
});

export const fetchAnnouncement = defineCall({
  path: '/api/home/fetch_announment',
  method: 'POST',
  access: 'public',
  tag: 'Home',
  summary: `The site's current announcements, shown in the announcement modal. Failure keys: ${siteFailures}.`,
  payload: homePayload,
  reply: fetchAnnouncementReply,
});

export const marqueeItem = z.object({ id: z.number().int().positive(), text: z.string().describe('Plain text.') });
export type MarqueeItem = z.infer<typeof marqueeItem>;

export const marqueeReply = z.object({ ...okFields, value: z.array(marqueeItem).describe('Scrolling texts in display order.') });

export const marquee = defineCall({
  path: '/api/home/marquee',
  method: 'POST',
  access: 'public',
  tag: 'Home',
  summary: `The scrolling marquee texts of the site. Failure keys: ${siteFailures}.`,
  payload: homePayload,
  reply: marqueeReply,
});

export const referralReply = z.object({
  ...okFields,
  setting_value: z
    .string()
    .describe(
      "The site's referral programme text shown on /referral: sanitised HTML, empty when the site has no referral programme " +
        '(the layout shows the referral entry only when it is not empty).',
    ),
});

export const referral = defineCall({
  path: '/api/home/referral',
  method: 'POST',
  access: 'public',
  tag: 'Home',
  summary: `The site's referral programme text (setting_value). Failure keys: ${siteFailures}.`,
  payload: homePayload,
  reply: referralReply,
});

// ---------------------------------------------------------------------------------------------
// Sportsbook

type LowerLocale = Lowercase<LocaleCode>;
type TeamNameShape = { [K in LowerLocale as `home_name_${K}` | `away_name_${K}`]: z.ZodOptional<z.ZodString> };

/**
 * Per-language team names of docs/product.md §3: home_name_{lang} and away_name_{lang} for every lower-case
 * locale code (home_name_en, away_name_vi, ...). A missing language falls back to
 * home_team_name / away_team_name.
 */
export const teamNameFields = Object.fromEntries(
  LOCALE_CODES.flatMap((code) => {
    const lang = code.toLowerCase();
    return [
      [`home_name_${lang}`, z.string().optional()],
      [`away_name_${lang}`, z.string().optional()],
    ];
  }),
) as TeamNameShape;

export const BET_TYPES = ['1X2', 'HDP', 'OU'] as const;
export const BET_SIDES = ['home', 'draw', 'away', 'over', 'under'] as const;

/** Decimal odds as an exact decimal string, such as "1.95". */
export const decimalOdds = z.string().regex(/^\d+(\.\d+)?$/);

/** One priced selection of a match. */
export const oddsSelection = z.object({
  selection_id: z.number().int().positive().describe('The selection, as sports/place_bet names it.'),
  bet_type: z.enum(BET_TYPES).describe('1X2 (match result), HDP (handicap) or OU (over/under total goals).'),
  home_away: z.enum(BET_SIDES).describe('The side: home, draw or away (1X2, HDP), over or under (OU).'),
  criteria1: z.string().nullable().describe('The line: handicap of the home side for HDP ("-0.5"), total for OU ("2.5"), null for 1X2.'),
  odds: decimalOdds.describe('Decimal odds.'),
});
export type OddsSelection = z.infer<typeof oddsSelection>;

const matchFields = {
  match_id: z.number().int().positive(),
  sport: z.string().describe('Sport key, e.g. "soccer", "basketball".'),
  league: z.string(),
  start_time: isoDate,
  status: z.enum(['upcoming', 'live', 'finished']),
  home_team_name: z.string().describe('Home team in English; the default when a language has no name.'),
  away_team_name: z.string().describe('Away team in English; the default when a language has no name.'),
  ...teamNameFields,
};

export const match = z.object({
  ...matchFields,
  home_score: z.number().int().nonnegative().nullable().describe('Null before kick-off.'),
  away_score: z.number().int().nonnegative().nullable().describe('Null before kick-off.'),
  odds: z.array(oddsSelection).describe('The open selections of the match; empty when betting is closed.'),
  suspended: z.boolean().describe('true: the match takes no bets for a moment (its prices are shown, not taken).'),
  minute: z.number().int().nonnegative().nullable().describe('Minutes played (games in tennis) while live; null before.'),
});
export type Match = z.infer<typeof match>;

/** A bet display record (docs/product.md §3): one priced selection together with its match and team names. */
export const publicBet = z.object({ ...matchFields, ...oddsSelection.shape });
export type PublicBet = z.infer<typeof publicBet>;

export const emptyPayload = z.strictObject({});

export const publicOddsReply = z.object({
  ...okFields,
  value: z.array(publicBet).describe('Featured selections of upcoming and live matches, by start time.'),
});
export type PublicOddsReply = z.infer<typeof publicOddsReply>;

export const publicOdds = defineCall({
  path: '/api/home/public_odds',
  method: 'GET',
  access: 'none',
  tag: 'Sportsbook',
  summary:
    "Featured odds of the platform's feed, shared by every site, as flat bet display records for odds tickers and the sportsbook " +
    'home: every open selection of the 10 soonest upcoming or live matches. Takes no parameters (any answers validationError).',
  payload: emptyPayload,
  reply: publicOddsReply,
});

export const matchListReply = z.object({
  ...okFields,
  value: z.array(match).describe('Upcoming and live matches, by start time, each with its open selections.'),
});
export type MatchListReply = z.infer<typeof matchListReply>;

export const matchList = defineCall({
  path: '/api/home/match_list',
  method: 'GET',
  access: 'none',
  tag: 'Sportsbook',
  summary:
    "Upcoming and live matches of the platform's feed, shared by every site (at most 100, soonest first), with scores and odds. " +
    'Takes no parameters (any answers validationError).',
  payload: emptyPayload,
  reply: matchListReply,
});
