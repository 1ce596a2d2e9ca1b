import { STATUS, type LoginReply } from '@wl/contracts';
import { callApi, sessionCallPayload, siteCallPayload, type ApiReply } from './api';
import { handleApiError } from './errors';
import { getSession, startSession, updateSession, vipInfoOf } from './session';

type SiteRef = { external_id: string };

/** docs/product.md §4: statusCode 1 with a token logs the player in; anything else leaves a guest. */
function isLoginSuccess(reply: ApiReply<'login'>): reply is LoginReply {
  return reply.statusCode === STATUS.ok && 'token' in reply && !!reply.token;
}

/** Password login (docs/product.md §4): on success the session starts, then balance, VIP and favourites load. */
export async function loginWithPassword(site: SiteRef, input: { account_id: string; password: string }): Promise<ApiReply<'login'>> {
  const reply = await callApi('login', { ...siteCallPayload(site), ...input });
  if (isLoginSuccess(reply)) {
    startSession(reply);
    void loadPlayerExtras();
  }
  return reply;
}

/** Login by one-time code (docs/product.md §4): the same rule, without loading the extra data. */
export async function loginWithTac(site: SiteRef, input: { account_id: string; tac: string }): Promise<ApiReply<'loginTac'>> {
  const reply = await callApi('loginTac', { ...siteCallPayload(site), ...input });
  if (isLoginSuccess(reply)) startSession(reply);
  return reply;
}

/** A signup reply is a login reply: the new player is logged in and their (empty) extras load. */
export function startSignedUpSession(reply: ApiReply<'signup'>): boolean {
  if (!isLoginSuccess(reply)) return false;
  startSession(reply);
  void loadPlayerExtras();
  return true;
}

/** Balance, VIP standing and favourites, loaded in parallel after a password login. */
export async function loadPlayerExtras(): Promise<void> {
  await Promise.all([refreshBalance(), loadVip(), loadFavourites()]);
}

/** The player's balance and tokens (get_balance); failures go to the global handler. */
export async function refreshBalance(): Promise<boolean> {
  if (!getSession().isAuthenticated) return false;
  const reply = await callApi('getBalance', sessionCallPayload());
  if (reply.statusCode !== STATUS.ok || !('game_balance' in reply)) {
    handleApiError(reply);
    return false;
  }
  updateSession({ game: { balance: reply.game_balance, token: reply.game_token } });
  return true;
}

export async function loadVip(): Promise<boolean> {
  if (!getSession().isAuthenticated) return false;
  const reply = await callApi('vip', sessionCallPayload());
  if (reply.statusCode !== STATUS.ok || !('nextLevel' in reply)) {
    handleApiError(reply);
    return false;
  }
  updateSession({ vip: vipInfoOf(reply) });
  return true;
}

export async function loadFavourites(): Promise<boolean> {
  if (!getSession().isAuthenticated) return false;
  const reply = await callApi('favList', sessionCallPayload());
  if (reply.statusCode !== STATUS.ok) {
    handleApiError(reply);
    return false;
  }
  updateSession({ game_fav_list: reply.value });
  return true;
}

/**
 * check_status (on load and when the tab regains focus): a session ended elsewhere ends here
 * through the global handler, as does any other failure (a lost connection answers 'disconnect').
 * `toast` uses the handler's toast mode, for the checks the player did not start.
 */
export async function checkSessionStatus(options: { toast?: boolean } = {}): Promise<boolean> {
  if (!getSession().isAuthenticated) return false;
  const reply = await callApi('checkStatus', sessionCallPayload());
  if (reply.statusCode === STATUS.ok) return true;
  handleApiError(reply, options);
  return false;
}
