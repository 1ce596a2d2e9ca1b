import type { CallName } from '@wl/contracts';
import type { CallHandler, CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { MOVES_MONEY, publicCall, sessionCall } from '../http/guards.js';
import { isUnderMaintenance } from '../sites/index.js';
import { addFavourite, listFavourites, removeFavourite } from './favourites.js';
import { claimInboxItem, listInbox } from './inbox.js';
import { siteStatistics } from './statistics.js';
import { latestPayments, topWinners } from './transactions.js';
import { claimMission, listMissions } from './missions.js';
import { loadPrizeTable, spinWheel } from './spin.js';
import { minigameStatus } from './minigame.js';
import { leaderboard } from './leaderboard.js';
import { listVipLevels } from './vip-levels.js';
import { referralInfo } from './referral-info.js';
import { joinPromotion, joinedPromotions, listPromotions, promotionDetail } from './promotions.js';

const OK = { statusCode: 1, message: 'OK' } as const;

/** A public call of the home page's data: while the site's maintenance window is open it answers underMaintenance (docs/product.md §4). */
function homeDataCall<N extends CallName>(handler: Parameters<typeof publicCall<N>>[0]): CallHandler<N> {
  return publicCall<N>(async (payload, ctx) => {
    if (isUnderMaintenance(ctx.site, new Date())) return failure('underMaintenance');
    return handler(payload, ctx);
  });
}

/**
 * Player reward and money calls: favourites, inbox and claims, transaction tickers, statistics, top winners,
 * missions, the lucky spin, frozen tokens, the leaderboard, VIP levels, the player's referral standing,
 * promotions and news.
 */
export const rewardHandlers: CallHandlers = {
  favList: sessionCall<'favList'>(async (_payload, { db, session }) => ({
    ...OK,
    value: await listFavourites(db, session.player),
  })),

  // The client's game_name, game_type and img_url are checked for shape only: the stored values are the catalogue's.
  favAdd: sessionCall<'favAdd'>(async ({ provider_code, game_code }, { db, session }) => {
    const added = await addFavourite(db, session.player, provider_code, game_code);
    if (!added) return failure('gameNotFound');
    return { ...OK, value: await listFavourites(db, session.player) };
  }),

  favRemove: sessionCall<'favRemove'>(async ({ provider_code, game_code }, { db, session }) => {
    await removeFavourite(db, session.player.id, provider_code, game_code);
    return { ...OK, value: await listFavourites(db, session.player) };
  }),

  getInbox: sessionCall<'getInbox'>(async (_payload, { db, session }) => ({
    ...OK,
    value: await listInbox(db, session.player),
  })),

  claimInbox: sessionCall<'claimInbox'>(async ({ inbox_id }, { db, session }) => {
    const result = await claimInboxItem(db, session.player, inbox_id);
    if (!result.ok) return failure(result.message);
    return { ...OK, amount: result.amount, reward_type: result.rewardType, game_balance: result.balance, game_token: result.tokens };
  }, MOVES_MONEY),

  fetchTransactions: homeDataCall<'fetchTransactions'>(async (_payload, { db, site }) => {
    const [deposits, withdrawals, statistics] = await Promise.all([
      latestPayments(db, site, 'deposit'),
      latestPayments(db, site, 'withdrawal'),
      siteStatistics(db, site.id),
    ]);
    return { ...OK, value: { deposits, withdrawals }, statistics };
  }),

  top10WinnerWithdrawal: homeDataCall<'top10WinnerWithdrawal'>(async (_payload, { db, site }) => ({
    ...OK,
    value: await topWinners(db, site),
  })),

  // Missions, lucky spin, frozen tokens and leaderboard (ADR 0013)
  missions: sessionCall<'missions'>(async ({ language }, { db, session }) => ({
    ...OK,
    value: await listMissions(db, session.player, language),
  })),

  missionClaim: sessionCall<'missionClaim'>(async ({ mission_id }, { db, session }) => {
    const result = await claimMission(db, session.player, mission_id);
    if (!result.ok) return failure(result.message);
    return { ...OK, mission_id, reward_tokens: result.rewardTokens, game_balance: result.balance, game_token: result.tokens };
  }, MOVES_MONEY),

  spinInfo: homeDataCall<'spinInfo'>(async (_payload, { db, site }) => {
    const table = await loadPrizeTable(db, site.id);
    if (!table) return failure('notFound');
    return { ...OK, spin_cost: table.cost, prizes: table.prizes };
  }),

  spin: sessionCall<'spin'>(async (_payload, { db, session }) => {
    const result = await spinWheel(db, session.player);
    if (!result.ok) return failure(result.message);
    return {
      ...OK,
      spin_id: result.spinId,
      prize: result.prize,
      spin_cost: result.cost,
      game_balance: result.balance,
      game_token: result.tokens,
      frozen_token: result.frozenTokens,
    };
  }, MOVES_MONEY),

  minigame: sessionCall<'minigame'>(async (_payload, { db, session }) => ({ ...OK, ...(await minigameStatus(db, session.player)) })),

  leaderboard: homeDataCall<'leaderboard'>(async ({ period, metric }, { db, site }) => {
    const board = await leaderboard(db, site.id, period, metric);
    return { ...OK, period, metric, period_start: board.start.toISOString(), currency: site.currency, value: board.rows };
  }),

  // VIP levels and referral (the /vip and /referral pages)
  vipLevels: homeDataCall<'vipLevels'>(async (_payload, { db, site }) => ({
    ...OK,
    currency: site.currency,
    value: await listVipLevels(db, site.id),
  })),

  referralInfo: sessionCall<'referralInfo'>(async (_payload, { db, session }) => ({
    ...OK,
    ...(await referralInfo(db, session.player)),
  })),

  // Promotions and news
  promotionList: homeDataCall<'promotionList'>(async ({ kind, category, language, page, page_size }, { db, site }) => {
    const result = await listPromotions(db, site.id, { kind, category, language, page, pageSize: page_size });
    return { ...OK, ...result, page, page_size };
  }),

  promotionDetail: homeDataCall<'promotionDetail'>(async ({ promotion_id, language }, { db, site }) => {
    const value = await promotionDetail(db, site.id, promotion_id, language);
    if (!value) return failure('notFound');
    return { ...OK, value };
  }),

  promotionJoin: sessionCall<'promotionJoin'>(async ({ promotion_id }, { db, session }) => {
    const result = await joinPromotion(db, session.player, promotion_id);
    if (!result.ok) return failure(result.message);
    return { ...OK, promotion_id, amount: result.amount, reward_type: result.rewardType, game_balance: result.balance, game_token: result.tokens };
  }, MOVES_MONEY),

  promotionJoined: sessionCall<'promotionJoined'>(async ({ promotion_ids }, { db, session }) => ({
    ...OK,
    value: await joinedPromotions(db, session.player, promotion_ids),
  })),
};
