import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '@wl/contracts';
import { contrast, paletteFor } from '../../app/theme/palette';

const CASES = THEME_COLORS.flatMap((color) => (['dark', 'light'] as const).map((tone) => [color, tone] as const));

describe('palettes meet WCAG AA (docs/product.md D1)', () => {
  it.each(CASES)('%s on a %s template', (color, tone) => {
    const { tokens: t } = paletteFor(color, tone);
    // Text: 4.5:1.
    expect(contrast(t['--c-text']!, t['--c-bg']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text']!, t['--c-surface']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text']!, t['--c-surface-2']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text-muted']!, t['--c-surface-2']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-link']!, t['--c-surface']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-primary']!, t['--c-primary']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-header']!, t['--c-header']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-accent']!, t['--c-accent']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-deep']!, t['--c-deep']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-deep-muted']!, t['--c-deep']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text']!, t['--c-primary-soft']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-live']!, t['--c-live']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text-muted']!, t['--c-surface']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text-muted']!, t['--c-bg']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-link']!, t['--c-bg']!)).toBeGreaterThanOrEqual(4.5);
    // Controls: 3:1 against the page.
    expect(contrast(t['--c-primary']!, t['--c-bg']!)).toBeGreaterThanOrEqual(3);
    expect(contrast(t['--c-accent']!, t['--c-bg']!)).toBeGreaterThanOrEqual(3);
  });

  it('gives different colours different palettes', () => {
    expect(paletteFor('gold').tokens['--c-primary']).not.toBe(paletteFor('pink').tokens['--c-primary']);
    expect(paletteFor('white').mode).toBe('light');
    expect(paletteFor('onyx').mode).toBe('dark');
  });

  it('follows the template tone except for colours that fix their own', () => {
    expect(paletteFor('pink', 'light').mode).toBe('light');
    expect(paletteFor('pink', 'dark').mode).toBe('dark');
    expect(paletteFor('white', 'dark').mode).toBe('light');
    expect(paletteFor('dark', 'light').mode).toBe('dark');
    expect(paletteFor('pink', 'light').tokens['--c-bg']).not.toBe(paletteFor('pink', 'dark').tokens['--c-bg']);
  });
});

describe('the neutral palette of app.css', () => {
  it("equals paletteFor('slate'), the colours of a page that has no site palette", () => {
    const css = readFileSync(new URL('../../app/styles/app.css', import.meta.url), 'utf8');
    const block = /The neutral palette[\s\S]*?:root \{([^}]*)\}/.exec(css)?.[1] ?? '';
    const declared = Object.fromEntries([...block.matchAll(/(--c-[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value]));
    expect(declared).toEqual(paletteFor('slate').tokens);
  });
});
