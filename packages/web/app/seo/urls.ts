import { localeFromPrefix, type LocaleCode } from '@wl/contracts';
import { localePath } from '../lib/locale';

/** An address resolved against the site's origin; '' when there is none or it cannot be parsed. */
export function absoluteUrl(value: string, origin: string): string {
  if (!value) return '';
  try {
    return new URL(value, origin).href;
  } catch {
    return '';
  }
}

/**
 * A page address of an SEO record in the page's locale. Records hold site-relative paths of the
 * English page ('/slots'); on /vi/slots that page is '/vi/slots', so every language version is its
 * own canonical and the hreflang alternates hold. Absolute or already prefixed addresses are kept.
 */
export function localisedPageUrl(value: string, locale: LocaleCode, origin: string): string {
  if (!value.startsWith('/') || value.startsWith('//')) return absoluteUrl(value, origin);
  const firstSegment = value.split(/[/?#]/)[1];
  if (localeFromPrefix(firstSegment)) return absoluteUrl(value, origin);
  return absoluteUrl(localePath(locale, value), origin);
}
