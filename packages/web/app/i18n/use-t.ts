import { useMemo } from 'react';
import { LOCALE_LANGS } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { fixedT } from './translate';

/**
 * The translation function of the page's locale (from its URL): `const { t } = useT();`.
 * The language is fixed per render, so server rendering of many languages at once and a client
 * navigation between languages both read the right texts. The locale route loads a language's
 * messages before its page renders (routes/locale.tsx), so nothing needs to re-render when they arrive.
 */
export function useT() {
  const { locale } = useLocale();
  return useMemo(() => ({ t: fixedT(LOCALE_LANGS[locale]) }), [locale]);
}
