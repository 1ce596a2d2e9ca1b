import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALES, LOCALE_LANGS, MESSAGE_SETS } from '@wl/contracts';

/**
 * The one i18next instance of this JavaScript context. Message sets are added as each language
 * loads (messages.ts). The page's language comes from its URL, not from this instance: components
 * read texts through useT(), which fixes the language per render, so one instance serves every
 * request on the server at once. On the client the instance also follows the page's locale, for
 * texts made outside React (toasts, dialogs).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // Synchronous: the resources are added by hand, there is no backend to wait for.
  initAsync: false,
  lng: LOCALE_LANGS[DEFAULT_LOCALE],
  fallbackLng: FALLBACK_LOCALES.map((code) => LOCALE_LANGS[code]),
  // zh-TW must not fall back to a "zh" that does not exist, nor en-US to "en" twice.
  load: 'currentOnly',
  ns: [...MESSAGE_SETS],
  defaultNS: 'ui',
  fallbackNS: false,
  resources: {},
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
});
