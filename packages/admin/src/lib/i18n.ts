import i18next from 'i18next';
import en from '../messages/en.json';
import audit from '../messages/en/audit.json';
import content from '../messages/en/content.json';
import cms from '../messages/en/cms.json';
import seo from '../messages/en/seo.json';
import dashboard from '../messages/en/dashboard.json';
import games from '../messages/en/games.json';
import players from '../messages/en/players.json';
import rewards from '../messages/en/rewards.json';
import sites from '../messages/en/sites.json';
import team from '../messages/en/team.json';

/*
 * The back office's texts (issue 26 §1: English first, in message files so it can be translated).
 * en.json holds the frame's texts (sign-in, shell, roles, errors, payments); each screen's texts are
 * a file of their own in en/, under the screen's name. A translation is a folder beside en/.
 */
const english = { ...en, audit, cms, seo, content, dashboard, games, players, rewards, sites, team };
void i18next.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: english } }, interpolation: { escapeValue: false }, initAsync: false });

export const t = (key: string, values?: Record<string, unknown>): string => i18next.t(key, values ?? {});

/** The message of a failure key, or a general one. */
export const failureText = (key: string): string => (i18next.exists(`errors.${key}`) ? t(`errors.${key}`) : t('errors.other', { key }));

/** An exact decimal string with thousands separators and at least two decimals, never through a float. */
export function money(amount: string, currency: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction.replace(/0+$/, '');
  return `${negative ? '−' : ''}${grouped}.${decimals.length <= 2 ? decimals.padEnd(2, '0') : decimals} ${currency}`;
}

export const dateTime = (iso: string): string => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
