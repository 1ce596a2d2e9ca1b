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

  it('/playnow with demo=1 lets a guest in to play with play money (issue 23 §2); the rest of /playnow stays protected', () => {
    const playnow = (search: string, session: { sessionKnown: boolean; isAuthenticated: boolean }, code: ThemeCode = 'casino1') =>
      guardDecision({ path: '/playnow', search, locale: 'EN', themeCode: code, ...session });
    expect(playnow('?provider=HOUSE&game=MINES&demo=1', guest)).toEqual({ kind: 'show' });
    expect(playnow('?provider=HOUSE&game=MINES&demo=1', guest, 'slot5')).toEqual({ kind: 'show' });
    expect(playnow('?provider=HOUSE&game=MINES&demo=1', player)).toEqual({ kind: 'show' });
    // Still "checking" until the session is known: a player there plays for real.
    expect(playnow('?provider=HOUSE&game=MINES&demo=1', { sessionKnown: false, isAuthenticated: false })).toEqual({ kind: 'checking' });
    for (const search of ['?provider=HOUSE&game=MINES', '?provider=HOUSE&game=MINES&demo=0', '?provider=HOUSE&game=MINES&demo=true', '']) {
      expect(playnow(search, guest), search).toEqual({ kind: 'redirect', to: '/login', modal: null, delayMs: 0 });
    }
    // demo=1 opens no other protected page.
    expect(guardDecision({ path: '/deposit', search: '?demo=1', locale: 'EN', themeCode: 'casino1', ...guest }).kind).toBe('redirect');
  });

  it('other pages are open to everyone', () => {
    expect(decide('casino1', '/', guest)).toEqual({ kind: 'show' });
    expect(decide('casino1', '/slots', player)).toEqual({ kind: 'show' });
    expect(decide('casino1', '/vip', { sessionKnown: false, isAuthenticated: false })).toEqual({ kind: 'show' });
  });
});
