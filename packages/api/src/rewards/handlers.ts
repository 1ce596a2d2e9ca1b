import type { CallName } from '@wl/contracts';
import type { CallHandler, CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { publicCall, sessionCall } from '../http/guards.js';
import { isUnderMaintenance } from '../sites/sites.repo.js';
import { addFavourite, listFavourites, removeFavourite } from './favourites.js';
import { claimInboxItem, listInbox } from './inbox.js';
import { siteStatistics } from './statistics.js';
import { latestPayments, topWinners } from './transactions.js';

const OK = { statusCode: 1, message: 'OK' } as const;

/** A public call of the home page's data: while the site's maintenance window is open it answers underMaintenance (spec §4). */
function homeDataCall<N extends CallName>(handler: Parameters<typeof publicCall<N>>[0]): CallHandler<N> {
  return publicCall<N>(async (payload, ctx) => {
    if (isUnderMaintenance(ctx.site, new Date())) return failure('underMaintenance');
    return handler(payload, ctx);
  });
}

/** Player reward and money calls: favourites, inbox and claims, transaction tickers, statistics, top winners. */
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
  }),

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
};
