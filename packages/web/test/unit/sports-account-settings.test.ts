import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, STATUS, type LoginReply } from '@wl/contracts';
import { DEFAULT_SPORTS_SETTINGS, type SportsSettings } from '../../app/sports/slip-state';
import { MemoryStorage } from './memory-storage';

/*
 * The betslip's settings follow the player's account (ADR 0038): the account's saved settings win
 * after login, a never-saved account takes the browser's (guest's) choice, and each change the
 * player makes is saved, one save at a time, the last choice last.
 */

const callApi = vi.fn();
vi.mock('../../app/client/api', () => ({
  callApi: (...args: unknown[]) => callApi(...args) as unknown,
  sessionCallPayload: () => ({ account_id: 'demo', auth: 'token-0123456789abcdef' }),
}));

const LOGIN: LoginReply = {
  statusCode: 1,
  message: 'OK',
  token: 'token-0123456789abcdef',
  user: { account_id: 'demo', session_token: 'token-0123456789abcdef', full_name: 'Demo Player', contact_email: 'demo@example.com' },
  fullname: 'Demo Player',
  email: 'demo@example.com',
};

const settings = (oddsFormat: SportsSettings['oddsFormat'], oddsChange: SportsSettings['oddsChange']): SportsSettings => ({ oddsFormat, oddsChange });
const reply = (oddsFormat: string, oddsChange: string, saved: boolean) => ({ statusCode: STATUS.ok, message: 'OK', odds_format: oddsFormat, odds_change: oddsChange, saved });

/** A promise the test answers when it wants, to hold a call in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('settingsAfterLogin', async () => {
  const { settingsAfterLogin } = await import('../../app/sports/account-settings');

  it("shows the account's saved settings over the browser's, and saves nothing", () => {
    expect(settingsAfterLogin(settings('fractional', 'none'), { settings: settings('american', 'any'), saved: true })).toEqual({
      show: settings('american', 'any'),
      save: {},
    });
  });

  it("takes the guest's choice for an account that never saved any, saving what differs from the defaults", () => {
    expect(settingsAfterLogin(settings('fractional', 'higher'), { settings: DEFAULT_SPORTS_SETTINGS, saved: false })).toEqual({
      show: settings('fractional', 'higher'),
      save: { oddsFormat: 'fractional' },
    });
    expect(settingsAfterLogin(DEFAULT_SPORTS_SETTINGS, { settings: DEFAULT_SPORTS_SETTINGS, saved: false })).toEqual({ show: DEFAULT_SPORTS_SETTINGS, save: {} });
  });

  it('keeps a setting the player changed while the account was read: it is newer than both', () => {
    const keep = new Set<keyof SportsSettings>(['oddsChange']);
    expect(settingsAfterLogin(settings('decimal', 'none'), { settings: settings('american', 'any'), saved: true }, keep)).toEqual({
      show: settings('american', 'none'),
      save: {},
    });
    // Its own save is on its way already: not sent twice.
    expect(settingsAfterLogin(settings('decimal', 'none'), { settings: DEFAULT_SPORTS_SETTINGS, saved: false }, keep)).toEqual({
      show: settings('decimal', 'none'),
      save: {},
    });
  });
});

describe('followAccountSettings', () => {
  let storage: MemoryStorage;

  beforeEach(() => {
    vi.resetModules();
    callApi.mockReset();
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('window', { location: { reload: vi.fn() }, addEventListener: vi.fn() });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Fresh modules; a store of settings the test reads. */
  async function start(initial: SportsSettings = DEFAULT_SPORTS_SETTINGS) {
    const session = await import('../../app/client/session');
    const { followAccountSettings } = await import('../../app/sports/account-settings');
    let current = initial;
    const shown: SportsSettings[] = [];
    const store = { get: () => current, set: (next: SportsSettings) => void shown.push((current = next)) };
    return { session, store, shown, sync: () => followAccountSettings(store), local: (next: SportsSettings) => (current = next) };
  }
  const callsOf = (name: string) => callApi.mock.calls.filter(([called]) => called === name).map(([, payload]) => payload as Record<string, unknown>);

  it('asks nothing for a guest, and reads the account once a player logs in on the page', async () => {
    const { session, sync, shown } = await start();
    callApi.mockResolvedValue(reply('american', 'any', true));
    const follow = sync();
    follow.changed({ oddsFormat: 'fractional' });
    expect(callApi).not.toHaveBeenCalled();

    session.startSession(LOGIN);
    await vi.waitFor(() => expect(shown).toEqual([settings('american', 'any')]));
    expect(callsOf('sportsSettings')).toHaveLength(1);
    // The balance or the profile changing is not a new login: not read again.
    session.updateSession({ fullname: 'Demo' });
    expect(callsOf('sportsSettings')).toHaveLength(1);
    expect(callsOf('sportsSettingsSave')).toEqual([]);
  });

  it("reads a stored session's account when it starts, and saves a guest's choice to an account that never saved any", async () => {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ isAuthenticated: true, user: LOGIN.user, token: LOGIN.token }));
    const { sync, shown } = await start(settings('american', 'higher'));
    callApi.mockImplementation((name: string, payload: Record<string, unknown>) =>
      Promise.resolve(name === 'sportsSettings' ? reply('decimal', 'higher', false) : reply(String(payload.odds_format), 'higher', true)),
    );
    sync();
    await vi.waitFor(() => expect(callsOf('sportsSettingsSave')).toHaveLength(1));
    expect(callsOf('sportsSettingsSave')[0]).toEqual({ account_id: 'demo', auth: LOGIN.token, odds_format: 'american' });
    expect(shown).toEqual([]);
  });

  it('saves one change at a time, the changes made meanwhile together after it, and tries a save with no answer again', async () => {
    vi.useFakeTimers();
    try {
      const { session, sync, local } = await start();
      const held = deferred<unknown>();
      callApi.mockImplementation((name: string) => (name === 'sportsSettings' ? Promise.resolve(reply('decimal', 'higher', false)) : held.promise));
      session.startSession(LOGIN);
      const follow = sync();
      await vi.waitFor(() => expect(callsOf('sportsSettings')).toHaveLength(1));

      local(settings('american', 'higher'));
      follow.changed({ oddsFormat: 'american' });
      follow.changed({ oddsFormat: 'fractional' });
      follow.changed({ oddsChange: 'none' });
      expect(callsOf('sportsSettingsSave')).toEqual([{ account_id: 'demo', auth: LOGIN.token, odds_format: 'american' }]);

      // No answer: a little later the first change and the later ones go together, the later value winning.
      callApi.mockImplementation(() => Promise.resolve(reply('fractional', 'none', true)));
      held.resolve({ statusCode: STATUS.unavailable, message: 'serviceUnavailable' });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(callsOf('sportsSettingsSave')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(callsOf('sportsSettingsSave')).toHaveLength(2);
      expect(callsOf('sportsSettingsSave')[1]).toEqual({ account_id: 'demo', auth: LOGIN.token, odds_format: 'fractional', odds_change: 'none' });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(callsOf('sportsSettingsSave')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
