import type { CallHandlers } from '../http/calls.js';

/** Player reward and money calls: favourites, inbox and claims, transaction tickers, statistics, top winners. */
export const rewardHandlers: CallHandlers = {};
