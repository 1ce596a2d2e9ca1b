import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '@wl/contracts';
import { contrast, paletteFor } from '../../app/theme/palette';

describe('palettes meet WCAG AA (decisions.md §1)', () => {
  it.each(THEME_COLORS)('%s', (color) => {
    const { tokens: t } = paletteFor(color);
    // Text: 4.5:1.
    expect(contrast(t['--c-text']!, t['--c-bg']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text']!, t['--c-surface']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text']!, t['--c-surface-2']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-text-muted']!, t['--c-surface-2']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-link']!, t['--c-surface']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-primary']!, t['--c-primary']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-header']!, t['--c-header']!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(t['--c-on-accent']!, t['--c-accent']!)).toBeGreaterThanOrEqual(4.5);
    // Controls: 3:1 against the page.
    expect(contrast(t['--c-primary']!, t['--c-bg']!)).toBeGreaterThanOrEqual(3);
    expect(contrast(t['--c-accent']!, t['--c-bg']!)).toBeGreaterThanOrEqual(3);
  });

  it('gives different colours different palettes', () => {
    expect(paletteFor('gold').tokens['--c-primary']).not.toBe(paletteFor('pink').tokens['--c-primary']);
    expect(paletteFor('white').mode).toBe('light');
    expect(paletteFor('onyx').mode).toBe('dark');
  });
});
