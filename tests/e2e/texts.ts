import i18next from 'i18next';
import { LOCALES } from '@wl/contracts';
import en from '../../packages/web/app/i18n/messages/en/index';
import { MESSAGE_SET_ORDER, type SiteT } from '../../packages/web/app/i18n/translate';

/** A translation function over one language's message sets, as the site's own (useT) reads them. */
function textsOf(lang: string, sets: typeof en): SiteT {
  const instance = i18next.createInstance();
  void instance.init({ initAsync: false, lng: lang, resources: { [lang]: sets }, ns: [...MESSAGE_SET_ORDER], defaultNS: 'ui', interpolation: { escapeValue: false } });
  return instance.getFixedT(lang, MESSAGE_SET_ORDER);
}

/** The site's English texts, as the browser shows them: enText('player.claim'), enText('messages:loggedOut'). */
export const enText: SiteT = textsOf('en', en);

/** The site's texts in a locale's language, read from its message sets (e.g. textsIn('vi')). */
export async function textsIn(folder: string): Promise<SiteT> {
  const { default: sets } = (await import(`../../packages/web/app/i18n/messages/${folder}/index.ts`)) as { default: typeof en };
  // The folder is the lower-cased BCP 47 tag; i18next keeps the tag's own casing (zh-CN).
  return textsOf(LOCALES.find((entry) => entry.lang.toLowerCase() === folder)?.lang ?? folder, sets);
}
