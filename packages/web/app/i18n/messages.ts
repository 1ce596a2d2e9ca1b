import { FALLBACK_LOCALES, LOCALE_LANGS, LOCALES, MESSAGE_SETS, type LocaleCode, type MessageSet } from '@wl/contracts';
import { i18n } from './instance';
import { markChunkErrorHandled } from '../deploy/stale-chunks';
import type en from './messages/en';

/** One locale's message sets (docs/product.md §3 locale entry: ui, validation, errors, messages, _m). */
export type LocaleMessages = { [Set in MessageSet]: (typeof en)[Set] };

/**
 * One module per locale with messages (messages/<lang>/index.ts, bundling its five sets), loaded on
 * demand: each is its own chunk in the browser and is fetched once.
 */
const MODULES = import.meta.glob<LocaleMessages>('./messages/*/index.ts', { import: 'default' });

/** Logged, never shown (docs/product.md §8). */
export const LOCALE_LOAD_FAILED = 'Failed locale loading';
export const LOCALE_MESSAGES_MISSING = 'Could not find messages for locale code';

const loads = new Map<LocaleCode, Promise<boolean>>();

function moduleOf(code: LocaleCode): (() => Promise<LocaleMessages>) | undefined {
  const entry = LOCALES.find((locale) => locale.code === code);
  return entry?.hasMessages ? MODULES[`./messages/${LOCALE_LANGS[code].toLowerCase()}/index.ts`] : undefined;
}

/** Loads one locale's sets into the instance; false (logged) when it has none or they failed to load. */
function loadOne(code: LocaleCode): Promise<boolean> {
  let load = loads.get(code);
  if (load) return load;
  const importer = moduleOf(code);
  if (!importer) {
    console.warn(LOCALE_MESSAGES_MISSING, code);
    load = Promise.resolve(false);
  } else {
    load = importer().then(
      (messages) => {
        const lang = LOCALE_LANGS[code];
        for (const set of MESSAGE_SETS) i18n.addResourceBundle(lang, set, messages[set]);
        return true;
      },
      (error: unknown) => {
        // The fallback locale stands in: no stale-chunk reload for this one.
        markChunkErrorHandled(error);
        console.warn(LOCALE_LOAD_FAILED, code, error instanceof Error ? error.message : error);
        // A later navigation may try again (the network may be back).
        loads.delete(code);
        return false;
      },
    );
  }
  loads.set(code, load);
  return load;
}

/**
 * Makes a locale's messages ready: the fallback locales first (docs/product.md §4), then its own. Never
 * rejects: a locale whose messages are missing or fail shows the fallback's texts.
 */
export async function loadLocaleMessages(code: LocaleCode): Promise<boolean> {
  // Requested fallback first; all fetched at once, so a page waits for one round trip.
  const fallbacks = FALLBACK_LOCALES.filter((fallback) => fallback !== code).map(loadOne);
  const own = loadOne(code);
  await Promise.all(fallbacks);
  return own;
}

/** Whether a locale's own messages are loaded (its texts show without a fallback). */
export function hasLocaleMessages(code: LocaleCode): boolean {
  return i18n.hasResourceBundle(LOCALE_LANGS[code], 'ui');
}
