import { translate, type SiteT } from '../i18n/translate';
import { i18n } from '../i18n/instance';
import type en from '../i18n/messages/en/index';

type ErrorKey = keyof typeof en.errors;
type ValidationKey = keyof typeof en.validation;
type SiteErrorKey = Exclude<keyof typeof en.ui.siteError, 'unknownDetail' | 'pageTitle'>;

// Known keys are those of the English sets, which are always loaded (the fallback of every locale).
function isErrorKey(key: string): key is ErrorKey {
  return i18n.exists(key, { ns: 'errors', lng: 'en' });
}

function isValidationKey(key: string): key is ValidationKey {
  return i18n.exists(key, { ns: 'validation', lng: 'en' });
}

/** The failure keys of the site-level error page; the theme checks' messages are sentences (docs/product.md §4). */
const SITE_ERROR_KEYS: Record<string, SiteErrorKey> = {
  siteNotFound: 'siteNotFound',
  siteInactive: 'siteInactive',
  siteExpired: 'siteExpired',
  'Invalid theme code': 'invalidThemeCode',
  'Invalid theme color': 'invalidThemeColor',
  internalServerError: 'internalServerError',
  serviceUnavailable: 'serviceUnavailable',
};

/** Title and text of the site-level error page for the server's failure message. */
export function siteErrorText(message: string, t: SiteT = translate): { title: string; detail: string } {
  const key = SITE_ERROR_KEYS[message];
  if (!key) return { title: message, detail: t('siteError.unknownDetail') };
  return { title: t(`siteError.${key}.title`), detail: t(`siteError.${key}.detail`) };
}

/** The text of a field's validation key; an unknown key reads as the generic invalid-value text. */
export function validationText(key: string, t: SiteT = translate): string {
  if (isValidationKey(key)) return t(`validation:${key}`);
  if (isErrorKey(key)) return t(`errors:${key}`);
  return t('validation:invalidValue');
}

/**
 * docs/product.md §8: a message of letters only is a key and is translated (an unknown key reads as itself,
 * as a missing translation does); any other message is shown raw; an empty one is unknownError.
 */
export function errorMessageText(message: string | null | undefined, t: SiteT = translate): string {
  const text = (message ?? '').trim();
  if (!text) return t('shell.unknownError');
  if (/^[A-Za-z]+$/.test(text)) return isErrorKey(text) ? t(`errors:${text}`) : text;
  return text;
}
