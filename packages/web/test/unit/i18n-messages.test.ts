import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_LANGS, MESSAGE_SETS, type LocaleCode } from '@wl/contracts';

/**
 * Issue 6: every locale with messages has complete, non-empty translations of every message set;
 * a test fails when any locale lacks a key English has. Plural keys follow each language's own
 * plural categories (Intl.PluralRules), and placeholders ({{count}}) match English's.
 */
const MESSAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/i18n/messages');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

function readSet(folder: string, set: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(path.join(MESSAGES_DIR, folder, `${set}.json`), 'utf8')) as Tree);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort();
}

/** English keys with plural suffixes folded: "frame.languages_one" and "_other" → "frame.languages". */
function baseKeys(keys: Iterable<string>): { plain: Set<string>; plural: Set<string> } {
  const plain = new Set<string>();
  const plural = new Set<string>();
  for (const key of keys) {
    if (PLURAL_SUFFIX.test(key)) plural.add(key.replace(PLURAL_SUFFIX, ''));
    else plain.add(key);
  }
  return { plain, plural };
}

const folderOf = (code: LocaleCode) => LOCALE_LANGS[code].toLowerCase();
const withMessages = LOCALES.filter((locale) => locale.hasMessages);

describe('message sets', () => {
  it('has a folder with every set for each locale with messages, and none for MMK, MNT and IDR', () => {
    for (const locale of LOCALES) {
      const folder = path.join(MESSAGES_DIR, folderOf(locale.code));
      expect(existsSync(path.join(folder, 'index.ts')), `${locale.code}: index.ts`).toBe(locale.hasMessages);
      if (!locale.hasMessages) continue;
      for (const set of MESSAGE_SETS) expect(existsSync(path.join(folder, `${set}.json`)), `${locale.code}: ${set}.json`).toBe(true);
    }
    const folders = readdirSync(MESSAGES_DIR).sort();
    expect(folders).toEqual(withMessages.map((locale) => folderOf(locale.code)).sort());
  });

  for (const locale of withMessages.filter((entry) => entry.code !== 'EN')) {
    describe(`${locale.code} (${locale.lang})`, () => {
      const categories = new Intl.PluralRules(locale.lang).resolvedOptions().pluralCategories;

      for (const set of MESSAGE_SETS) {
        it(`${set}: has every English key, non-empty, with English's placeholders`, () => {
          const english = readSet('en', set);
          const translated = readSet(folderOf(locale.code), set);
          const { plain, plural } = baseKeys(english.keys());
          const missing: string[] = [];
          const problems: string[] = [];
          const check = (key: string, englishText: string) => {
            const text = translated.get(key);
            if (text === undefined) return missing.push(key);
            if (!text.trim()) return problems.push(`${key}: empty`);
            if (placeholders(text).join() !== placeholders(englishText).join()) problems.push(`${key}: placeholders ${placeholders(text).join()} ≠ ${placeholders(englishText).join()}`);
          };
          for (const key of plain) check(key, english.get(key)!);
          for (const key of plural) {
            const englishOther = english.get(`${key}_other`)!;
            for (const category of categories) check(`${key}_${category}`, englishOther);
          }
          expect(missing, `missing keys in ${locale.code} ${set}`).toEqual([]);
          expect(problems, `bad values in ${locale.code} ${set}`).toEqual([]);
          const allowed = new Set([...plain, ...[...plural].flatMap((key) => categories.map((category) => `${key}_${category}`))]);
          expect([...translated.keys()].filter((key) => !allowed.has(key)), `keys English does not have in ${locale.code} ${set}`).toEqual([]);
        });
      }
    });
  }
});
