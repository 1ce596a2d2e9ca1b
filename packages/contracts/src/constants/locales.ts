/**
 * Locales of docs/product.md §9 and D2. `lang` is the BCP 47 tag of the locale's language (the
 * i18next language, plural rules); `dateLocale` is docs/product.md §9's date-locale mapping.
 */
export const LOCALES = [
  { code: 'EN', lang: 'en', name: 'English', icon: 'en.svg', dateLocale: 'en', hasMessages: true },
  { code: 'PHP', lang: 'fil', name: 'Filipino', icon: 'php.svg', dateLocale: 'en', hasMessages: true },
  { code: 'CN', lang: 'zh-CN', name: '简体中文', icon: 'cn.svg', dateLocale: 'zh', hasMessages: true },
  { code: 'ESP', lang: 'es', name: 'Español', icon: 'esp.svg', dateLocale: 'es', hasMessages: true },
  { code: 'RUS', lang: 'ru', name: 'Русский', icon: 'rus.svg', dateLocale: 'ru', hasMessages: true },
  { code: 'VI', lang: 'vi', name: 'Tiếng Việt', icon: 'vi.svg', dateLocale: 'vi', hasMessages: true },
  { code: 'MS', lang: 'ms', name: 'Bahasa Melayu', icon: 'ms.svg', dateLocale: 'ms', hasMessages: true },
  { code: 'NE', lang: 'ne', name: 'नेपाली', icon: 'ne.svg', dateLocale: 'ne', hasMessages: true },
  { code: 'CT', lang: 'zh-TW', name: '繁體中文', icon: 'ct.svg', dateLocale: 'zh-tw', hasMessages: true },
  // Declared with no messages and no name: they fall back to English.
  { code: 'MMK', lang: 'my', name: '', icon: '', dateLocale: 'en', hasMessages: false },
  { code: 'MNT', lang: 'mn', name: '', icon: '', dateLocale: 'en', hasMessages: false },
  { code: 'IDR', lang: 'id', name: '', icon: '', dateLocale: 'en', hasMessages: false },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export const LOCALE_CODES = LOCALES.map((l) => l.code) as LocaleCode[];
export const DEFAULT_LOCALE: LocaleCode = 'EN';
export const FALLBACK_LOCALES: readonly LocaleCode[] = ['EN'];

/** Message files of every locale entry (docs/product.md §3). */
export const MESSAGE_SETS = ['ui', 'validation', 'errors', 'messages', '_m'] as const;
export type MessageSet = (typeof MESSAGE_SETS)[number];

/** Date locale mapping of docs/product.md §9. */
export const DATE_LOCALES: Record<LocaleCode, string> = Object.fromEntries(
  LOCALES.map((l) => [l.code, l.dateLocale]),
) as Record<LocaleCode, string>;

/** BCP 47 tag of each locale's language. */
export const LOCALE_LANGS: Record<LocaleCode, string> = Object.fromEntries(LOCALES.map((l) => [l.code, l.lang])) as Record<LocaleCode, string>;

/** The language a page in this locale is written in: its own, or English for locales without messages. */
export function contentLang(code: LocaleCode): string {
  const entry = LOCALES.find((l) => l.code === code);
  return entry?.hasMessages ? entry.lang : LOCALE_LANGS[DEFAULT_LOCALE];
}

/** Locales with messages of their own: the language picker's, the sitemap's and hreflang's. */
export const MESSAGE_LOCALES: readonly LocaleCode[] = LOCALES.filter((l) => l.hasMessages).map((l) => l.code);

export function isLocaleCode(code: string): code is LocaleCode {
  return (LOCALE_CODES as string[]).includes(code);
}

/**
 * URL strategy of docs/product.md D2, "prefix except default": English paths have no prefix,
 * the others carry the code in lower case (/vi/slots).
 */
export function localePrefix(code: LocaleCode): string {
  return code === DEFAULT_LOCALE ? '' : `/${code.toLowerCase()}`;
}

/** The locale named by a URL prefix segment ("vi" → VI), or null when the segment is no locale. */
export function localeFromPrefix(segment: string | undefined): LocaleCode | null {
  if (!segment) return null;
  const code = segment.toUpperCase();
  if (code === DEFAULT_LOCALE || segment !== segment.toLowerCase()) return null;
  return isLocaleCode(code) ? code : null;
}

const DAY_SECONDS = 24 * 60 * 60;

/** Cookies of docs/product.md §9. */
export const LOCALE_COOKIE = { name: 'i18n_redirected', maxAgeSeconds: 365 * DAY_SECONDS, path: '/', sameSite: 'lax' } as const;
export const VIEWPORT_COOKIE = {
  name: 'viewport',
  maxAgeSeconds: 365 * DAY_SECONDS,
  path: '/',
  sameSite: 'strict',
  secure: true,
} as const;
