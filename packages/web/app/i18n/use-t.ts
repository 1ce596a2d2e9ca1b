import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_LANGS } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { MESSAGE_SET_ORDER } from './translate';


/**
 * The translation function of the page's locale (from its URL): `const { t } = useT();`.
 * The language is fixed per render, so server rendering of many languages at once and a client
 * navigation between languages both read the right texts.
 */
export function useT() {
  const { locale } = useLocale();
  const options = useMemo(() => ({ lng: LOCALE_LANGS[locale] }), [locale]);
  return useTranslation(MESSAGE_SET_ORDER, options);
}
