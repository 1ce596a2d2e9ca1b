import 'i18next';
import type en from './messages/en';

/** Typed keys: t('frame.menu') is checked against the English message sets. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'ui';
    resources: typeof en;
  }
}
