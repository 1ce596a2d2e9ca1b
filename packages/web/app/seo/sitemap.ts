import { MESSAGE_LOCALES, ROUTE_PATHS } from '@wl/contracts';
import { localePath } from '../lib/locale';
import { alternatesOf } from './head';
import { absoluteUrl } from './urls';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[char]};`);
}

/**
 * The sitemap of a site: every route of docs/product.md §2 in every locale with messages (docs/product.md D2:
 * /slots, /vi/slots), each listing its language versions as xhtml:link alternates.
 */
export function buildSitemap(origin: string): string {
  const entries = ROUTE_PATHS.flatMap((path) => {
    const alternates = alternatesOf(path, origin)
      .map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`)
      .join('\n');
    return MESSAGE_LOCALES.map((locale) => `  <url>\n    <loc>${escapeXml(absoluteUrl(localePath(locale, path), origin))}</loc>\n${alternates}\n  </url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** The robots.txt of a site: crawl the pages, not the API; the sitemap of this very site. */
export function buildRobots(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${absoluteUrl('/sitemap.xml', origin)}`, ''].join('\n');
}
