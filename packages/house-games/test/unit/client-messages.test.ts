import { MESSAGE_LOCALES } from '@wl/contracts';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../src/client/i18n/catalogues.js';
import { en } from '../../src/client/i18n/en.js';
import { resolveLocale, translator } from '../../src/client/i18n/index.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("the game pages' message catalogues", () => {
  it('has a catalogue for every locale with messages', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...MESSAGE_LOCALES].sort());
  });

  for (const code of MESSAGE_LOCALES.filter((locale) => locale !== 'EN')) {
    it(`${code} has every English key, with the same placeholders, translated`, () => {
      const catalogue = CATALOGUES[code]!;
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        const text = catalogue[key as keyof typeof en];
        expect(text.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(english));
      }
      // Names of games and bets may stay as they are; the sentences may not.
      const same = Object.entries(en).filter(([key, english]) => english.length > 25 && catalogue[key as keyof typeof en] === english);
      expect(same.map(([key]) => key)).toEqual([]);
    });
  }

  it('resolves the boot locale by code or language, in any case, and falls back to English', () => {
    expect(resolveLocale('VI')).toBe('VI');
    expect(resolveLocale('vi')).toBe('VI');
    expect(resolveLocale('zh-CN')).toBe('CN');
    expect(resolveLocale('zh-TW')).toBe('CT');
    expect(resolveLocale('esp')).toBe('ESP');
    expect(resolveLocale('es')).toBe('ESP');
    expect(resolveLocale('mmk')).toBe('EN');
    expect(resolveLocale('xx')).toBe('EN');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    const t = translator('RUS');
    expect(t('mines.tile', { n: 7 })).toBe('Клетка 7');
    expect(translator('EN')('stake.tooSmall', {})).toBe('The minimum stake is {min}.');
  });
});
