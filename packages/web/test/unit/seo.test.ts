import { describe, expect, it } from 'vitest';
import { MESSAGE_LOCALES, ROUTE_PATHS, type SeoRecord } from '@wl/contracts';
import { seoPageName } from '../../app/seo/page-name';
import { buildRobots, buildSitemap } from '../../app/seo/sitemap';
import { headMeta, pageHead } from '../../app/seo/head';
import { mergeMeta, parentMeta } from '../../app/seo/merge-meta';
import { manifestIcon } from '../../app/seo/manifest';
import { localisedPageUrl } from '../../app/seo/urls';

const ORIGIN = 'https://slot5.example.com';

describe('seoPageName', () => {
  it.each([
    ['/', 'home'],
    ['/vi', 'home'],
    ['/vi/', 'home'],
    ['/slots', 'slots'],
    ['/vi/slots', 'slots'],
    ['/cn/horse-racing', 'horse-racing'],
    ['/promotions/', 'promotions'],
  ])('%s → %s', (path, name) => {
    expect(seoPageName(path)).toBe(name);
  });

  it.each(['/nope', '/vi/nope', '/slots/extra', '/en/slots', '/VI/slots'])('%s is no page: null', (path) => {
    expect(seoPageName(path)).toBeNull();
  });
});

describe('buildSitemap', () => {
  const xml = buildSitemap(ORIGIN);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it('lists every route in every locale with messages, once each, as absolute addresses of the site', () => {
    expect(MESSAGE_LOCALES).toHaveLength(9);
    expect(locs).toHaveLength(ROUTE_PATHS.length * MESSAGE_LOCALES.length);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of ROUTE_PATHS) {
      expect(locs).toContain(`${ORIGIN}${path}`);
      expect(locs).toContain(path === '/' ? `${ORIGIN}/vi` : `${ORIGIN}/vi${path}`);
      expect(locs).toContain(path === '/' ? `${ORIGIN}/ct` : `${ORIGIN}/ct${path}`);
    }
    // Locales without messages (MMK, MNT, IDR) have no pages of their own.
    expect(locs.some((loc) => /\/(mmk|mnt|idr)(\/|$)/.test(loc!))).toBe(false);
  });

  it('gives each entry its language versions and x-default', () => {
    const entry = xml.match(/<url>\s*<loc>https:\/\/slot5\.example\.com\/vi\/slots<\/loc>([\s\S]*?)<\/url>/)?.[1] ?? '';
    const alternates = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => [match[1], match[2]]);
    expect(alternates).toContainEqual(['en', `${ORIGIN}/slots`]);
    expect(alternates).toContainEqual(['vi', `${ORIGIN}/vi/slots`]);
    expect(alternates).toContainEqual(['zh-TW', `${ORIGIN}/ct/slots`]);
    expect(alternates).toContainEqual(['fil', `${ORIGIN}/php/slots`]);
    expect(alternates).toContainEqual(['x-default', `${ORIGIN}/slots`]);
    expect(alternates).toHaveLength(MESSAGE_LOCALES.length + 1);
  });

  it('is a sitemaps.org urlset with the xhtml namespace and escaped addresses', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(buildSitemap('http://a&b.example')).toContain('<loc>http://a&amp;b.example/</loc>');
  });
});

describe('buildRobots', () => {
  it("allows the site, keeps crawlers off the API and points at this site's sitemap", () => {
    expect(buildRobots(ORIGIN).split('\n')).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${ORIGIN}/sitemap.xml`, '']);
  });
});

const RECORD: SeoRecord = {
  id: 7,
  page_name: 'slots',
  en_item_name: 'Online Slots',
  en_body: '<p>Slots</p>',
  local_item_name: '',
  local_body: '',
  meta_title: 'Online Slots | Lucky Reels',
  meta_desc: 'Hundreds of slot games.',
  meta_keywords: 'slots, jackpot',
  meta_url: '/slots',
  meta_canonical: '/slots',
  meta_author: 'Lucky Reels',
  meta_publisher: 'Lucky Reels Ltd',
  meta_lang: 'en',
  meta_image_url: '/api/media/logo/slot5/2.svg',
};
const SITE = { site_name: 'Lucky Reels', manifest_icon: '/api/media/logo/slot5/2.svg', logo2: '/api/media/logo/slot5/2.svg' };

describe('pageHead', () => {
  it("takes the record's texts and resolves its addresses against the origin", () => {
    const head = pageHead({ record: RECORD, site: SITE, locale: 'EN', path: '/slots', origin: ORIGIN, fallbackTitle: 'Slots · Lucky Reels' });
    expect(head).toMatchObject({
      title: 'Online Slots | Lucky Reels',
      description: 'Hundreds of slot games.',
      keywords: 'slots, jackpot',
      canonical: `${ORIGIN}/slots`,
      url: `${ORIGIN}/slots`,
      author: 'Lucky Reels',
      publisher: 'Lucky Reels Ltd',
      language: 'en',
      image: `${ORIGIN}/api/media/logo/slot5/2.svg`,
      siteName: 'Lucky Reels',
      openGraphLocale: 'en_US',
    });
  });

  it('puts a prefixed page in its own locale: canonical, URL and language', () => {
    const head = pageHead({ record: RECORD, site: SITE, locale: 'CT', path: '/slots', origin: ORIGIN, fallbackTitle: '' });
    expect(head.canonical).toBe(`${ORIGIN}/ct/slots`);
    expect(head.url).toBe(`${ORIGIN}/ct/slots`);
    expect(head.language).toBe('zh-TW');
    expect(head.openGraphLocale).toBe('zh_TW');
    expect(head.alternates.map((alternate) => alternate.hreflang)).toEqual([...MESSAGE_LOCALES.map(() => expect.any(String)), 'x-default']);
  });

  it("without a record: the fallback title, the page's own address and the site's icon", () => {
    const head = pageHead({ record: null, site: SITE, locale: 'VI', path: '/', origin: ORIGIN, fallbackTitle: 'Lucky Reels' });
    expect(head).toMatchObject({ title: 'Lucky Reels', description: '', canonical: `${ORIGIN}/vi`, language: 'vi', image: `${ORIGIN}${SITE.manifest_icon}` });
    const tags = headMeta(head);
    expect(tags.some((tag) => 'name' in tag && tag.name === 'description')).toBe(false);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${ORIGIN}/vi` });
  });

  it('treats a page of a locale without messages as the English page it shows', () => {
    const head = pageHead({ record: RECORD, site: SITE, locale: 'MMK', path: '/slots', origin: ORIGIN, fallbackTitle: '' });
    expect(head).toMatchObject({ canonical: `${ORIGIN}/slots`, url: `${ORIGIN}/slots`, language: 'en', openGraphLocale: 'en_US' });
  });

  it('keeps absolute and already prefixed record addresses as they are', () => {
    expect(localisedPageUrl('https://other.example/landing', 'VI', ORIGIN)).toBe('https://other.example/landing');
    expect(localisedPageUrl('/vi/slots', 'CN', ORIGIN)).toBe(`${ORIGIN}/vi/slots`);
    expect(localisedPageUrl('/', 'MS', ORIGIN)).toBe(`${ORIGIN}/ms`);
  });
});

describe('headMeta', () => {
  it('writes every tag of the head, Open Graph as properties and hreflang as alternate links', () => {
    const tags = headMeta(pageHead({ record: RECORD, site: SITE, locale: 'EN', path: '/slots', origin: ORIGIN, fallbackTitle: '' }));
    expect(tags).toContainEqual({ title: 'Online Slots | Lucky Reels' });
    for (const name of ['description', 'keywords', 'author', 'publisher', 'language', 'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
      expect(tags.some((tag) => 'name' in tag && tag.name === name), name).toBe(true);
    }
    for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type', 'og:site_name', 'og:locale']) {
      expect(tags.some((tag) => 'property' in tag && tag.property === property), property).toBe(true);
    }
    expect(tags).toContainEqual({ tagName: 'link', rel: 'alternate', hrefLang: 'vi', href: `${ORIGIN}/vi/slots` });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${ORIGIN}/slots` });
  });
});

describe('mergeMeta', () => {
  it("keeps the parent's other tags and replaces the ones the child sets again", () => {
    const parent = [{ title: 'Site' }, { name: 'theme-color', content: '#123456' }, { tagName: 'link', rel: 'canonical', href: 'https://a/x' }];
    const merged = mergeMeta(parent, [{ title: 'Page' }, { tagName: 'link', rel: 'canonical', href: 'https://a/y' }, { name: 'robots', content: 'noindex' }]);
    expect(merged).toEqual([
      { name: 'theme-color', content: '#123456' },
      { title: 'Page' },
      { tagName: 'link', rel: 'canonical', href: 'https://a/y' },
      { name: 'robots', content: 'noindex' },
    ]);
  });

  it("reads the parent's tags from the match before the current route", () => {
    const root = { meta: [{ title: 'Root' }] };
    const locale = { meta: [{ title: 'Page' }] };
    expect(parentMeta([root, locale, { meta: [] }])).toEqual([{ title: 'Page' }]);
    expect(parentMeta([root])).toEqual([]);
  });
});

describe('manifestIcon', () => {
  it('names the type of an image and the size a raster image states, any size for a vector', () => {
    expect(manifestIcon('/api/media/logo/slot5/2.svg')).toEqual({ src: '/api/media/logo/slot5/2.svg', type: 'image/svg+xml', sizes: 'any', purpose: 'any' });
    expect(manifestIcon('https://cdn.example/icon-192x192.png?v=2')).toEqual({ src: 'https://cdn.example/icon-192x192.png?v=2', type: 'image/png', sizes: '192x192', purpose: 'any' });
    expect(manifestIcon('/brand/mark.webp')).toEqual({ src: '/brand/mark.webp', type: 'image/webp', purpose: 'any' });
    expect(manifestIcon('/brand/mark')).toBeNull();
  });
});
