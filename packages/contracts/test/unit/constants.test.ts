import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  DATE_LOCALES,
  GAME_LIST_FALLBACKS,
  INVALID_THEME_CODE,
  INVALID_THEME_COLOR,
  LOCALE_CODES,
  PROTECTED_ROUTES,
  GUEST_ONLY_ROUTES,
  ROUTE_PATHS,
  TEMPLATES,
  THEMES,
  THEME_CODES,
  THEME_COLORS,
  THEME_COLOR_HEX,
  breakpointFor,
  checkTheme,
  guestGuardAction,
  localeFromPrefix,
  localePrefix,
  paginationJumpSize,
  templateBreakpoint,
} from '../../src/index.js';

describe('theme table (docs/product.md D1)', () => {
  it('has 22 themes mapping to template1–template23 without template18', () => {
    expect(THEME_CODES).toHaveLength(22);
    expect(new Set(TEMPLATES).size).toBe(22);
    expect(TEMPLATES).not.toContain('template18');
    expect(TEMPLATES).toContain('template1');
    expect(TEMPLATES).toContain('template23');
    expect(THEMES.slot9.template).toBe('template19');
  });

  it('gives every theme five distinct colours, each with a hex value', () => {
    for (const code of THEME_CODES) {
      expect(new Set(THEMES[code].colors).size).toBe(5);
    }
    for (const color of THEME_COLORS) expect(THEME_COLOR_HEX[color]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('validates the theme code, then the colour', () => {
    expect(checkTheme('casino1', 'gold')).toMatchObject({ ok: true, template: 'template1', family: 'casino' });
    expect(checkTheme('sportsbook4', 'light')).toMatchObject({ ok: true, template: 'template23', family: 'sportsbook' });
    expect(checkTheme('casino10', 'gold')).toEqual({ ok: false, message: INVALID_THEME_CODE });
    expect(checkTheme('toString', 'gold')).toEqual({ ok: false, message: INVALID_THEME_CODE });
    expect(checkTheme('casino1', 'pink')).toEqual({ ok: false, message: INVALID_THEME_COLOR });
  });
});

describe('locales (docs/product.md §9, D2)', () => {
  it('declares twelve codes and the date-locale map', () => {
    expect(LOCALE_CODES).toEqual(['EN', 'PHP', 'CN', 'ESP', 'RUS', 'VI', 'MS', 'NE', 'CT', 'MMK', 'MNT', 'IDR']);
    expect(DATE_LOCALES).toMatchObject({ EN: 'en', CN: 'zh', RUS: 'ru', ESP: 'es', VI: 'vi', MS: 'ms', NE: 'ne', CT: 'zh-tw', PHP: 'en', MMK: 'en', MNT: 'en', IDR: 'en' });
  });

  it('prefixes every locale but English, in lower case', () => {
    expect(localePrefix('EN')).toBe('');
    expect(localePrefix('VI')).toBe('/vi');
    expect(localeFromPrefix('vi')).toBe('VI');
    expect(localeFromPrefix('cn')).toBe('CN');
    expect(localeFromPrefix('en')).toBeNull();
    expect(localeFromPrefix('VI')).toBeNull();
    expect(localeFromPrefix('slots')).toBeNull();
    expect(localeFromPrefix(undefined)).toBeNull();
  });
});

describe('breakpoints (docs/product.md §9)', () => {
  it('names the breakpoint of a width', () => {
    expect(breakpointFor(320)).toBe('mobile');
    expect(breakpointFor(374)).toBe('mobile');
    expect(breakpointFor(375)).toBe('mobileMedium');
    expect(breakpointFor(1023)).toBe('tablet');
    expect(breakpointFor(1024)).toBe('desktop');
    expect(breakpointFor(1600)).toBe('desktopWide');
    expect(BREAKPOINTS.desktopMedium).toBe(1280);
  });

  it('gives each template its own mobile switch', () => {
    expect(templateBreakpoint('template2')).toBe(1200);
    expect(templateBreakpoint('template9')).toBe(999);
    expect(templateBreakpoint('template9Product')).toBe(1200);
    expect(templateBreakpoint('template12')).toBe(769);
    expect(templateBreakpoint('template22')).toBe(960);
    expect(templateBreakpoint('template1')).toBe(BREAKPOINTS.desktop);
  });
});

describe('routes and guards (docs/product.md §2, D3)', () => {
  it('lists 49 top-level routes; guarded ones are among them', () => {
    expect(ROUTE_PATHS).toHaveLength(49);
    for (const path of [...PROTECTED_ROUTES, ...GUEST_ONLY_ROUTES]) expect(ROUTE_PATHS).toContain(path);
  });

  it('sends guests by template', () => {
    expect(guestGuardAction('slot2')).toMatchObject({ kind: 'redirect-then-modal', to: '/', modal: 'login', delayMs: 1000 });
    expect(guestGuardAction('sportsbook1')).toMatchObject({ modal: 'login' });
    expect(guestGuardAction('slot5')).toMatchObject({ kind: 'redirect-then-modal', modal: 'signin' });
    expect(guestGuardAction('casino1')).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('other constants (docs/product.md §9)', () => {
  it('has the fallback list sizes and the pagination jump', () => {
    expect(GAME_LIST_FALLBACKS).toEqual({ hot: 15, featured: 10, popular: 6, new: 6 });
    expect(paginationJumpSize()).toBe(3);
    expect(paginationJumpSize(4)).toBe(2);
  });
});
