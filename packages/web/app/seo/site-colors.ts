import type { MaintenanceSite, ReadySite } from '../lib/site-state';
import { paletteFor } from '../theme/palette';
import { headerColor, templateConfig, toneOfThemeCode } from '../theme/templates';

export interface SiteColors {
  /** The browser's toolbar colour: the template's header band (the deep tone under maintenance). */
  themeColor: string;
  /** The page background, for the installed app's splash screen. */
  backgroundColor: string;
}

/** The colours of a site's palette the browser draws around it (theme-color meta, web app manifest). */
export function siteColors(state: ReadySite | MaintenanceSite): SiteColors {
  const tokens = paletteFor(state.site.theme_color, toneOfThemeCode(state.site.theme_code)).tokens;
  const backgroundColor = tokens['--c-bg'] ?? '#000000';
  const themeColor = state.kind === 'ready' ? headerColor(tokens, templateConfig(state.template).headerTone) : tokens['--c-deep'];
  return { themeColor: themeColor ?? backgroundColor, backgroundColor };
}
