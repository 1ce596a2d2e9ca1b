import type { TFunction } from 'i18next';
import { i18n } from './instance';

/** Every message set, ui first: t('frame.menu') reads ui, t('errors:invalidTac') another set. */
export const MESSAGE_SET_ORDER = ['ui', 'messages', 'errors', 'validation', '_m'] as const;

/** The site's translation function (what useT gives and translate is). */
export type SiteT = TFunction<typeof MESSAGE_SET_ORDER>;

/**
 * t for texts made outside React on the client (toasts and dialogs after a call). It reads the
 * instance's language, which follows the page's locale in the browser (locale route).
 */
export const translate: SiteT = i18n.getFixedT(null, MESSAGE_SET_ORDER);
