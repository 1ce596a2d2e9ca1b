import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALLS, type CallName } from '@wl/contracts';
import { NETWORK_FAILURES, callApi } from '../../app/client/api';

/**
 * docs/product.md §8 network failures, written out here call by call (not read back from the client's table),
 * and docs/product.md D4: a JSON body is the application's reply whatever its HTTP status.
 */
const internal = { statusCode: -500, message: 'internalServerError' };
const unavailable = { statusCode: -503, message: 'serviceUnavailable' };
const disconnect = { statusCode: 0, message: 'disconnect' };

const EXPECTED: Record<CallName, object> = {
  startup: { ...internal, maintenance: { is_maintenance: false, start_date: null, end_date: null } },
  login: internal,
  loginTac: internal,
  signup: internal,
  forgotPassword: internal,
  tacVerify: internal,
  tacRequestNewRegister: internal,
  tacRequestLogin: internal,
  updatePassword: internal,
  getBalance: unavailable,
  favList: { ...unavailable, value: [] },
  profileUpdate: disconnect,
  socialAccount: disconnect,
  getInbox: disconnect,
  claimInbox: disconnect,
  checkStatus: disconnect,
  getAnalytics: disconnect,
  adsVisit: disconnect,
  top10WinnerWithdrawal: disconnect,
  fetchSlide: { ...unavailable, value: [] },
  fetchAnnouncement: { ...unavailable, value: [] },
  marquee: { ...unavailable, value: [] },
  getHotGames: { ...unavailable, value: [] },
  matchList: { ...unavailable, value: [] },
  publicOdds: { ...unavailable, value: [] },
  fetchTransactions: { ...unavailable, value: { deposits: [], withdrawals: [] } },
  partners: { ...unavailable, partners: [] },
  vip: unavailable,
  sessions: unavailable,
  sessionsRevokeOthers: unavailable,
  logout: unavailable,
  favAdd: unavailable,
  favRemove: unavailable,
  referral: unavailable,
  siteInfoDetail: unavailable,
  seo: unavailable,
  gameLists: unavailable,
  lobby: unavailable,
  launch: unavailable,
  demoLaunch: unavailable,
  missions: unavailable,
  missionClaim: unavailable,
  spinInfo: unavailable,
  spin: unavailable,
  minigame: unavailable,
  leaderboard: unavailable,
  vipLevels: unavailable,
  referralInfo: unavailable,
  promotionList: unavailable,
  promotionDetail: unavailable,
  promotionJoin: unavailable,
  promotionJoined: unavailable,
  bankingInfo: unavailable,
  bankingSummary: unavailable,
  bankingBanks: unavailable,
  bankAccounts: unavailable,
  bankAccountAdd: unavailable,
  bankAccountSetDefault: unavailable,
  bankAccountRemove: unavailable,
  depositMethods: unavailable,
  receiptUpload: unavailable,
  receipt: unavailable,
  depositRequest: unavailable,
  depositCancel: unavailable,
  deposits: unavailable,
  withdrawalRequest: unavailable,
  withdrawalCancel: unavailable,
  withdrawals: unavailable,
  statement: unavailable,
  betHistory: unavailable,
  placeBet: unavailable,
  cashOut: unavailable,
  sportsLimits: unavailable,
  sportsSettings: unavailable,
  sportsSettingsSave: unavailable,
  selfExclude: unavailable,
  responsibleStatus: unavailable,
  setLimit: unavailable,
  confirmLimit: unavailable,
  realityCheck: unavailable,
  saveRealityCheck: unavailable,
  kycStatus: unavailable,
  kycUpload: unavailable,
};

const NAMES = Object.keys(CALLS) as CallName[];
/** Session calls need a token or the client answers sessionExpired without a request. */
const payloadFor = (name: CallName) =>
  (CALLS[name].access === 'session' ? { account_id: 'demo', auth: 'a'.repeat(32) } : CALLS[name].method === 'GET' ? {} : { domain_name: 'x.test', external_id: 'x' }) as never;

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi network failures (docs/product.md §8)', () => {
  it('the table covers exactly the calls of the contracts', () => {
    expect(Object.keys(NETWORK_FAILURES).sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)('%s: no answer gives the exact failure reply', async (name) => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(name, payloadFor(name))).resolves.toStrictEqual(EXPECTED[name]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(NAMES)('%s: a body that is not JSON gives the same failure reply', async (name) => {
    fetchMock.mockResolvedValue(new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(callApi(name, payloadFor(name))).resolves.toStrictEqual(EXPECTED[name]);
  });

  it('a JSON body that is not an object counts as no answer', async () => {
    fetchMock.mockResolvedValue(new Response('null', { status: 200 }));
    await expect(callApi('getBalance', payloadFor('getBalance'))).resolves.toStrictEqual(unavailable);
  });

  it('each failure is a fresh object: changing one reply does not change the next', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const first = await callApi('favList', payloadFor('favList'));
    (first as { value: unknown[] }).value.push('changed');
    await expect(callApi('favList', payloadFor('favList'))).resolves.toStrictEqual(EXPECTED.favList);
  });
});

describe('callApi application replies (docs/product.md D4)', () => {
  it.each([
    [401, { statusCode: 0, message: 'invalidCredentials' }],
    [400, { statusCode: 0, message: 'validationError', errors: { account_id: ['accountIdLength'] } }],
    [500, { statusCode: 0, message: 'internalServerError' }],
    [503, { statusCode: 0, message: 'serviceUnavailable' }],
  ])('a JSON body with HTTP %i is passed through as it is', async (status, body) => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    await expect(callApi('login', payloadFor('login'))).resolves.toStrictEqual(body);
  });

  it('POSTs the payload as JSON to the call path', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ statusCode: 1, message: 'OK' })));
    const payload = { domain_name: 'slot5.localhost', external_id: 'slot5', account_id: 'demo', password: 'demo1234' };
    await callApi('login', payload);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(CALLS.login.path);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(payload);
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('GETs the calls that take no body, without one', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ statusCode: 1, message: 'OK', value: [] })));
    await callApi('matchList', {});
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(CALLS.matchList.path);
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('a session call without a session token answers sessionExpired without a request', async () => {
    await expect(callApi('getBalance', { account_id: 'demo', auth: '' })).resolves.toStrictEqual({ statusCode: 0, message: 'sessionExpired' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
