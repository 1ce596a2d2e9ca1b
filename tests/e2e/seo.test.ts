import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGE_LOCALES, ROUTE_PATHS, contentLang, type SeoRecord, type Site } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { PageProblems, newContext, screenshots } from './browser';

/**
 * Issue 6, SEO: every page's head from /api/seo (compared with a direct call), per-site
 * robots.txt, sitemap.xml and web app manifest, on two sites that must differ, and the head
 * following a client-side navigation.
 */

let context: BrowserContext;

const SITES = ['localhost', 'slot5.localhost'] as const;
const PAGES = [
  { path: '/', pageName: 'home', locale: 'EN' },
  { path: '/slots', pageName: 'slots', locale: 'EN' },
  { path: '/vi/slots', pageName: 'slots', locale: 'VI' },
] as const;

const e2e = useServerAndBrowser();

beforeEach(async () => {
  context = await newContext(e2e.browser);
});

afterEach(async () => {
  await context?.close();
});

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET as a crawler on that host makes it (Node does not resolve *.localhost: the Host header names the site). */
function get(host: string, path: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: e2e.server.port, path, headers: { host: `${host}:${e2e.server.port}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

async function api<T>(path: string, payload: object): Promise<T> {
  const response = await fetch(e2e.server.url('127.0.0.1', path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return (await response.json()) as T;
}

async function siteOf(host: string): Promise<Site> {
  const reply = await api<{ statusCode: number; site: Site }>('/api/startup', { domain_name: host });
  expect(reply.statusCode, `startup of ${host}`).toBe(1);
  return reply.site;
}

async function seoRecord(host: string, pageName: string): Promise<SeoRecord> {
  const site = await siteOf(host);
  const reply = await api<{ statusCode: number; value: SeoRecord | null }>('/api/seo', { domain_name: host, external_id: site.external_id, page_name: pageName });
  expect(reply.statusCode).toBe(1);
  expect(reply.value, `SEO record ${pageName} of ${host}`).not.toBeNull();
  return reply.value!;
}

interface Head {
  title: string;
  names: Record<string, string>;
  properties: Record<string, string>;
  canonical: string[];
  alternates: [string, string][];
  manifest: string | null;
}

/** The head as the browser has it after hydration: every tag counted, so a duplicate shows. */
function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const names: Record<string, string> = {};
    const properties: Record<string, string> = {};
    for (const meta of document.head.querySelectorAll('meta')) {
      const name = meta.getAttribute('name');
      const property = meta.getAttribute('property');
      if (name) names[name] = name in names ? '(duplicate)' : meta.content;
      if (property) properties[property] = property in properties ? '(duplicate)' : meta.content;
    }
    return {
      title: document.title,
      names,
      properties,
      canonical: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((link) => link.href),
      alternates: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map(
        (link) => [link.getAttribute('hreflang') ?? '', link.href] as [string, string],
      ),
      manifest: document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
    };
  });
}

async function open(host: string, path: string): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  const problems = new PageProblems(page);
  const response = await page.goto(e2e.server.url(host, path), { waitUntil: 'load' });
  expect(response?.status(), `${host}${path}`).toBe(200);
  await page.waitForFunction(() => document.documentElement.dataset.lifecycle === 'ready', undefined, { timeout: 15_000 });
  return { page, problems };
}

/** The page's address in another locale: '/vi/slots' in EN is '/slots'. */
function pathIn(locale: string, path: string): string {
  const bare = path.replace(/^\/vi(?=\/|$)/, '') || '/';
  if (locale === 'EN') return bare;
  return bare === '/' ? `/${locale.toLowerCase()}` : `/${locale.toLowerCase()}${bare}`;
}

describe('page heads from /api/seo', () => {
  it.each(SITES.flatMap((host) => PAGES.map((page) => [host, page] as const)))('%s %o', async (host, { path, pageName, locale }) => {
    const record = await seoRecord(host, pageName);
    const origin = e2e.server.url(host, '').replace(/\/$/, '');
    const { page, problems } = await open(host, path);
    const head = await readHead(page);
    const image = new URL(record.meta_image_url, origin).href;
    // The record's site-relative canonical, in the page's locale (/slots on /vi/slots is /vi/slots).
    const canonical = new URL(locale === 'EN' ? record.meta_canonical : pathIn(locale, record.meta_canonical), origin).href;

    expect(head.title).toBe(record.meta_title);
    expect(head.names).toMatchObject({
      description: record.meta_desc,
      keywords: record.meta_keywords,
      author: record.meta_author,
      publisher: record.meta_publisher,
      language: locale === 'EN' ? record.meta_lang : 'vi',
      'twitter:card': 'summary',
      'twitter:title': record.meta_title,
      'twitter:description': record.meta_desc,
      'twitter:image': image,
    });
    expect(head.properties).toMatchObject({
      'og:title': record.meta_title,
      'og:description': record.meta_desc,
      'og:url': canonical,
      'og:image': image,
      'og:type': 'website',
      'og:site_name': (await siteOf(host)).site_name,
      'og:locale': locale === 'EN' ? 'en_US' : 'vi_VN',
    });
    expect(head.names['theme-color'], 'the root keeps the theme colour').toMatch(/^#[0-9a-f]{6}$/);
    expect(head.canonical).toEqual([canonical]);
    expect(head.alternates).toEqual([
      ...MESSAGE_LOCALES.map((code) => [contentLang(code), new URL(pathIn(code, path), origin).href]),
      ['x-default', new URL(pathIn('EN', path), origin).href],
    ]);
    expect(head.manifest).toBe(`${origin}/manifest.webmanifest`);
    expect(problems.list).toEqual([]);
  });

  it("differ by site: each site's own texts and addresses", async () => {
    const [casino, slot] = await Promise.all(SITES.map((host) => seoRecord(host, 'slots')));
    expect(casino!.meta_title).not.toBe(slot!.meta_title);
    const heads = [];
    for (const host of SITES) heads.push(await readHead((await open(host, '/slots')).page));
    expect(heads[0]!.title).toBe(casino!.meta_title);
    expect(heads[1]!.title).toBe(slot!.meta_title);
    expect(heads[0]!.canonical).toEqual([e2e.server.url('localhost', '/slots')]);
    expect(heads[1]!.canonical).toEqual([e2e.server.url('slot5.localhost', '/slots')]);
    expect(heads[0]!.names['theme-color']).not.toBe(heads[1]!.names['theme-color']);
  });

  it('follow a client-side navigation: the next page gets its own head, a page without a record the screen title', async () => {
    const { page, problems } = await open('localhost', '/');
    const [home, slots] = await Promise.all([seoRecord('localhost', 'home'), seoRecord('localhost', 'slots')]);
    expect(await page.title()).toBe(home.meta_title);
    // A marker on the window survives client-side navigations only: a full load would drop it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.locator('a[href="/slots"]:visible').first().click();
    await page.waitForURL((url) => url.pathname === '/slots');
    await page.waitForFunction((title) => document.title === title, slots.meta_title, { timeout: 10_000 });
    const head = await readHead(page);
    expect(head.canonical).toEqual([e2e.server.url('localhost', '/slots')]);
    expect(head.properties['og:url']).toBe(e2e.server.url('localhost', '/slots'));
    expect(head.names.description).toBe(slots.meta_desc);

    // /faqs has no SEO record in the demo data: the site falls back to the screen's title and drops the record's tags.
    await page.locator('a[href="/faqs"]:visible').first().click();
    await page.waitForURL((url) => url.pathname === '/faqs');
    await page.waitForFunction(() => document.title === 'FAQs · Demo Casino', undefined, { timeout: 10_000 });
    const faqs = await readHead(page);
    expect(faqs.names.description).toBeUndefined();
    expect(faqs.canonical).toEqual([e2e.server.url('localhost', '/faqs')]);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await screenshots(page, 'seo-faqs');
    expect(problems.list).toEqual([]);
  });

  it('a missing page is titled as such and kept out of search indexes', async () => {
    const page = await context.newPage();
    const problems = new PageProblems(page);
    const response = await page.goto(e2e.server.url('slot5.localhost', '/no-such-page'), { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    const head = await readHead(page);
    expect(head.title).toBe(`Page not found · ${(await siteOf('slot5.localhost')).site_name}`);
    expect(head.names.robots).toBe('noindex');
    expect(head.canonical).toEqual([]);
    expect(problems.list).toEqual([]);
  });
});

/** A Vary header naming Host (among others, e.g. Accept-Encoding). */
const VARIES_ON_HOST = /(^|,)\s*host\s*(,|$)/i;

describe('robots.txt, sitemap.xml and the web app manifest', () => {
  it('robots.txt: per site, the API disallowed, the sitemap of the same site', async () => {
    const bodies: string[] = [];
    for (const host of SITES) {
      const robots = await get(host, '/robots.txt');
      expect(robots.status).toBe(200);
      expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
      // Shared caches key on the host too: one URL, each site's own file (issue 21 §8).
      expect(robots.headers.vary).toMatch(VARIES_ON_HOST);
      expect(robots.body).toContain('User-agent: *\nAllow: /\nDisallow: /api/\n');
      expect(robots.body).toContain(`Sitemap: ${e2e.server.url(host, '/sitemap.xml')}\n`);
      bodies.push(robots.body);
    }
    expect(bodies[0]).not.toBe(bodies[1]);
  });

  it('sitemap.xml: every route in every locale with messages, addresses of its own site, with hreflang alternates', async () => {
    const all: string[][] = [];
    for (const host of SITES) {
      const sitemap = await get(host, '/sitemap.xml');
      expect(sitemap.status).toBe(200);
      expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
      expect(sitemap.headers.vary).toMatch(VARIES_ON_HOST);
      const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      const expected = ROUTE_PATHS.flatMap((path) => MESSAGE_LOCALES.map((locale) => e2e.server.url(host, pathIn(locale, path))));
      expect(locs.sort()).toEqual(expected.sort());
      expect(sitemap.body).toContain(`<xhtml:link rel="alternate" hreflang="zh-TW" href="${e2e.server.url(host, '/ct/slots')}"/>`);
      expect(sitemap.body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${e2e.server.url(host, '/slots')}"/>`);
      all.push(locs);
    }
    expect(all[0]).not.toEqual(all[1]);
  });

  it("the manifest: the site's name, palette colour and icon", async () => {
    const manifests = [];
    for (const host of SITES) {
      const site = await siteOf(host);
      const response = await get(host, '/manifest.webmanifest');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(response.headers.vary).toMatch(VARIES_ON_HOST);
      const manifest = JSON.parse(response.body) as Record<string, unknown>;
      const { page } = await open(host, '/');
      const themeColor = (await readHead(page)).names['theme-color'];
      expect(manifest).toMatchObject({
        name: site.site_name,
        start_url: '/',
        display: 'standalone',
        theme_color: themeColor,
        background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
        icons: [{ src: site.manifest_icon, type: 'image/svg+xml', sizes: 'any', purpose: 'any' }],
      });
      // The icon is there to fetch, as the browser will.
      const icon = await get(host, site.manifest_icon);
      expect(icon.status).toBe(200);
      expect(icon.headers['content-type']).toContain('image/svg+xml');
      manifests.push(manifest);
    }
    expect(manifests[0]!.name).not.toBe(manifests[1]!.name);
    expect(manifests[0]!.theme_color).not.toBe(manifests[1]!.theme_color);
    expect((manifests[0]!.icons as { src: string }[])[0]!.src).not.toBe((manifests[1]!.icons as { src: string }[])[0]!.src);
  });

  it('a host with no site answers 404 for all three', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/manifest.webmanifest']) {
      const response = await get('no-such-site.example', path);
      expect(response.status, path).toBe(404);
      expect(response.headers['cache-control'], path).toBe('no-store');
      expect(response.headers.vary, path).toMatch(VARIES_ON_HOST);
    }
  });

  it('screens: /vi/slots on slot5 with its head in place', async () => {
    const { page, problems } = await open('slot5.localhost', '/vi/slots');
    expect((await readHead(page)).canonical).toEqual([e2e.server.url('slot5.localhost', '/vi/slots')]);
    await screenshots(page, 'seo-slot5-vi-slots');
    expect(problems.list).toEqual([]);
  });
});
