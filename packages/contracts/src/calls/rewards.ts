import { z } from 'zod';
import { defineCall, isoDate, money, okFields, sessionPayload, sitePayload, siteFailures } from '../envelope.js';
import { LOCALE_CODES } from '../constants/locales.js';
import { maskedAccountId } from './home.js';

// siteInactive and siteExpired: the session's site was switched off or is past its expiry date (ADR 0019).
const sessionFailures = 'sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired';

/** A positive database id as a payload field. */
const rowId = z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(2_147_483_647, 'invalidValue');

const language = z
  .enum(LOCALE_CODES, 'invalidValue')
  .optional()
  .describe("The visitor's language (a locale code): texts are given in it when they exist, else in English.");

// ---------------------------------------------------------------------------------------------
// Missions

export const MISSION_KINDS = ['login', 'deposit', 'game_rounds', 'turnover', 'vip_level'] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];
export const MISSION_PERIODS = ['once', 'daily'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

export const mission = z.object({
  mission_id: z.number().int().positive(),
  kind: z
    .enum(MISSION_KINDS)
    .describe(
      'What counts: login (sessions opened), deposit (approved deposits), game_rounds (game rounds staked through the wallet), ' +
        'turnover (amount staked in games, site currency), vip_level (the VIP level reached).',
    ),
  period: z.enum(MISSION_PERIODS).describe('once: one reward ever; daily: one reward per UTC day, progress counted from 00:00 UTC.'),
  title: z.string(),
  description: z.string().describe('Plain text.'),
  target: money.describe('What the mission asks: a count, an amount (turnover) or a VIP level.'),
  progress: money.describe('What the player has done in the period, capped at the target.'),
  progress_percent: z.number().int().min(0).max(100),
  reward_tokens: money.describe('Game tokens credited on claim.'),
  claimable: z.boolean().describe('True when the target is met and the reward of this period is not claimed yet.'),
  claimed: z.boolean().describe('True when the reward of this period was claimed.'),
  period_end: isoDate.nullable().describe('When a daily mission resets (next 00:00 UTC); null for once.'),
});
export type Mission = z.infer<typeof mission>;

export const missionsPayload = z.strictObject({ ...sessionPayload, language });
export const missionsReply = z.object({ ...okFields, value: z.array(mission).describe("The site's active missions in display order, with the player's progress.") });
export type MissionsReply = z.infer<typeof missionsReply>;

export const missions = defineCall({
  path: '/api/rewards/missions',
  method: 'POST',
  access: 'session',
  tag: 'Rewards',
  summary:
    "The site's missions with the player's progress, computed from the player's real sessions, deposits, game rounds and VIP level. " +
    `Failure keys: validationError, ${sessionFailures}.`,
  payload: missionsPayload,
  reply: missionsReply,
});

export const missionClaimPayload = z.strictObject({ ...sessionPayload, mission_id: rowId });
export const missionClaimReply = z.object({
  ...okFields,
  mission_id: z.number().int().positive(),
  reward_tokens: money.describe('The tokens credited.'),
  game_balance: money,
  game_token: money.describe('Game tokens after the credit.'),
});
export type MissionClaimReply = z.infer<typeof missionClaimReply>;

export const missionClaim = defineCall({
  path: '/api/rewards/mission_claim',
  method: 'POST',
  access: 'session',
  tag: 'Rewards',
  summary:
    "Claims a completed mission's token reward: credited through the ledger exactly once per player and period, however often or " +
    `concurrently it is claimed. Failure keys: notFound, notClaimable, alreadyClaimed, validationError, ${sessionFailures}, underMaintenance.`,
  payload: missionClaimPayload,
  reply: missionClaimReply,
});

// ---------------------------------------------------------------------------------------------
// Lucky spin

export const PRIZE_TYPES = ['none', 'balance', 'tokens', 'frozen_tokens'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];
/** Prize weights are parts per million: a prize table's weights sum to exactly this (probability 1). */
export const PRIZE_WEIGHT_TOTAL = 1_000_000;

export const spinPrize = z.object({
  prize_id: z.number().int().positive(),
  index: z.number().int().nonnegative().describe('Position of the segment on the wheel, from 0, clockwise.'),
  label: z.string(),
  prize_type: z.enum(PRIZE_TYPES).describe('none: no prize; balance: game_balance; tokens: game_token; frozen_tokens: frozen tokens of the minigame.'),
  amount: money.describe('0 for none.'),
  weight: z.number().int().positive().describe(`Parts per million: the weights of the table sum to ${PRIZE_WEIGHT_TOTAL}.`),
  probability: z.string().regex(/^[01]\.\d{6}$/).describe('weight / 1,000,000 as an exact decimal ("0.250000"); the table sums to exactly 1.'),
});
export type SpinPrize = z.infer<typeof spinPrize>;

export const spinInfoPayload = z.strictObject({ ...sitePayload });
export const spinInfoReply = z.object({
  ...okFields,
  spin_cost: money.describe('Game tokens one spin costs.'),
  prizes: z.array(spinPrize).describe('The prize table in wheel order, with the odds of each prize.'),
});
export type SpinInfoReply = z.infer<typeof spinInfoReply>;

export const spinInfo = defineCall({
  path: '/api/rewards/spin_info',
  method: 'POST',
  access: 'public',
  tag: 'Rewards',
  summary: `The lucky spin's cost in game tokens and its prize table with the odds of every prize. Failure keys: notFound, ${siteFailures}.`,
  payload: spinInfoPayload,
  reply: spinInfoReply,
});

export const spinPayload = z.strictObject({ ...sessionPayload });
export const spinReply = z.object({
  ...okFields,
  spin_id: z.string().describe('The recorded spin.'),
  prize: spinPrize.describe('The prize drawn: the wheel lands on prize.index.'),
  spin_cost: money,
  game_balance: money.describe('Balance after the spin.'),
  game_token: money.describe('Game tokens after the spin.'),
  frozen_token: money.describe('Frozen tokens after the spin.'),
});
export type SpinReply = z.infer<typeof spinReply>;

export const spin = defineCall({
  path: '/api/rewards/spin',
  method: 'POST',
  access: 'session',
  tag: 'Rewards',
  summary:
    'Spins the lucky wheel: takes the spin cost from the game tokens and credits the prize drawn on the server with a cryptographic ' +
    'random number, both in one transaction through the ledger. Too few tokens answers insufficientTokens and changes nothing. ' +
    `Failure keys: insufficientTokens, notFound, validationError, ${sessionFailures}, underMaintenance.`,
  payload: spinPayload,
  reply: spinReply,
});

// ---------------------------------------------------------------------------------------------
// Minigame: frozen tokens

export const FROZEN_RELEASE_KINDS = ['deposit', 'turnover'] as const;

export const minigamePayload = z.strictObject({ ...sessionPayload });
export const minigameReply = z.object({
  ...okFields,
  token_balance: money.describe('Game tokens after any release of this call.'),
  frozen_token: money.describe('Frozen tokens still held.'),
  released: money.describe('Frozen tokens this call released to the game tokens (0 when none).'),
  release_condition: z.object({
    kind: z.enum(FROZEN_RELEASE_KINDS).describe('deposit: approved deposits; turnover: amount staked in games.'),
    target: money.describe('The amount (site currency) that releases the frozen tokens.'),
    progress: money.describe('Counted since the frozen tokens were received, capped at the target.'),
    progress_percent: z.number().int().min(0).max(100),
  }),
});
export type MinigameReply = z.infer<typeof minigameReply>;

export const minigame = defineCall({
  path: '/api/rewards/minigame',
  method: 'POST',
  access: 'session',
  tag: 'Rewards',
  summary:
    "The player's game tokens, frozen tokens and the progress of the condition that releases them. When the condition holds the " +
    `frozen tokens are released to the game tokens through the ledger, exactly once. Failure keys: validationError, ${sessionFailures}.`,
  payload: minigamePayload,
  reply: minigameReply,
});

// ---------------------------------------------------------------------------------------------
// Leaderboard

export const LEADERBOARD_PERIODS = ['day', 'week', 'month'] as const;
export const LEADERBOARD_METRICS = ['turnover', 'winnings'] as const;

export const leaderboardPayload = z.strictObject({
  ...sitePayload,
  period: z.enum(LEADERBOARD_PERIODS, 'invalidValue').default('week').describe('The current UTC day, ISO week (from Monday) or month.'),
  metric: z.enum(LEADERBOARD_METRICS, 'invalidValue').default('turnover').describe('turnover: amount staked; winnings: amount won in games.'),
});

export const leaderboardRow = z.object({
  rank: z.number().int().positive(),
  account_id: maskedAccountId,
  amount: money,
});

export const leaderboardReply = z.object({
  ...okFields,
  period: z.enum(LEADERBOARD_PERIODS),
  metric: z.enum(LEADERBOARD_METRICS),
  period_start: isoDate,
  currency: z.string().describe('The site currency code.'),
  value: z.array(leaderboardRow).max(20).describe('The top 20 players of the period, highest first (account ids masked).'),
});
export type LeaderboardReply = z.infer<typeof leaderboardReply>;

export const leaderboard = defineCall({
  path: '/api/rewards/leaderboard',
  method: 'POST',
  access: 'public',
  tag: 'Rewards',
  summary: `The site's top players of the day, week or month by turnover or winnings, from the game ledger (account ids masked). Failure keys: ${siteFailures}.`,
  payload: leaderboardPayload,
  reply: leaderboardReply,
});

// ---------------------------------------------------------------------------------------------
// Promotions and news

export const PROMOTION_KINDS = ['promotion', 'news'] as const;
export const PROMOTION_CATEGORIES = ['welcome', 'deposit', 'cashback', 'tournament', 'vip', 'event', 'announcement', 'update'] as const;
export const PROMOTION_CLAIM_TYPES = ['none', 'join', 'claim'] as const;
export const PROMOTION_REWARD_TYPES = ['balance', 'tokens'] as const;

export const promotionSummary = z.object({
  promotion_id: z.number().int().positive(),
  kind: z.enum(PROMOTION_KINDS),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.string(),
  summary: z.string().describe('Plain text.'),
  image_url: z.string().describe('Image address served by the platform (site-relative).'),
  start_at: isoDate,
  end_at: isoDate.nullable().describe('Null when open-ended.'),
  claim_type: z.enum(PROMOTION_CLAIM_TYPES).describe('none: read only; join: the player signs up; claim: the player claims a reward once.'),
  reward_amount: money.nullable().describe('The reward of a claim; null when none.'),
  reward_type: z.enum(PROMOTION_REWARD_TYPES).nullable(),
  language: z.enum(LOCALE_CODES).describe('The language the texts are in (English when the asked one is missing).'),
});
export type PromotionSummary = z.infer<typeof promotionSummary>;

export const promotionListPayload = z.strictObject({
  ...sitePayload,
  kind: z.enum(PROMOTION_KINDS, 'invalidValue').default('promotion'),
  category: z.enum(PROMOTION_CATEGORIES, 'invalidValue').optional().describe('Only this category.'),
  language,
  page: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(10_000, 'invalidValue').default(1),
  page_size: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(50, 'invalidValue').default(10),
});

export const promotionListReply = z.object({
  ...okFields,
  value: z.array(promotionSummary).describe('One page of the running promotions (or published news), newest first.'),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
  categories: z.array(z.enum(PROMOTION_CATEGORIES)).describe('The categories that have running items of this kind, for the filter.'),
});
export type PromotionListReply = z.infer<typeof promotionListReply>;

export const promotionList = defineCall({
  path: '/api/promotions/list',
  method: 'POST',
  access: 'public',
  tag: 'Promotions',
  summary: `One page of the site's running promotions or news, optionally of one category, in the asked language with English fallback. Failure keys: ${siteFailures}.`,
  payload: promotionListPayload,
  reply: promotionListReply,
});

export const promotionDetailPayload = z.strictObject({ ...sitePayload, promotion_id: rowId, language });
export const promotionDetailReply = z.object({
  ...okFields,
  value: promotionSummary.extend({ body: z.string().describe('Sanitised HTML.') }),
});
export type PromotionDetailReply = z.infer<typeof promotionDetailReply>;

export const promotionDetail = defineCall({
  path: '/api/promotions/detail',
  method: 'POST',
  access: 'public',
  tag: 'Promotions',
  summary: `A promotion or news item of the site with its sanitised body. Failure keys: notFound, ${siteFailures}.`,
  payload: promotionDetailPayload,
  reply: promotionDetailReply,
});

export const promotionJoinPayload = z.strictObject({ ...sessionPayload, promotion_id: rowId });
export const promotionJoinReply = z.object({
  ...okFields,
  promotion_id: z.number().int().positive(),
  amount: money.nullable().describe('The reward credited; null when the promotion carries none.'),
  reward_type: z.enum(PROMOTION_REWARD_TYPES).nullable(),
  game_balance: money,
  game_token: money,
});
export type PromotionJoinReply = z.infer<typeof promotionJoinReply>;

export const promotionJoin = defineCall({
  path: '/api/promotions/join',
  method: 'POST',
  access: 'session',
  tag: 'Promotions',
  summary:
    'Joins a running promotion or claims its reward: recorded once per player, a reward credited through the ledger exactly once. ' +
    `Failure keys: notFound, notClaimable, alreadyClaimed, validationError, ${sessionFailures}, underMaintenance.`,
  payload: promotionJoinPayload,
  reply: promotionJoinReply,
});

export const promotionJoinedPayload = z.strictObject({
  ...sessionPayload,
  promotion_ids: z
    .array(rowId, 'invalidValue')
    .max(50, 'invalidValue')
    .optional()
    .describe('Only these promotions (the ones a page shows); every one the player joined when left out.'),
});
export const promotionJoinedReply = z.object({
  ...okFields,
  value: z
    .array(z.object({ promotion_id: z.number().int().positive(), joined_at: isoDate.describe('When the player joined or claimed it.') }))
    .describe("The site's promotions the player joined or claimed, the latest first (ended ones too)."),
});
export type PromotionJoinedReply = z.infer<typeof promotionJoinedReply>;

export const promotionJoined = defineCall({
  path: '/api/promotions/joined',
  method: 'POST',
  access: 'session',
  tag: 'Promotions',
  summary:
    'The promotions the player has joined or claimed, with when: a page shows "Joined" or "Claimed" instead of the button. ' +
    `Failure keys: validationError, ${sessionFailures}.`,
  payload: promotionJoinedPayload,
  reply: promotionJoinedReply,
});

// ---------------------------------------------------------------------------------------------
// VIP levels and referral

export const vipLevel = z.object({
  level: z.number().int().describe('The level number: levels are listed from the lowest up.'),
  name: z.string(),
  deposit_target: money.describe('Approved deposits that reaching this level takes in all (site currency).'),
  turnover_target: money.describe('Amount staked that reaching this level takes in all (site currency).'),
  benefits: z.array(z.string()).describe("The level's benefits, plain text, in display order."),
});
export type VipLevel = z.infer<typeof vipLevel>;

export const vipLevelsPayload = z.strictObject({ ...sitePayload });
export const vipLevelsReply = z.object({
  ...okFields,
  currency: z.string().describe('The site currency code of the targets.'),
  value: z.array(vipLevel).describe("Every VIP level of the site, lowest first (empty when the site has none)."),
});
export type VipLevelsReply = z.infer<typeof vipLevelsReply>;

export const vipLevels = defineCall({
  path: '/api/rewards/vip_levels',
  method: 'POST',
  access: 'public',
  tag: 'Rewards',
  summary:
    "Every VIP level of the site with its deposit and turnover targets and its benefits, for the /vip page (the player's own " +
    `standing is /api/auth/vip). Failure keys: ${siteFailures}.`,
  payload: vipLevelsPayload,
  reply: vipLevelsReply,
});

/** How many of the latest referred players referral_info lists. */
export const REFERRAL_LATEST_SIZE = 5;

export const referralInfoPayload = z.strictObject({ ...sessionPayload });
export const referralInfoReply = z.object({
  ...okFields,
  referral_code: z.string().describe("The player's own referral code: a signup with it as referrer_code links the new player to this one."),
  joined_count: z.number().int().nonnegative().describe('Players of the same site who signed up with this code.'),
  latest: z
    .array(z.object({ account_id: maskedAccountId, joined_at: isoDate }))
    .max(REFERRAL_LATEST_SIZE)
    .describe(`The latest ${REFERRAL_LATEST_SIZE} of them, newest first (account ids masked).`),
});
export type ReferralInfoReply = z.infer<typeof referralInfoReply>;

export const referralInfo = defineCall({
  path: '/api/rewards/referral_info',
  method: 'POST',
  access: 'session',
  tag: 'Rewards',
  summary:
    "The player's referral code, how many players of the site joined with it and the latest of them (masked), for the /referral " +
    `page. Failure keys: validationError, ${sessionFailures}.`,
  payload: referralInfoPayload,
  reply: referralInfoReply,
});
