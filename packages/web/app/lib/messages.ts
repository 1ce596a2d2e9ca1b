import {
  DEFAULT_LOCALE,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  LOCALES,
  type ExcludedFailureReply,
  type LimitExceededReply,
  type LimitKind,
  type LimitPeriod,
  type LocaleCode,
} from '@wl/contracts';
import { translate, type SiteT } from '../i18n/translate';
import { i18n } from '../i18n/instance';
import { dateFormat } from '../i18n/dates';
import { money } from '../shared/format/amounts';
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

/** How the end of a time-out or self-exclusion is written: a long date and the time (ADR 0039). */
export const EXCLUSION_END_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/** The end of a term in a locale's date language (a permanent self-exclusion has none to write). */
export function exclusionEndText(until: Date | string, locale: LocaleCode): string {
  return dateFormat(locale, EXCLUSION_END_FORMAT).format(new Date(until));
}

/** The locale whose language the browser's texts follow now (the page's: the locale route sets it). */
function currentLocale(): LocaleCode {
  return LOCALES.find((entry) => entry.lang === i18n.language)?.code ?? DEFAULT_LOCALE;
}

/** A login or signup refused during a time-out or self-exclusion, which carries its end (ADR 0039). */
export function isExcludedFailure(reply: { message: string }): reply is ExcludedFailureReply {
  // Checked by hand, not with the contracts' schema: that would bring the schema library into every page's first script.
  if (reply.message !== 'selfExcluded' && reply.message !== 'timedOut') return false;
  const { until } = reply as { until?: unknown };
  return until === null || (typeof until === 'string' && !Number.isNaN(Date.parse(until)));
}

/** A deposit or a stake refused by a player limit, which names the limit and what it leaves (ADR 0039). */
export function isLimitExceeded(reply: { message: string }): reply is LimitExceededReply {
  if (reply.message !== 'limitExceeded') return false;
  const { kind, period, left } = reply as { kind?: unknown; period?: unknown; left?: unknown };
  return (
    (LIMIT_KINDS as readonly unknown[]).includes(kind) &&
    (LIMIT_PERIODS as readonly unknown[]).includes(period) &&
    typeof left === 'string' &&
    /^\d+(\.\d+)?$/.test(left)
  );
}

/** A signup refused for the player's age, which carries the site's minimum age (ADR 0040). */
export function isUnderAge(reply: { message: string }): reply is { message: 'underAge'; minimum_age: number } {
  const { minimum_age: age } = reply as { minimum_age?: unknown };
  return reply.message === 'underAge' && typeof age === 'number' && Number.isInteger(age) && age > 0;
}

/** A limit as a sentence names it: "daily deposit limit". */
export function limitName(kind: LimitKind, period: LimitPeriod, t: SiteT = translate): string {
  // A session limit has one period, the rolling day (ADR 0041).
  return kind === 'session' ? t('responsible.limits.names.session') : t(`responsible.limits.names.${kind}.${period}`);
}

/**
 * The text of a failed reply: errorMessageText of its key, except a login or signup refused during
 * a time-out or self-exclusion, which says until when in the page's language, or that it is for
 * good, and a deposit or stake over a limit, which names the limit and what it leaves in the site's
 * `currency` (docs/product.md §8, ADR 0039), and a signup refused for the player's age, which says
 * the site's minimum age (ADR 0040). Every form shows a reply's failure through this.
 */
export function replyMessageText(reply: { message: string }, t: SiteT = translate, locale: LocaleCode = currentLocale(), currency = ''): string {
  if (isUnderAge(reply)) return t('shell.underAge', { age: reply.minimum_age });
  // A login refused by the session limit (ADR 0041) says when time is left again.
  if (reply.message === 'sessionLimitReached' && typeof (reply as { until?: unknown }).until === 'string') {
    return t('responsible.refused.sessionLimitReached', { date: exclusionEndText((reply as unknown as { until: string }).until, locale) });
  }
  if (isLimitExceeded(reply)) return t('responsible.refused.limitExceeded', { limit: limitName(reply.kind, reply.period, t), left: money(reply.left, currency) });
  if (!isExcludedFailure(reply)) return errorMessageText(reply.message, t);
  if (reply.until === null) return reply.message === 'selfExcluded' ? t('responsible.refused.selfExcludedForGood') : errorMessageText(reply.message, t);
  return t(`responsible.refused.${reply.message}`, { date: exclusionEndText(reply.until, locale) });
}
