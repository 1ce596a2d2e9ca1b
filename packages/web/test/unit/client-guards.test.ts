import { describe, expect, it } from 'vitest';
import { GUEST_ONLY_ROUTES, PROTECTED_ROUTES, THEME_CODES, type ThemeCode } from '@wl/contracts';
import { guardDecision } from '../../app/client/guards';

const guest = { sessionKnown: true, isAuthenticated: false } as const;
const player = { sessionKnown: true, isAuthenticated: true } as const;
const decide = (themeCode: ThemeCode, path: string, session: { sessionKnown: boolean; isAuthenticated: boolean }, locale: 'EN' | 'VI' = 'EN') =>
  guardDecision({ path, locale, themeCode, ...session });

describe('guards (docs/product.md §2, D3)', () => {
  it.each(['slot2', 'slot4', 'sportsbook1'] as const)('%s: a guest on a protected page goes to / and the login modal opens 1 s later', (code) => {
    expect(decide(code, '/account', guest)).toEqual({ kind: 'redirect', to: '/', modal: 'login', delayMs: 1000 });
  });

  it('slot5: a guest on a protected page goes to / and the sign-in modal opens 1 s later', () => {
    expect(decide('slot5', '/deposit', guest)).toEqual({ kind: 'redirect', to: '/', modal: 'signIn', delayMs: 1000 });
  });

  it.each(THEME_CODES.filter((code) => !['slot2', 'slot4', 'slot5', 'sportsbook1'].includes(code)))(
    '%s: a guest on a protected page goes to /login',
    (code) => {
      expect(decide(code, '/withdrawal', guest)).toEqual({ kind: 'redirect', to: '/login', modal: null, delayMs: 0 });
    },
  );

  it('the locale prefix is kept', () => {
    expect(decide('casino1', '/account', guest, 'VI')).toMatchObject({ to: '/vi/login' });
    expect(decide('slot2', '/account', guest, 'VI')).toMatchObject({ to: '/vi', modal: 'login' });
    expect(decide('casino1', '/login', player, 'VI')).toMatchObject({ to: '/vi' });
  });

  it.each(PROTECTED_ROUTES)('%s: never shown before the session is known, shown to a player', (path) => {
    expect(decide('casino1', path, { sessionKnown: false, isAuthenticated: false })).toEqual({ kind: 'checking' });
    expect(decide('casino1', path, player)).toEqual({ kind: 'show' });
    expect(decide('casino1', path, guest).kind).toBe('redirect');
  });

  it.each(GUEST_ONLY_ROUTES)('%s: a player is sent to /, a guest sees it', (path) => {
    expect(decide('slot5', path, player)).toEqual({ kind: 'redirect', to: '/', modal: null, delayMs: 0 });
    expect(decide('slot5', path, guest)).toEqual({ kind: 'show' });
    // The server's render shows the page: most visitors are guests.
    expect(decide('slot5', path, { sessionKnown: false, isAuthenticated: false })).toEqual({ kind: 'show' });
  });

  it('other pages are open to everyone', () => {
    expect(decide('casino1', '/', guest)).toEqual({ kind: 'show' });
    expect(decide('casino1', '/slots', player)).toEqual({ kind: 'show' });
    expect(decide('casino1', '/vip', { sessionKnown: false, isAuthenticated: false })).toEqual({ kind: 'show' });
  });
});
