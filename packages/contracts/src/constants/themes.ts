/**
 * Theme table of docs/product.md D1: a site's theme_code picks its template, and its theme_color
 * must be one of the five colours of that row.
 */
export const THEMES = {
  casino1: { template: 'template1', family: 'casino', colors: ['gold', 'ruby', 'sapphire', 'emerald', 'onyx'] },
  casino2: { template: 'template2', family: 'casino', colors: ['crimson', 'gold', 'navy', 'jade', 'pearl'] },
  casino3: { template: 'template3', family: 'casino', colors: ['royal', 'amber', 'teal', 'rose', 'slate'] },
  casino4: { template: 'template4', family: 'casino', colors: ['neon', 'violet', 'cyan', 'lime', 'black'] },
  casino5: { template: 'template5', family: 'casino', colors: ['burgundy', 'champagne', 'forest', 'midnight', 'copper'] },
  casino6: { template: 'template6', family: 'casino', colors: ['orange', 'blue', 'red', 'green', 'purple'] },
  casino7: { template: 'template7', family: 'casino', colors: ['sunset', 'ocean', 'aurora', 'ember', 'frost'] },
  casino8: { template: 'template8', family: 'casino', colors: ['black', 'white', 'gold', 'red', 'blue'] },
  casino9: { template: 'template9', family: 'casino', colors: ['plum', 'mint', 'coral', 'indigo', 'sand'] },
  slot1: { template: 'template10', family: 'slot', colors: ['cherry', 'lemon', 'grape', 'melon', 'plum'] },
  slot2: { template: 'template11', family: 'slot', colors: ['red', 'blue', 'green', 'purple', 'black'] },
  slot3: { template: 'template12', family: 'slot', colors: ['gold', 'silver', 'bronze', 'platinum', 'diamond'] },
  slot4: { template: 'template13', family: 'slot', colors: ['fire', 'water', 'earth', 'wind', 'thunder'] },
  slot5: { template: 'template14', family: 'slot', colors: ['pink', 'sky', 'lavender', 'peach', 'aqua'] },
  slot6: { template: 'template15', family: 'slot', colors: ['jungle', 'desert', 'arctic', 'volcano', 'lagoon'] },
  slot7: { template: 'template16', family: 'slot', colors: ['neon', 'retro', 'pastel', 'mono', 'vivid'] },
  slot8: { template: 'template17', family: 'slot', colors: ['dragon', 'tiger', 'phoenix', 'koi', 'lotus'] },
  slot9: { template: 'template19', family: 'slot', colors: ['ruby', 'emerald', 'sapphire', 'topaz', 'amethyst'] },
  sportsbook1: { template: 'template20', family: 'sportsbook', colors: ['green', 'blue', 'orange', 'red', 'black'] },
  sportsbook2: { template: 'template21', family: 'sportsbook', colors: ['pitch', 'court', 'arena', 'track', 'ice'] },
  sportsbook3: { template: 'template22', family: 'sportsbook', colors: ['navy', 'teal', 'lime', 'yellow', 'graphite'] },
  sportsbook4: { template: 'template23', family: 'sportsbook', colors: ['dark', 'light', 'blue', 'green', 'red'] },
} as const satisfies Record<string, { template: string; family: 'casino' | 'slot' | 'sportsbook'; colors: readonly string[] }>;

export type ThemeCode = keyof typeof THEMES;
export type TemplateName = (typeof THEMES)[ThemeCode]['template'];
export type ThemeFamily = (typeof THEMES)[ThemeCode]['family'];
export type ThemeColor = (typeof THEMES)[ThemeCode]['colors'][number];

export const THEME_CODES = Object.keys(THEMES) as ThemeCode[];

/** template1 to template23, no template18 (docs/product.md §2). */
export const TEMPLATES = THEME_CODES.map((code) => THEMES[code].template) as TemplateName[];

/** Every layout of docs/product.md §2: default, minigame, maintenance and the 22 templates. */
export const LAYOUTS = ['default', 'minigame', 'maintenance', ...TEMPLATES] as const;
export type LayoutName = 'default' | 'minigame' | 'maintenance' | TemplateName;

/** Every colour name used by any theme, sorted. */
export const THEME_COLORS = [...new Set(THEME_CODES.flatMap((code) => THEMES[code].colors))].sort() as ThemeColor[];

export const INVALID_THEME_CODE = 'Invalid theme code';
export const INVALID_THEME_COLOR = 'Invalid theme color';

export function isThemeCode(code: string): code is ThemeCode {
  return Object.hasOwn(THEMES, code);
}

export type ThemeCheck =
  | { ok: true; themeCode: ThemeCode; color: ThemeColor; template: TemplateName; family: ThemeFamily }
  | { ok: false; message: typeof INVALID_THEME_CODE | typeof INVALID_THEME_COLOR };

/** docs/product.md §5: the theme code must be known; the colour must be one allowed for that code. */
export function checkTheme(themeCode: string, themeColor: string): ThemeCheck {
  if (!isThemeCode(themeCode)) return { ok: false, message: INVALID_THEME_CODE };
  const theme = THEMES[themeCode];
  if (!(theme.colors as readonly string[]).includes(themeColor)) return { ok: false, message: INVALID_THEME_COLOR };
  return { ok: true, themeCode, color: themeColor as ThemeColor, template: theme.template, family: theme.family };
}
