import { STATUS, type FavouriteGame } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { getSession, updateSession } from '../client/session';

/** The fields that name a game: a provider's game code is unique within that provider. */
export type GameKey = Pick<FavouriteGame, 'provider_code' | 'game_code'>;

export function sameGame(a: GameKey, b: GameKey): boolean {
  return a.provider_code === b.provider_code && a.game_code === b.game_code;
}

export function isFavourite(list: readonly FavouriteGame[], game: GameKey): boolean {
  return list.some((entry) => sameGame(entry, game));
}

/** The list with the game added first (the API lists the most recent first) or removed. */
export function withFavourite(list: readonly FavouriteGame[], game: FavouriteGame, on: boolean): FavouriteGame[] {
  const others = list.filter((entry) => !sameGame(entry, game));
  return on ? [game, ...others] : others;
}

/**
 * Adds or removes a favourite for the player (fav_add / fav_remove). Optimistic: the session's
 * list changes at once and takes the server's list on success; on failure the game goes back to
 * where it was and the reply goes to the global handler. Answers whether the change was kept.
 */
export async function setFavourite(game: FavouriteGame, on: boolean): Promise<boolean> {
  const session = getSession();
  if (!session.isAuthenticated) return false;
  const before = session.game_fav_list;
  updateSession({ game_fav_list: withFavourite(before, game, on) });
  const reply = on
    ? await callApi('favAdd', { ...sessionCallPayload(), ...game })
    : await callApi('favRemove', { ...sessionCallPayload(), provider_code: game.provider_code, game_code: game.game_code });
  if (reply.statusCode === STATUS.ok && 'value' in reply) {
    updateSession({ game_fav_list: reply.value });
    return true;
  }
  // Undo this change only: other hearts may have changed the list meanwhile.
  const wasOn = isFavourite(before, game);
  const previous = before.find((entry) => sameGame(entry, game)) ?? game;
  updateSession({ game_fav_list: withFavourite(getSession().game_fav_list, previous, wasOn) });
  handleApiError(reply);
  return false;
}
