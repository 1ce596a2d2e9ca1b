import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPSFLYER_STORAGE_KEY } from '@wl/contracts';
import { DOMAIN_COOKIE_MAX_AGE_S, domainCookie, domainCookieValue, registrableDomain } from '../../app/analytics/domain-cookie';
import { ADS_VISIT_STORAGE_KEY, createAdsVisitSender, type AdsVisitFields } from '../../app/client/tracking';
import { MemoryStorage } from './memory-storage';

describe('registrableDomain (docs/product.md §9: the last two host labels)', () => {
  it('keeps two labels, lower case, without a trailing dot', () => {
    expect(registrableDomain('slot5.localhost')).toBe('slot5.localhost');
    expect(registrableDomain('www.example.com')).toBe('example.com');
    expect(registrableDomain('a.b.c.Example.COM.')).toBe('example.com');
    expect(registrableDomain('example.com')).toBe('example.com');
    expect(registrableDomain('localhost')).toBe('localhost');
    // By rule, not by the public-suffix list.
    expect(registrableDomain('shop.example.co.uk')).toBe('co.uk');
  });

  it('answers the whole address for an IP address', () => {
    expect(registrableDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(registrableDomain('192.168.10.20')).toBe('192.168.10.20');
    expect(registrableDomain('[::1]')).toBe('[::1]');
    expect(registrableDomain('[2001:db8::8a2e:370:7334]')).toBe('[2001:db8::8a2e:370:7334]');
    expect(registrableDomain('2001:db8::1')).toBe('2001:db8::1');
    // Four labels that are not all numbers are a domain.
    expect(registrableDomain('1.2.3.example')).toBe('3.example');
  });
});

describe('domainCookie', () => {
  it('names the cookie for the domain, its value the locale-free path, path /, Secure, SameSite Lax', () => {
    expect(domainCookie({ hostname: 'www.example.com', pathname: '/vi/slots' })).toBe(
      `example.com=/slots; Max-Age=${DOMAIN_COOKIE_MAX_AGE_S}; Path=/; Secure; SameSite=Lax`,
    );
    expect(domainCookie({ hostname: 'slot5.localhost', pathname: '/' })).toMatch(/^slot5\.localhost=\/; /);
  });

  it('gives the same value in every language, and nothing a cookie value may not hold', () => {
    expect(domainCookieValue('/')).toBe('/');
    expect(domainCookieValue('/vi')).toBe('/');
    expect(domainCookieValue('/cn/promotions')).toBe('/promotions');
    expect(domainCookieValue('/news/a%20b')).toBe('/news/a%20b');
    expect(domainCookieValue('/a;b,c"d\\e f')).toBe('/a%3Bb%2Cc%22d%5Ce%20f');
    expect(domainCookieValue('/新闻')).toBe('/%E6%96%B0%E9%97%BB');
  });
});

describe('createAdsVisitSender (docs/product.md §7: once per visitor; §8: a failure goes to the error handler)', () => {
  let storage: MemoryStorage;
  const ok = { statusCode: 1, message: 'OK' };

  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('document', { cookie: '' });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function sender(replies: { statusCode: number; message: string }[]) {
    const sent: AdsVisitFields[] = [];
    const reported: { statusCode: number; message: string }[] = [];
    const send = createAdsVisitSender({
      send: (fields) => {
        sent.push(fields);
        return Promise.resolve(replies.shift() ?? ok);
      },
      report: (reply) => reported.push(reply),
      now: () => Date.UTC(2026, 0, 2),
    });
    return { send, sent, reported };
  }

  it('sends nothing while there is neither _fbp nor appsflyer_id, then sends once they appear', async () => {
    const { send, sent } = sender([]);
    await expect(send()).resolves.toBe('nothing');
    await expect(send()).resolves.toBe('nothing');
    expect(sent).toEqual([]);
    // Meta's pixel sets _fbp a moment after the first page.
    vi.stubGlobal('document', { cookie: 'a=1; _fbp=fb.1.1700000000.7; b=2' });
    storage.setItem(APPSFLYER_STORAGE_KEY, 'af-1');
    await expect(send()).resolves.toBe('sent');
    expect(sent).toEqual([{ fbp: 'fb.1.1700000000.7', appsflyer_id: 'af-1' }]);
    expect(storage.getItem(ADS_VISIT_STORAGE_KEY)).toBe('2026-01-02T00:00:00.000Z');
  });

  it('never sends again once recorded, in this page load or a later one', async () => {
    vi.stubGlobal('document', { cookie: '_fbp=fb.1.2.3' });
    const first = sender([]);
    await expect(first.send()).resolves.toBe('sent');
    await expect(first.send()).resolves.toBe('recorded');
    // A reload: a new sender, the same storage.
    const second = sender([]);
    await expect(second.send()).resolves.toBe('recorded');
    expect([...first.sent, ...second.sent]).toHaveLength(1);
  });

  it('sends once when called again while the call is in flight', async () => {
    vi.stubGlobal('document', { cookie: '_fbp=fb.1.2.3' });
    const { send, sent } = sender([]);
    const [a, b] = await Promise.all([send(), send()]);
    expect([a, b]).toEqual(['sent', 'tried']);
    expect(sent).toHaveLength(1);
  });

  it('reports a failure with its status code and message, records nothing, and tries again only on the next page load', async () => {
    storage.setItem(APPSFLYER_STORAGE_KEY, 'af-2');
    const first = sender([{ statusCode: 0, message: 'tooManyRequests' }]);
    await expect(first.send()).resolves.toBe('failed');
    expect(first.reported).toEqual([{ statusCode: 0, message: 'tooManyRequests' }]);
    expect(storage.getItem(ADS_VISIT_STORAGE_KEY)).toBeNull();
    await expect(first.send()).resolves.toBe('tried');
    expect(first.sent).toHaveLength(1);

    const second = sender([{ statusCode: 0, message: 'disconnect' }, ok]);
    await expect(second.send()).resolves.toBe('failed');
    expect(second.reported).toEqual([{ statusCode: 0, message: 'disconnect' }]);
    const third = sender([]);
    await expect(third.send()).resolves.toBe('sent');
    expect(third.reported).toEqual([]);
  });

  it('does nothing without storage to remember the visit in', async () => {
    vi.stubGlobal('localStorage', undefined);
    vi.stubGlobal('document', { cookie: '_fbp=fb.1.2.3' });
    const { send, sent } = sender([]);
    await expect(send()).resolves.toBe('unavailable');
    expect(sent).toEqual([]);
  });
});
