import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeCookieText, localeFromAcceptLanguage, localeOfCookieValue } from '../../app/i18n/detect';
import { rootLocaleDecision } from '../../app/i18n/root-redirect.server';
import { onBeforeLocaleSwitch, switchTarget } from '../../app/i18n/switch';
import { LOCALE_LOAD_FAILED, LOCALE_MESSAGES_MISSING, hasLocaleMessages, loadLocaleMessages } from '../../app/i18n/messages';
import { i18n } from '../../app/i18n/instance';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function documentRequest(url: string, headers: Record<string, string> = {}): Request {
  return new Request(url, { headers: { accept: 'text/html,application/xhtml+xml', 'user-agent': BROWSER, ...headers } });
}

describe('browser language detection', () => {
  it('takes the best-ranked language the site has messages for', () => {
    expect(localeFromAcceptLanguage('vi-VN,vi;q=0.9,en;q=0.8')).toBe('VI');
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,ru;q=0.7,en;q=0.5')).toBe('RUS');
    expect(localeFromAcceptLanguage('en;q=0.4,es-MX;q=0.9')).toBe('ESP');
    expect(localeFromAcceptLanguage('zh-TW,zh;q=0.9')).toBe('CT');
    expect(localeFromAcceptLanguage('zh-Hant-HK')).toBe('CT');
    expect(localeFromAcceptLanguage('zh-CN')).toBe('CN');
    expect(localeFromAcceptLanguage('fil-PH')).toBe('PHP');
    expect(localeFromAcceptLanguage('ms-MY,ne-NP;q=0.5')).toBe('MS');
  });

  it('answers null for nothing it knows, an empty header, or q=0', () => {
    expect(localeFromAcceptLanguage('de,fr;q=0.8')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
    expect(localeFromAcceptLanguage('vi;q=0,*;q=0.5')).toBeNull();
    // "my" is Burmese (MMK has no messages): not a match.
    expect(localeFromAcceptLanguage('my-MM')).toBeNull();
  });

  it('reads the saved cookie only when it names a locale with messages', () => {
    expect(localeOfCookieValue('VI')).toBe('VI');
    expect(localeOfCookieValue('vi')).toBe('VI');
    expect(localeOfCookieValue('MMK')).toBeNull();
    expect(localeOfCookieValue('xx')).toBeNull();
    expect(localeCookieText('CN')).toBe('i18n_redirected=CN; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

describe('root redirect (docs/product.md D2)', () => {
  it('sends a first visit to / with a Vietnamese browser to /vi and saves the choice', () => {
    expect(rootLocaleDecision(documentRequest('http://s.test/?ref=abc', { 'accept-language': 'vi-VN,vi;q=0.9' }))).toEqual({
      kind: 'redirect',
      location: '/vi?ref=abc',
      setCookie: localeCookieText('VI'),
    });
  });

  it('keeps an English first visit on / and saves English', () => {
    expect(rootLocaleDecision(documentRequest('http://s.test/', { 'accept-language': 'en-GB' }))).toEqual({ kind: 'stay', setCookie: localeCookieText('EN') });
    expect(rootLocaleDecision(documentRequest('http://s.test/', {}))).toEqual({ kind: 'stay', setCookie: localeCookieText('EN') });
  });

  it('follows a saved choice over the browser language, without setting the cookie again', () => {
    const request = documentRequest('http://s.test/', { 'accept-language': 'vi', cookie: 'i18n_redirected=ESP' });
    expect(rootLocaleDecision(request)).toEqual({ kind: 'redirect', location: '/esp', setCookie: null });
    expect(rootLocaleDecision(documentRequest('http://s.test/', { 'accept-language': 'vi', cookie: 'i18n_redirected=EN' }))).toEqual({ kind: 'none' });
  });

  it('never redirects crawlers, other paths, or data requests', () => {
    expect(rootLocaleDecision(documentRequest('http://s.test/', { 'accept-language': 'vi', 'user-agent': GOOGLEBOT }))).toEqual({ kind: 'none' });
    expect(rootLocaleDecision(documentRequest('http://s.test/slots', { 'accept-language': 'vi' }))).toEqual({ kind: 'none' });
    expect(rootLocaleDecision(new Request('http://s.test/', { headers: { accept: '*/*', 'accept-language': 'vi', 'user-agent': BROWSER } }))).toEqual({ kind: 'none' });
  });
});

describe('before-switch hooks (docs/product.md §4)', () => {
  it('may override the target locale, in registration order, and can be removed', () => {
    expect(switchTarget('EN', 'VI')).toBe('VI');
    const removeFirst = onBeforeLocaleSwitch((_from, to) => (to === 'VI' ? 'MS' : undefined));
    const removeSecond = onBeforeLocaleSwitch((from, to) => (from === 'EN' && to === 'MS' ? 'ESP' : null));
    expect(switchTarget('EN', 'VI')).toBe('ESP');
    expect(switchTarget('CN', 'VI')).toBe('MS');
    expect(switchTarget('EN', 'RUS')).toBe('RUS');
    removeFirst();
    removeSecond();
    expect(switchTarget('EN', 'VI')).toBe('VI');
  });
});

describe('message loading (docs/product.md §4, §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads English and a locale lazily, once', async () => {
    expect(await loadLocaleMessages('EN')).toBe(true);
    expect(hasLocaleMessages('EN')).toBe(true);
    expect(i18n.getFixedT('en')('frame.menu')).toBe('Menu');
    expect(await loadLocaleMessages('VI')).toBe(true);
    expect(hasLocaleMessages('VI')).toBe(true);
    expect(i18n.getFixedT('vi')('shell.logIn')).not.toBe(i18n.getFixedT('en')('shell.logIn'));
  });

  it('logs "Could not find messages for locale code" for a locale without messages, and falls back to English', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await loadLocaleMessages('MMK')).toBe(false);
    expect(warn).toHaveBeenCalledWith(LOCALE_MESSAGES_MISSING, 'MMK');
    expect(i18n.getFixedT('my')('frame.menu')).toBe('Menu');
    expect(LOCALE_LOAD_FAILED).toBe('Failed locale loading');
  });
});
