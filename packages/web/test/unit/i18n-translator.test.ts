import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALES, LOCALES, LOCALE_LANGS, MESSAGE_SETS } from '@wl/contracts';
import { Translator, type MessageTree } from '../../app/i18n/translator';
import { MESSAGE_SET_ORDER } from '../../app/i18n/translate';

/**
 * The site's translator keeps i18next's rules (docs/decisions/0012-translator.md): every key of
 * every locale, with and without counts and values, reads as i18next reads it.
 */
const MESSAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/i18n/messages');
const FALLBACK_LANGS = FALLBACK_LOCALES.map((code) => LOCALE_LANGS[code]);
/** Plural categories: zero, one, two (none here), few and many (Russian), other, and a fraction. */
const COUNTS = [0, 1, 2, 5, 1.5];

function langOfFolder(folder: string): string {
  return LOCALES.find((entry) => entry.lang.toLowerCase() === folder)?.lang ?? folder;
}

function readLocale(folder: string): Record<string, MessageTree> {
  return Object.fromEntries(MESSAGE_SETS.map((set) => [set, JSON.parse(readFileSync(path.join(MESSAGES_DIR, folder, `${set}.json`), 'utf8')) as MessageTree]));
}

function keysOf(tree: MessageTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [full] : keysOf(value, full);
  });
}

const folders = readdirSync(MESSAGES_DIR);
const resources = Object.fromEntries(folders.map((folder) => [langOfFolder(folder), readLocale(folder)]));

const reference = i18next.createInstance();
void reference.init({
  initAsync: false,
  lng: 'en',
  fallbackLng: FALLBACK_LANGS,
  load: 'currentOnly',
  ns: [...MESSAGE_SETS],
  defaultNS: 'ui',
  fallbackNS: false,
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const ours = new Translator({ sets: MESSAGE_SETS, fallbackLangs: FALLBACK_LANGS, lang: 'en' });
for (const [lang, sets] of Object.entries(resources)) for (const [set, tree] of Object.entries(sets)) ours.addResourceBundle(lang, set, tree);

/** Every key a page may ask for: each set's keys, with plural suffixes folded, under the set's prefix. */
const keys = [
  ...new Set(
    MESSAGE_SETS.flatMap((set) => keysOf(resources.en![set]!).map((key) => `${set}:${key.replace(/_(zero|one|two|few|many|other)$/, '')}`)),
  ),
];

describe('translator (i18next rules)', () => {
  // i18next is slow here (a quarter of a millisecond a call): a generous time limit.
  it('reads every key of every locale as i18next does, with and without counts and values', { timeout: 60_000 }, () => {
    let compared = 0;
    const values = { name: 'Ana', game: 'Lucky <b>Fox</b>', amount: '1,000.00', siteName: 'Golden Crown', line: 2, when: '' };
    const cases = [undefined, values, ...COUNTS.map((count) => ({ ...values, count }))];
    for (const lang of [...Object.keys(resources), 'my']) {
      const expected = reference.getFixedT(lang, [...MESSAGE_SET_ORDER]);
      const actual = ours.getFixedT(lang, MESSAGE_SET_ORDER);
      const want: string[] = [];
      const got: string[] = [];
      for (const key of keys) {
        const bare = key.slice(key.indexOf(':') + 1);
        for (const options of cases) {
          const label = `${lang} ${key} ${JSON.stringify(options ?? {})}`;
          want.push(`${label} → ${expected(key, options as never)}`);
          got.push(`${label} → ${actual(key, options)}`);
          // Unprefixed keys search the sets in order, as useT's t('frame.menu') does (the page's
          // texts are ui's and messages'; i18next takes a quarter of a millisecond a call). Where a set
          // has a group under that key (ui's notFound.*), i18next answers an error text; this one
          // reads on to the next set's text.
          if (!/^(ui|messages):/.test(key)) continue;
          const reading = String(expected(bare, options as never));
          want.push(`${label} (unprefixed) → ${reading.endsWith('returned an object instead of string.') ? actual(key, options) : reading}`);
          got.push(`${label} (unprefixed) → ${actual(bare, options)}`);
        }
      }
      expect(got).toEqual(want);
      compared += got.length;
    }
    expect(compared).toBeGreaterThan(10_000);
    const [expected, actual] = [reference.getFixedT('vi', [...MESSAGE_SET_ORDER]), ours.getFixedT('vi', MESSAGE_SET_ORDER)];
    for (const missing of ['errors:nothing', 'frame.nothing', 'a:b:c', 'Not here: at all', 'nothing.here: really', 'unknownSet:frame.menu']) {
      expect(actual(missing), missing).toBe(expected(missing as never));
    }
  });

  it('answers a missing key with the key, and reads flat and nested keys alike', () => {
    const translator = new Translator({ sets: ['ui', 'errors'], fallbackLangs: ['en'], lang: 'en' });
    translator.addResourceBundle('en', 'ui', { frame: { menu: 'Menu' }, 'flat.key': 'Flat', n: { items_one: '{{count}} item', items_other: '{{count}} items' } });
    translator.addResourceBundle('vi', 'ui', { frame: { menu: 'Danh mục' } });
    translator.addResourceBundle('en', 'errors', { sessionExpired: 'Session expired' });
    const vi = translator.getFixedT('vi', ['ui', 'errors']);
    expect(vi('frame.menu')).toBe('Danh mục');
    expect(vi('flat.key')).toBe('Flat');
    expect(vi('n.items', { count: 4 })).toBe('4 items');
    // A value given as undefined empties its place; a value not given leaves it as written.
    expect(vi('n.items', { count: 1 })).toBe('1 item');
    translator.addResourceBundle('en', 'errors', { sessionExpired: 'Session expired', wait: 'Wait {{seconds}} s {{ name }}' });
    expect(vi('errors:wait', { seconds: undefined })).toBe('Wait  s {{ name }}');
    expect(vi('errors:sessionExpired')).toBe('Session expired');
    expect(vi('sessionExpired')).toBe('Session expired');
    expect(vi('errors:nothing')).toBe('nothing');
    expect(vi('frame.nothing')).toBe('frame.nothing');
    expect(translator.exists('frame.menu', { ns: 'ui', lng: 'vi' })).toBe(true);
    expect(translator.exists('flat.key', { ns: 'ui', lng: 'vi' })).toBe(true);
    expect(translator.exists('sessionExpired', { ns: 'ui', lng: 'vi' })).toBe(false);
    translator.changeLanguage('vi');
    expect(translator.getFixedT(null)('frame.menu')).toBe('Danh mục');
  });
});
