import type { CallHandlers } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import { readBalances } from '../wallet/ledger.js';

/** POST /api/auth/get_balance: the wallet's balance and game tokens as exact decimal strings. */
export const balanceHandlers: CallHandlers = {
  getBalance: sessionCall<'getBalance'>(async (_payload, { db, session }) => {
    const { balance, tokens } = await readBalances(db, session.player.id);
    return { statusCode: 1, message: 'OK', game_balance: balance, game_token: tokens };
  }),
};
