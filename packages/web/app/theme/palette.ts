import { THEME_COLOR_HEX, type ThemeColor } from '@wl/contracts';

/** Colour names whose sites are always light: dark text on pale surfaces. */
const LIGHT_COLORS: ReadonlySet<string> = new Set(['white', 'light', 'pearl', 'champagne', 'pastel', 'sand']);
/** Colour names whose sites are always dark, whatever the template prefers. */
const DARK_COLORS: ReadonlySet<string> = new Set(['dark', 'black', 'onyx', 'midnight', 'graphite', 'mono']);

export type Tone = 'dark' | 'light';

/**
 * Light or dark surfaces: a few colour names decide by themselves (white is light, black is
 * dark); any other colour follows the template's preferred tone (dark when none is given).
 */
export function toneFor(color: string, preferred: Tone = 'dark'): Tone {
  if (LIGHT_COLORS.has(color)) return 'light';
  if (DARK_COLORS.has(color)) return 'dark';
  return preferred;
}

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes two colours: weight 0 gives a, 1 gives b. */
export function mix(a: string, b: string, weight: number): string {
  const ca = toRgb(a);
  const cb = toRgb(b);
  return toHex([0, 1, 2].map((i) => ca[i]! + (cb[i]! - ca[i]!) * weight) as Rgb);
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Moves `color` towards black or white until it reaches `ratio` against `background`. */
export function ensureContrast(color: string, background: string, ratio: number): string {
  if (contrast(color, background) >= ratio) return color;
  const target = luminance(background) > 0.5 ? '#000000' : '#ffffff';
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(color, target, step / 20);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return target;
}

/** Black or white text, whichever reads better on `background`. */
function onColor(background: string): string {
  return contrast('#ffffff', background) >= contrast('#111111', background) ? '#ffffff' : '#111111';
}

/**
 * The colour nearest to `base` that works as a filled control on `page`: 3:1 against the page
 * and 4.5:1 for its label (black or white).
 */
export function fitControl(base: string, page: string): string {
  const fits = (c: string) => contrast(c, page) >= 3 && contrast(onColor(c), c) >= 4.5;
  for (let step = 0; step <= 40; step++) {
    for (const target of ['#ffffff', '#000000']) {
      const candidate = mix(base, target, step / 40);
      if (fits(candidate)) return candidate;
    }
  }
  return luminance(page) > 0.5 ? '#000000' : '#ffffff';
}

/** A text colour reading at 4.5:1 on every one of `backgrounds` (all light or all dark). */
function ensureOnAll(color: string, backgrounds: string[]): string {
  return backgrounds.reduce((current, background) => ensureContrast(current, background, 4.5), color);
}

/** Moves a background away from `text` until the text reads on it at 4.5:1. */
function ensureBackground(background: string, text: string): string {
  return ensureContrast(background, text, 4.5);
}

export interface Palette {
  mode: 'dark' | 'light';
  tokens: Record<`--${string}`, string>;
}

/**
 * The design tokens of a theme colour: surfaces, text, primary and accent, every text and
 * control pair meeting WCAG AA (4.5:1 for text, 3:1 for controls and large text).
 */
export function paletteFor(color: ThemeColor | string, preferredTone?: Tone): Palette {
  const base = THEME_COLOR_HEX[color as ThemeColor] ?? THEME_COLOR_HEX.gold;
  const mode: Palette['mode'] = toneFor(color, preferredTone);
  const dark = mode === 'dark';
  // Surfaces carry a hint of the brand hue; borders a little more, so cards read as cards.
  const bg = dark ? mix(base, '#08090d', 0.92) : mix(base, '#f7f8fa', 0.94);
  const surface = dark ? mix(base, '#11131a', 0.88) : '#ffffff';
  const surface2 = dark ? mix(base, '#1b1e28', 0.8) : mix(base, '#f1f2f5', 0.9);
  const border = dark ? mix(base, '#2c303c', 0.68) : mix(base, '#dadde4', 0.78);
  const text = dark ? '#f4f5f8' : '#15171c';
  const textMuted = ensureOnAll(dark ? mix(base, '#ffffff', 0.62) : mix(base, '#000000', 0.55), [surface2, surface, bg]);
  // The primary must stand out from the surfaces as a control (3:1) and carry readable text.
  const primary = fitControl(base, bg);
  const onPrimary = onColor(primary);
  const link = ensureOnAll(dark ? mix(base, '#ffffff', 0.35) : mix(base, '#000000', 0.3), [surface, bg]);
  const accentBase = mix(base, dark ? '#ffd24a' : '#d4006a', 0.5);
  const accent = fitControl(accentBase, bg);
  // A deep brand tone for bars and bands that stay dark on light sites too (utility bars, footers).
  const deep = mix(base, '#05060a', dark ? 0.86 : 0.78);
  const onDeep = '#f4f5f8';
  const onDeepMuted = ensureContrast(mix(base, '#ffffff', 0.7), deep, 4.5);
  // A tinted surface for selected chips and highlighted rows; body text stays 4.5:1 on it.
  const primarySoft = mix(primary, surface, dark ? 0.8 : 0.88);
  // The "live" badge: a red that reads as a control on the page, whatever the brand colour.
  const live = fitControl(dark ? '#ff3b4e' : '#d7152b', bg);
  return {
    mode,
    tokens: {
      '--c-base': base,
      '--c-bg': bg,
      '--c-surface': surface,
      '--c-surface-2': surface2,
      '--c-border': border,
      '--c-text': text,
      '--c-text-muted': textMuted,
      '--c-primary': primary,
      '--c-on-primary': onPrimary,
      '--c-link': link,
      '--c-accent': accent,
      '--c-on-accent': onColor(accent),
      '--c-header': dark ? mix(base, '#05060a', 0.78) : primary,
      '--c-on-header': dark ? text : onPrimary,
      '--c-gradient': `linear-gradient(135deg, ${mix(base, '#000000', 0.15)}, ${mix(base, dark ? '#05060a' : '#ffffff', 0.55)})`,
      '--c-deep': deep,
      '--c-on-deep': onDeep,
      '--c-on-deep-muted': onDeepMuted,
      '--c-primary-soft': ensureBackground(primarySoft, text),
      '--c-live': live,
      '--c-on-live': onColor(live),
      '--c-danger': dark ? '#ff6b6b' : '#b3261e',
      '--c-success': dark ? '#4ade80' : '#1b7f3b',
    },
  };
}
