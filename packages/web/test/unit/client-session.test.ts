import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORCE_LOGOUT_STORAGE_KEY, SESSION_STORAGE_KEY, type LoginReply, type VipReply } from '@wl/contracts';
import type * as SessionModuleType from '../../app/client/session';
import { MemoryStorage } from './memory-storage';

type SessionModule = typeof SessionModuleType;

const REPLY: LoginReply = {
  statusCode: 1,
  message: 'OK',
  token: 'token-0123456789abcdef',
  user: { account_id: 'demo', session_token: 'token-0123456789abcdef', full_name: 'Demo Player', contact_email: 'demo@example.com' },
  fullname: 'Demo Player',
  email: 'demo@example.com',
};

let storage: MemoryStorage;
let storageListener: ((event: StorageEvent) => void) | undefined;
const reload = vi.fn();

/** A fresh session module in a "browser" whose storage the test controls. */
async function load(): Promise<SessionModule> {
  vi.resetModules();
  return import('../../app/client/session');
}

beforeEach(() => {
  storage = new MemoryStorage();
  storageListener = undefined;
  reload.mockReset();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', {
    location: { reload },
    addEventListener: (type: string, listener: (event: StorageEvent) => void) => {
      if (type === 'storage') storageListener = listener;
    },
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('the player session (docs/product.md §3, §4)', () => {
  it('a login reply authenticates the player and is kept in localStorage', async () => {
    const session = await load();
    expect(session.getSession().isAuthenticated).toBe(false);
    session.startSession(REPLY);
    expect(session.getSession()).toMatchObject({ isAuthenticated: true, token: REPLY.token, user: REPLY.user, fullname: 'Demo Player' });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ isAuthenticated: true, token: REPLY.token });
  });

  it('the stored session is restored on load', async () => {
    (await load()).startSession(REPLY);
    (await load()).updateSession({ game: { balance: '14280.5', token: '300' } });
    const restored = (await load()).getSession();
    expect(restored).toMatchObject({ isAuthenticated: true, token: REPLY.token, game: { balance: '14280.5', token: '300' } });
  });

  it('a stored value this client did not write counts as no session', async () => {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ isAuthenticated: true, token: '', user: null }));
    expect((await load()).getSession().isAuthenticated).toBe(false);
    storage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect((await load()).getSession().isAuthenticated).toBe(false);
  });

  it('logout resets the session, clears the stored user and writes the force-logout marker', async () => {
    const session = await load();
    session.startSession(REPLY);
    session.logout();
    expect(session.getSession()).toEqual(session.GUEST_SESSION);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    const marker = storage.getItem(FORCE_LOGOUT_STORAGE_KEY);
    expect(marker).toBeTruthy();
    session.startSession(REPLY);
    session.logout();
    expect(storage.getItem(FORCE_LOGOUT_STORAGE_KEY)).not.toBe(marker);
  });

  it('another tab logging out resets this one and reloads it', async () => {
    const session = await load();
    session.startSession(REPLY);
    const seen = vi.fn();
    session.subscribeSession(seen);
    storageListener?.({ key: FORCE_LOGOUT_STORAGE_KEY, newValue: 'x' } as StorageEvent);
    expect(session.getSession().isAuthenticated).toBe(false);
    expect(seen).toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('another tab logging in is adopted here', async () => {
    const session = await load();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...session.GUEST_SESSION, isAuthenticated: true, token: REPLY.token, user: REPLY.user }));
    storageListener?.({ key: SESSION_STORAGE_KEY } as StorageEvent);
    expect(session.getSession()).toMatchObject({ isAuthenticated: true, user: REPLY.user });
    expect(reload).not.toHaveBeenCalled();
  });

  it('a stored session is checked field by field: unknown fields dropped, a broken user is a guest, broken favourites are none', async () => {
    const favourite = { game_code: 'g1', game_name: 'Game', game_type: 'slots', img_url: '/g1.svg', provider_code: 'PP' };
    const stored = { isAuthenticated: true, token: REPLY.token, user: { ...REPLY.user, extra: 'x' }, game_fav_list: [{ ...favourite, extra: 1 }] };
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    let session = await load();
    expect(session.getSession().user).toEqual(REPLY.user);
    expect(session.getSession().game_fav_list).toEqual([favourite]);

    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...stored, game_fav_list: [favourite, { ...favourite, game_type: 'nope' }] }));
    session = await load();
    expect(session.getSession()).toMatchObject({ isAuthenticated: true, game_fav_list: [] });

    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...stored, user: { ...REPLY.user, full_name: 7 } }));
    session = await load();
    expect(session.getSession().isAuthenticated).toBe(false);
  });

  it('updateSession changes nothing for a guest', async () => {
    const session = await load();
    session.updateSession({ game: { balance: '1', token: '1' } });
    expect(session.getSession().game).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('VIP progress towards the next level (docs/product.md §9), capped at 100', async () => {
    const { vipInfoOf } = await load();
    const level = {
      vip_name: 'Silver',
      vip_name_next: 'Gold',
      starting_deposit: '100',
      cycle_deposit: '150',
      deposit_next: '1000',
      starting_turnover: '4000',
      cycle_turnover: '8000',
      turnover_next: '10000',
    };
    const reply: VipReply = { statusCode: 1, message: 'OK', totalDeposit: '250', totalTurnover: '12000', currentLevel: 'Silver', nextLevel: [level] };
    expect(vipInfoOf(reply)).toEqual({
      totalDeposit: '250',
      totalTurnover: '12000',
      currentLevel: 'Silver',
      nextLevel: [level],
      depoProgress: 25,
      toProgress: 100,
    });
    expect(vipInfoOf({ ...reply, nextLevel: [] })).toMatchObject({ depoProgress: 0, toProgress: 0 });
  });
});
