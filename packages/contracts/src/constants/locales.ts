/** Locales of spec §9 and decisions.md §2. */
export const LOCALES = [
  { code: 'EN', name: 'English', icon: 'en.svg', dateLocale: 'en', hasMessages: true },
  { code: 'PHP', name: 'Filipino', icon: 'php.svg', dateLocale: 'en', hasMessages: true },
  { code: 'CN', name: '简体中文', icon: 'cn.svg', dateLocale: 'zh', hasMessages: true },
  { code: 'ESP', name: 'Español', icon: 'esp.svg', dateLocale: 'es', hasMessages: true },
  { code: 'RUS', name: 'Русский', icon: 'rus.svg', dateLocale: 'ru', hasMessages: true },
  { code: 'VI', name: 'Tiếng Việt', icon: 'vi.svg', dateLocale: 'vi', hasMessages: true },
  { code: 'MS', name: 'Bahasa Melayu', icon: 'ms.svg', dateLocale: 'ms', hasMessages: true },
  { code: 'NE', name: 'नेपाली', icon: 'ne.svg', dateLocale: 'ne', hasMessages: true },
  { code: 'CT', name: '繁體中文', icon: 'ct.svg', dateLocale: 'zh-tw', hasMessages: true },
  // Declared with no messages and no name: they fall back to English.
  { code: 'MMK', name: '', icon: '', dateLocale: 'en', hasMessages: false },
  { code: 'MNT', name: '', icon: '', dateLocale: 'en', hasMessages: false },
  { code: 'IDR', name: '', icon: '', dateLocale: 'en', hasMessages: false },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export const LOCALE_CODES = LOCALES.map((l) => l.code) as LocaleCode[];
export const DEFAULT_LOCALE: LocaleCode = 'EN';
export const FALLBACK_LOCALES: readonly LocaleCode[] = ['EN'];

/** Message files of every locale entry (spec §3). */
export const MESSAGE_SETS = ['ui', 'validation', 'errors', 'messages', '_m'] as const;
export type MessageSet = (typeof MESSAGE_SETS)[number];

/** Date locale mapping of spec §9. */
export const DATE_LOCALES: Record<LocaleCode, string> = Object.fromEntries(
  LOCALES.map((l) => [l.code, l.dateLocale]),
) as Record<LocaleCode, string>;

export function isLocaleCode(code: string): code is LocaleCode {
  return (LOCALE_CODES as string[]).includes(code);
}

/**
 * URL strategy of decisions.md §2, "prefix except default": English paths have no prefix,
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

/** Cookies of spec §9. */
export const LOCALE_COOKIE = { name: 'i18n_redirected', maxAgeSeconds: 365 * DAY_SECONDS, path: '/', sameSite: 'lax' } as const;
export const VIEWPORT_COOKIE = {
  name: 'viewport',
  maxAgeSeconds: 365 * DAY_SECONDS,
  path: '/',
  sameSite: 'strict',
  secure: true,
} as const;
