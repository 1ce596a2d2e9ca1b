import type { CallHandlers } from '../http/calls.js';
import { gameListsHandler } from './game-lists.js';
import { lobbyHandler } from './lobby.js';

/** Catalogue calls: the home page's game lists and the lobbies' game grids. */
export const catalogueHandlers: CallHandlers = {
  gameLists: gameListsHandler,
  lobby: lobbyHandler,
};
