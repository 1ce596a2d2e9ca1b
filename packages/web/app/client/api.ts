import {
  API_TIMEOUT_MS,
  STATUS,
  normaliseDomain,
  type AnyReplyOf,
  type CALLS,
  type Announcement,
  type CallName,
  type FavouriteGame,
  type Game,
  type MarqueeItem,
  type Match,
  type Partner,
  type PayloadOf,
  type PublicBet,
  type Slide,
} from '@wl/contracts';
import { getSession } from './session';
import { CALL_ROUTES } from './call-routes';

type Calls = typeof CALLS;

/** The three transport-failure shapes of docs/product.md §8. */
const internalServerError = () => ({ statusCode: STATUS.networkError, message: 'internalServerError' as const });
const serviceUnavailable = () => ({ statusCode: STATUS.unavailable, message: 'serviceUnavailable' as const });
const disconnect = () => ({ statusCode: STATUS.failure, message: 'disconnect' as const });
/** Home lists fall back to empty lists, so a page can render them without a special case. */
const emptyList =
  <T>() =>
  () => ({ ...serviceUnavailable(), value: [] as T[] });

export type NetworkFailure = {
  statusCode: typeof STATUS.networkError | typeof STATUS.unavailable | typeof STATUS.failure;
  message: 'internalServerError' | 'serviceUnavailable' | 'disconnect';
};

/**
 * What each call answers when the server gives no answer or a body that is not JSON (docs/product.md §8,
 * docs/product.md D4). Every call has an entry: adding a call to the contracts without one fails to compile.
 */
export const NETWORK_FAILURES = {
  // A startup exception: -500 with maintenance off.
  startup: () => ({
    ...internalServerError(),
    maintenance: { is_maintenance: false, start_date: null, end_date: null },
  }),
  // Login, signup and similar: -500 internalServerError.
  login: internalServerError,
  loginTac: internalServerError,
  signup: internalServerError,
  forgotPassword: internalServerError,
  tacVerify: internalServerError,
  tacRequestNewRegister: internalServerError,
  tacRequestLogin: internalServerError,
  updatePassword: internalServerError,
  // Balance: -503; favourites: -503 with an empty list.
  getBalance: serviceUnavailable,
  favList: emptyList<FavouriteGame>(),
  // Profile, social, inbox, claim, check status, analytics, ads visit and winners: 0 'disconnect'.
  profileUpdate: disconnect,
  socialAccount: disconnect,
  getInbox: disconnect,
  claimInbox: disconnect,
  checkStatus: disconnect,
  getAnalytics: disconnect,
  adsVisit: disconnect,
  top10WinnerWithdrawal: disconnect,
  // Home lists: -503 with empty lists.
  fetchSlide: emptyList<Slide>(),
  fetchAnnouncement: emptyList<Announcement>(),
  marquee: emptyList<MarqueeItem>(),
  getHotGames: emptyList<Game>(),
  matchList: emptyList<Match>(),
  publicOdds: emptyList<PublicBet>(),
  fetchTransactions: () => ({ ...serviceUnavailable(), value: { deposits: [], withdrawals: [] } }),
  partners: () => ({ ...serviceUnavailable(), partners: [] as Partner[] }),
  // Every other call: -503 serviceUnavailable.
  vip: serviceUnavailable,
  sessions: serviceUnavailable,
  sessionsRevokeOthers: serviceUnavailable,
  logout: serviceUnavailable,
  favAdd: serviceUnavailable,
  favRemove: serviceUnavailable,
  referral: serviceUnavailable,
  siteInfoDetail: serviceUnavailable,
  seo: serviceUnavailable,
  gameLists: serviceUnavailable,
  lobby: serviceUnavailable,
  launch: serviceUnavailable,
  demoLaunch: serviceUnavailable,
  missions: serviceUnavailable,
  missionClaim: serviceUnavailable,
  spinInfo: serviceUnavailable,
  spin: serviceUnavailable,
  minigame: serviceUnavailable,
  leaderboard: serviceUnavailable,
  vipLevels: serviceUnavailable,
  referralInfo: serviceUnavailable,
  promotionList: serviceUnavailable,
  promotionDetail: serviceUnavailable,
  promotionJoin: serviceUnavailable,
  promotionJoined: serviceUnavailable,
  bankingInfo: serviceUnavailable,
  bankingSummary: serviceUnavailable,
  bankingBanks: serviceUnavailable,
  bankAccounts: serviceUnavailable,
  bankAccountAdd: serviceUnavailable,
  bankAccountSetDefault: serviceUnavailable,
  bankAccountRemove: serviceUnavailable,
  depositMethods: serviceUnavailable,
  receiptUpload: serviceUnavailable,
  receipt: serviceUnavailable,
  depositRequest: serviceUnavailable,
  depositCancel: serviceUnavailable,
  deposits: serviceUnavailable,
  withdrawalRequest: serviceUnavailable,
  withdrawalCancel: serviceUnavailable,
  withdrawals: serviceUnavailable,
  statement: serviceUnavailable,
  betHistory: serviceUnavailable,
  placeBet: serviceUnavailable,
  cashOut: serviceUnavailable,
  sportsLimits: serviceUnavailable,
  sportsSettings: serviceUnavailable,
  sportsSettingsSave: serviceUnavailable,
  // responsible gaming (ADR 0039)
  selfExclude: serviceUnavailable,
  responsibleStatus: serviceUnavailable,
  setLimit: serviceUnavailable,
  confirmLimit: serviceUnavailable,
  realityCheck: serviceUnavailable,
  saveRealityCheck: serviceUnavailable,
  // identity verification (ADR 0040)
  kycStatus: serviceUnavailable,
  kycUpload: serviceUnavailable,
} satisfies { [N in CallName]: () => NetworkFailure };

export type NetworkFailureOf<N extends CallName> = ReturnType<(typeof NETWORK_FAILURES)[N]>;

/** Everything a call can answer: its success reply, a business failure, or its network failure. */
export type ApiReply<N extends CallName> = AnyReplyOf<Calls[N]> | NetworkFailureOf<N>;

export function networkFailure<N extends CallName>(name: N): NetworkFailureOf<N> {
  return NETWORK_FAILURES[name]() as NetworkFailureOf<N>;
}

/**
 * Calls the API by contract name from the browser. A reply with a JSON object body is the
 * application's reply whatever its HTTP status (docs/product.md D4); no answer, a timeout or a body
 * that is not a JSON object is the call's network failure of docs/product.md §8.
 */
export async function callApi<N extends CallName>(
  name: N,
  payload: PayloadOf<Calls[N]>,
  options: { signal?: AbortSignal } = {},
): Promise<ApiReply<N>> {
  const call = CALL_ROUTES[name];
  // A session call without a session cannot succeed: answer as the server would, without a request.
  if (call.access === 'session' && !(payload as { auth?: string }).auth) {
    return { statusCode: STATUS.failure, message: 'sessionExpired' };
  }

  const signals = [AbortSignal.timeout(API_TIMEOUT_MS)];
  if (options.signal) signals.push(options.signal);
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method: call.method, headers, credentials: 'same-origin', signal: AbortSignal.any(signals) };
  let url: string = call.path;
  if (call.method === 'GET') {
    const query = new URLSearchParams(Object.entries(payload as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
    if (query.size) url += `?${query.toString()}`;
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(payload);
  }

  let body: unknown;
  try {
    const response = await fetch(url, init);
    body = JSON.parse(await response.text());
  } catch {
    return networkFailure(name);
  }
  if (!isReplyObject(body)) return networkFailure(name);
  return body as ApiReply<N>;
}

function isReplyObject(body: unknown): body is { statusCode: number; message: string } {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/** The payload part of a public call: the site's domain (this page's host) and external_id (docs/product.md §6). */
export function siteCallPayload(site: { external_id: string }): { domain_name: string; external_id: string } {
  return { domain_name: normaliseDomain(window.location.host), external_id: site.external_id };
}

/** The payload part of a session call: the player's account_id and session token (docs/product.md §6). */
export function sessionCallPayload(): { account_id: string; auth: string } {
  const session = getSession();
  return { account_id: session.user?.account_id ?? '', auth: session.token ?? '' };
}
