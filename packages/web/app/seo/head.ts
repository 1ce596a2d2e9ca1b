import type { MetaDescriptor } from 'react-router';
import { DEFAULT_LOCALE, MESSAGE_LOCALES, contentLang, type LocaleCode, type SeoRecord } from '@wl/contracts';
import { localePath } from '../lib/locale';
import { absoluteUrl, localisedPageUrl } from './urls';

/** One language version of a page, for hreflang. */
export interface Alternate {
  hreflang: string;
  href: string;
}

/** Everything the head of one page says, with every address absolute. Empty strings are left out. */
export interface PageHead {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  url: string;
  author: string;
  publisher: string;
  language: string;
  image: string;
  siteName: string;
  openGraphLocale: string;
  alternates: Alternate[];
}

export interface PageHeadInput {
  /** The page's SEO record, or null when the site has none or the call failed. */
  record: SeoRecord | null;
  site: { site_name: string; manifest_icon: string; logo2: string };
  locale: LocaleCode;
  /** The locale-free path of the page: '/', '/slots'. */
  path: string;
  /** The request's origin: 'https://casino.example'. */
  origin: string;
  /** The title when the record has none: the site's name, or the screen's with the site's. */
  fallbackTitle: string;
}

/**
 * Open Graph wants language_TERRITORY: each locale's language with the territory its sites serve
 * (locales without messages are English pages).
 */
const OPEN_GRAPH_LOCALES: Record<LocaleCode, string> = {
  EN: 'en_US',
  PHP: 'fil_PH',
  CN: 'zh_CN',
  ESP: 'es_ES',
  RUS: 'ru_RU',
  VI: 'vi_VN',
  MS: 'ms_MY',
  NE: 'ne_NP',
  CT: 'zh_TW',
  MMK: 'en_US',
  MNT: 'en_US',
  IDR: 'en_US',
};

/** The page in every locale with messages, plus x-default (the unprefixed, language-detecting address). */
export function alternatesOf(path: string, origin: string): Alternate[] {
  const alternates = MESSAGE_LOCALES.map((locale) => ({
    hreflang: contentLang(locale),
    href: absoluteUrl(localePath(locale, path), origin),
  }));
  return [...alternates, { hreflang: 'x-default', href: absoluteUrl(localePath(DEFAULT_LOCALE, path), origin) }];
}

/**
 * The head of a page from its SEO record (docs/product.md §3): the record's texts, its site-relative
 * addresses resolved against the origin in the page's locale, and the site's own name and icon
 * where the record is silent.
 */
export function pageHead({ record, site, locale: urlLocale, path, origin, fallbackTitle }: PageHeadInput): PageHead {
  // A locale without messages (/mmk/slots) shows the English page: that one is the canonical.
  const locale = MESSAGE_LOCALES.includes(urlLocale) ? urlLocale : DEFAULT_LOCALE;
  const ownUrl = absoluteUrl(localePath(locale, path), origin);
  const canonical = record?.meta_canonical ? localisedPageUrl(record.meta_canonical, locale, origin) : '';
  const url = record?.meta_url ? localisedPageUrl(record.meta_url, locale, origin) : '';
  return {
    title: record?.meta_title || fallbackTitle,
    description: record?.meta_desc ?? '',
    keywords: record?.meta_keywords ?? '',
    canonical: canonical || ownUrl,
    url: url || canonical || ownUrl,
    author: record?.meta_author ?? '',
    publisher: record?.meta_publisher ?? '',
    // The record describes the default-language page; a prefixed page is written in its own locale.
    language: (locale === DEFAULT_LOCALE && record?.meta_lang) || contentLang(locale),
    image: absoluteUrl(record?.meta_image_url || site.manifest_icon || site.logo2, origin),
    siteName: site.site_name,
    openGraphLocale: OPEN_GRAPH_LOCALES[locale],
    alternates: alternatesOf(path, origin),
  };
}

/** The meta and link tags of a page head, in React Router's meta descriptors. */
export function headMeta(head: PageHead): MetaDescriptor[] {
  const named = (name: string, content: string): MetaDescriptor[] => (content ? [{ name, content }] : []);
  const property = (name: string, content: string): MetaDescriptor[] => (content ? [{ property: name, content }] : []);
  return [
    { title: head.title },
    ...named('description', head.description),
    ...named('keywords', head.keywords),
    ...named('author', head.author),
    ...named('publisher', head.publisher),
    ...named('language', head.language),
    { tagName: 'link', rel: 'canonical', href: head.canonical },
    ...head.alternates.map((alternate) => ({ tagName: 'link', rel: 'alternate', hrefLang: alternate.hreflang, href: alternate.href })),
    ...property('og:type', 'website'),
    ...property('og:site_name', head.siteName),
    ...property('og:title', head.title),
    ...property('og:description', head.description),
    ...property('og:url', head.url),
    ...property('og:image', head.image),
    ...property('og:locale', head.openGraphLocale),
    // The site's images are square marks: the small card shows them whole.
    ...named('twitter:card', 'summary'),
    ...named('twitter:title', head.title),
    ...named('twitter:description', head.description),
    ...named('twitter:image', head.image),
  ];
}
