import type { LocaleCode } from '@wl/contracts';
import { localeCookieText } from './detect';

/**
 * docs/product.md §4: a hook may override the target locale before a switch (e.g. an operator's site that
 * sends Malay speakers to English for a campaign). It gets the current and the asked-for locale
 * and returns the locale to use, or nothing to keep the asked-for one.
 */
export type BeforeLocaleSwitch = (from: LocaleCode, to: LocaleCode) => LocaleCode | null | undefined | void;

const hooks = new Set<BeforeLocaleSwitch>();

/** Registers a before-switch hook; returns its removal. Hooks run in registration order. */
export function onBeforeLocaleSwitch(hook: BeforeLocaleSwitch): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** The locale a switch from `from` to `to` ends in, after the hooks. */
export function switchTarget(from: LocaleCode, to: LocaleCode): LocaleCode {
  let target = to;
  for (const hook of hooks) target = hook(from, target) ?? target;
  return target;
}

/** Saves the player's choice (i18n_redirected, docs/product.md §9) so the root keeps it on the next visit. */
export function saveLocaleChoice(locale: LocaleCode): void {
  document.cookie = localeCookieText(locale);
}
