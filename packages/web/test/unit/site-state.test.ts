import { describe, expect, it } from 'vitest';
import type { StartupReply } from '@wl/contracts';
import { siteStateFrom } from '../../app/lib/site-state';
import { chooseLayout } from '../../app/lib/layout';
import { localePath, splitLocale } from '../../app/lib/locale';

const reply = (overrides: { theme_code?: string; theme_color?: string; is_maintenance?: boolean } = {}): StartupReply => ({
  statusCode: 1,
  message: 'OK',
  maintenance: { is_maintenance: overrides.is_maintenance ?? false, start_date: null, end_date: null },
  content: { menu: [], game_menu: [] },
  site: {
    site_name: 'Test',
    currency: 'PHP',
    theme_code: overrides.theme_code ?? 'slot5',
    theme_color: overrides.theme_color ?? 'pink',
    logo1: '',
    logo2: '',
    logo3: '',
    status: true,
    expired_date: null,
    logo_text: 'Test',
    external_id: 'test',
    android_sub: '',
    ios_sub: '',
    manifest_icon: '',
    gamify_status: true,
    minimum_age: 18,
  },
  language: ['EN'],
  provider_count: [],
  aff_domain: '',
  live_chat: { chat_id: '', image_id: '', status: false, integration: 'manual_onboarding' },
});

describe('startup (docs/product.md §4)', () => {
  it('picks the template of a valid theme', () => {
    expect(siteStateFrom(reply())).toMatchObject({ kind: 'ready', template: 'template14', family: 'slot', color: 'pink' });
  });

  it('rejects an unknown theme code or a colour outside its row', () => {
    expect(siteStateFrom(reply({ theme_code: 'casino99' }))).toEqual({ kind: 'error', message: 'Invalid theme code', status: 500 });
    expect(siteStateFrom(reply({ theme_color: 'gold' }))).toEqual({ kind: 'error', message: 'Invalid theme color', status: 500 });
  });

  it('keeps the server message of a failed startup', () => {
    expect(siteStateFrom({ statusCode: 0, message: 'siteNotFound' })).toEqual({ kind: 'error', message: 'siteNotFound', status: 404 });
    expect(siteStateFrom({ statusCode: 0, message: 'siteExpired' })).toMatchObject({ kind: 'error', message: 'siteExpired' });
  });

  it('shows only maintenance when the window is open', () => {
    expect(siteStateFrom(reply({ is_maintenance: true }))).toMatchObject({ kind: 'maintenance' });
  });
});

describe('layout choice (docs/product.md §2)', () => {
  it('uses minigame on /minigame, else the route setting, else the template; maintenance wins', () => {
    expect(chooseLayout({ path: '/minigame', template: 'template3', maintenance: false })).toBe('minigame');
    expect(chooseLayout({ path: '/preloader', routeLayout: 'default', template: 'template3', maintenance: false })).toBe('default');
    expect(chooseLayout({ path: '/slots', template: 'template3', maintenance: false })).toBe('template3');
    expect(chooseLayout({ path: '/minigame', template: 'template3', maintenance: true })).toBe('maintenance');
  });
});

describe('locale URLs (docs/product.md D2)', () => {
  it('splits and builds prefixed paths', () => {
    expect(splitLocale('/slots')).toEqual({ locale: 'EN', path: '/slots' });
    expect(splitLocale('/vi/slots')).toEqual({ locale: 'VI', path: '/slots' });
    expect(splitLocale('/cn')).toEqual({ locale: 'CN', path: '/' });
    expect(splitLocale('/')).toEqual({ locale: 'EN', path: '/' });
    expect(localePath('VI', '/slots')).toBe('/vi/slots');
    expect(localePath('VI', '/')).toBe('/vi');
    expect(localePath('EN', '/slots')).toBe('/slots');
  });
});
