import type { TFunction } from 'i18next';
import { i18n } from './instance';

/** Every message set, ui first: t('frame.menu') reads ui, t('errors:invalidTac') another set. */
export const MESSAGE_SET_ORDER = ['ui', 'messages', 'errors', 'validation', '_m'] as const;

/**
 * The site's translation function (what useT gives and translate is). Typed by i18next's types,
 * which check every key against the English message sets (i18next.d.ts); the runtime is ours
 * (translator.ts), on i18next's rules.
 */
export type SiteT = TFunction<typeof MESSAGE_SET_ORDER>;

/** A translation function of the site's sets for one language (null: the instance's current one). */
export function fixedT(lang: string | null): SiteT {
  return i18n.getFixedT(lang, MESSAGE_SET_ORDER) as unknown as SiteT;
}

/**
 * t for texts made outside React on the client (toasts and dialogs after a call). It reads the
 * instance's language, which follows the page's locale in the browser (locale route).
 */
export const translate: SiteT = fixedT(null);
