import { DEFAULT_LOCALE, FALLBACK_LOCALES, LOCALE_LANGS, MESSAGE_SETS } from '@wl/contracts';
import { Translator } from './translator';

/**
 * The one translator of this JavaScript context. Message sets are added as each language loads
 * (messages.ts). The page's language comes from its URL, not from this instance: components read
 * texts through useT(), which fixes the language per render, so one instance serves every request
 * on the server at once. On the client the instance also follows the page's locale, for texts made
 * outside React (toasts, dialogs).
 */
export const i18n = new Translator({
  sets: MESSAGE_SETS,
  // zh-TW falls back to the fallback locales only, never to a "zh" that does not exist.
  fallbackLangs: FALLBACK_LOCALES.map((code) => LOCALE_LANGS[code]),
  lang: LOCALE_LANGS[DEFAULT_LOCALE],
});
