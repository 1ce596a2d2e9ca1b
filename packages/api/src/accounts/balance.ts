import type { CallHandlers } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import { readBalances } from '../ledger/index.js';

/** POST /api/auth/get_balance: the wallet's balance and game tokens as exact decimal strings. */
export const balanceHandlers: CallHandlers = {
  getBalance: sessionCall<'getBalance'>(async (_payload, { db, session, services }) => {
    // From memory when the player cache runs (invalidated by the wallets' NOTIFY and by own ledger
    // posts): at once when it is there, else the cache's read (or the database's) is awaited.
    const playerId = session.player.id;
    const cache = services.playerCache;
    const { balance, tokens } =
      cache?.balancesNow(playerId) ?? (cache ? await cache.balances(playerId, readBalances, db) : await readBalances(db, playerId));
    return { statusCode: 1, message: 'OK', game_balance: balance, game_token: tokens };
  }),
};
