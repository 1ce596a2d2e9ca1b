import { THEMES, isThemeCode, templateBreakpoint, type TemplateName } from '@wl/contracts';
import { luminance, paletteFor, type Tone } from './palette';

/*
 * The template kit's configuration: one entry per template, each choosing its variants of the
 * shared components (header, navigation, tiles, footer) and its shape and type tokens; its home
 * page's sections are in home/compositions.server.ts. The frame and the home page render from
 * this table; app.css styles every variant by data attributes, so a template is a combination,
 * not a copy.
 */

/** Bar layouts of the site header. */
export type HeaderVariant =
  /** Logo left, navigation, account area right. */
  | 'classic'
  /** Logo centred on its own row, navigation centred below. */
  | 'centered'
  /** A slim utility bar (support, currency, date) above the main bar. */
  | 'two-tier'
  /** Transparent over the home page's full-bleed hero. */
  | 'overlay'
  /** A slim bar: menu button, logo, account; the navigation is an icon strip below. */
  | 'compact'
  /** A top bar plus a vertical navigation rail on the left (sportsbook style). */
  | 'rail';

/** What colours the header bar: the deep brand tone, the surface, or the brand colour itself. */
export type HeaderTone = 'deep' | 'surface' | 'primary';

/** How the desktop navigation's links look: plain links, underlined tabs, or pills. */
export type DesktopNavStyle = 'links' | 'tabs' | 'pills';

/** The games (category) navigation on desktop: a text bar, an icon strip, or none (the rail holds it). */
export type CategoryNavVariant = 'bar' | 'icons' | 'none';

/** The phone navigation: a bottom tab bar, a side drawer behind a menu button, or scrollable chips. */
export type MobileNavVariant = 'tabbar' | 'drawer' | 'chips';

/** Game tile styles. */
export type TileVariant =
  /** Portrait card, caption below. */
  | 'portrait'
  /** Square art, caption over its lower edge. */
  | 'overlay'
  /** Rounded app icon, small caption centred below. */
  | 'app'
  /** Wide live-table card with a "live" badge. */
  | 'landscape'
  /** Portrait with a glowing brand-colour border. */
  | 'neon'
  /** A compact list row: thumbnail, name, provider. */
  | 'list';

export type FooterVariant = 'columns' | 'minimal' | 'centered' | 'stacked';

/** System font stacks only: no web font is downloaded. */
export type FontName = 'sans' | 'geometric' | 'serif' | 'condensed' | 'rounded' | 'mono';

export type ShapeName = 'sharp' | 'soft' | 'round' | 'pill';

/** Page background treatment, drawn with CSS gradients. */
export type BackdropName = 'flat' | 'glow' | 'gradient' | 'dots' | 'lines' | 'grid';

export interface TemplateConfig {
  /** The design's own name, shown in the gallery and the docs. */
  label: string;
  /** Preferred surfaces; a few colour names fix their own (palette.ts toneFor). */
  tone: Tone;
  header: HeaderVariant;
  headerTone: HeaderTone;
  desktopNav: DesktopNavStyle;
  categoryNav: CategoryNavVariant;
  mobileNav: MobileNavVariant;
  /** The default tile of game sections (a section may choose its own). */
  tile: TileVariant;
  footer: FooterVariant;
  /** Headings and body text. */
  font: { display: FontName; body: FontName };
  shape: ShapeName;
  backdrop: BackdropName;
  /** Spacing scale: compact sportsbook tables to airy luxury pages. */
  density: 'compact' | 'regular' | 'airy';
}

export const TEMPLATE_CONFIGS: Record<TemplateName, TemplateConfig> = {
  // Casino templates.
  template1: {
    label: 'Sovereign',
    tone: 'dark',
    header: 'classic',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'bar',
    mobileNav: 'tabbar',
    tile: 'portrait',
    footer: 'columns',
    font: { display: 'serif', body: 'sans' },
    shape: 'soft',
    backdrop: 'glow',
    density: 'regular',
  },
  template2: {
    label: 'Monarch',
    tone: 'dark',
    header: 'centered',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'none',
    mobileNav: 'drawer',
    tile: 'overlay',
    footer: 'centered',
    font: { display: 'serif', body: 'serif' },
    shape: 'sharp',
    backdrop: 'lines',
    density: 'airy',
  },
  template3: {
    label: 'Meridian',
    tone: 'light',
    header: 'two-tier',
    headerTone: 'surface',
    desktopNav: 'tabs',
    categoryNav: 'icons',
    mobileNav: 'chips',
    tile: 'portrait',
    footer: 'stacked',
    font: { display: 'geometric', body: 'geometric' },
    shape: 'round',
    backdrop: 'flat',
    density: 'regular',
  },
  template4: {
    label: 'Neon Nights',
    tone: 'dark',
    header: 'overlay',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'icons',
    mobileNav: 'tabbar',
    tile: 'neon',
    footer: 'minimal',
    font: { display: 'condensed', body: 'sans' },
    shape: 'sharp',
    backdrop: 'grid',
    density: 'regular',
  },
  template5: {
    label: 'Velvet Lounge',
    tone: 'dark',
    header: 'rail',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'none',
    mobileNav: 'drawer',
    tile: 'overlay',
    footer: 'columns',
    font: { display: 'serif', body: 'sans' },
    shape: 'round',
    backdrop: 'gradient',
    density: 'regular',
  },
  template6: {
    label: 'Fiesta',
    tone: 'light',
    header: 'classic',
    headerTone: 'primary',
    desktopNav: 'pills',
    categoryNav: 'icons',
    mobileNav: 'tabbar',
    tile: 'app',
    footer: 'stacked',
    font: { display: 'rounded', body: 'rounded' },
    shape: 'round',
    backdrop: 'dots',
    density: 'regular',
  },
  template7: {
    label: 'Horizon',
    tone: 'dark',
    header: 'overlay',
    headerTone: 'deep',
    desktopNav: 'pills',
    categoryNav: 'none',
    mobileNav: 'drawer',
    tile: 'portrait',
    footer: 'centered',
    font: { display: 'geometric', body: 'geometric' },
    shape: 'pill',
    backdrop: 'gradient',
    density: 'airy',
  },
  template8: {
    label: 'Black Label',
    tone: 'dark',
    header: 'centered',
    headerTone: 'surface',
    desktopNav: 'tabs',
    categoryNav: 'bar',
    mobileNav: 'tabbar',
    tile: 'portrait',
    footer: 'minimal',
    font: { display: 'serif', body: 'serif' },
    shape: 'sharp',
    backdrop: 'flat',
    density: 'airy',
  },
  template9: {
    label: 'Orchid',
    tone: 'light',
    header: 'two-tier',
    headerTone: 'primary',
    desktopNav: 'links',
    categoryNav: 'bar',
    mobileNav: 'chips',
    tile: 'overlay',
    footer: 'columns',
    font: { display: 'sans', body: 'sans' },
    shape: 'soft',
    backdrop: 'flat',
    density: 'regular',
  },
  // Slot templates.
  template10: {
    label: 'Fruit Frenzy',
    tone: 'dark',
    header: 'compact',
    headerTone: 'primary',
    desktopNav: 'pills',
    categoryNav: 'icons',
    mobileNav: 'chips',
    tile: 'app',
    footer: 'stacked',
    font: { display: 'rounded', body: 'rounded' },
    shape: 'round',
    backdrop: 'dots',
    density: 'regular',
  },
  template11: {
    label: 'Reel Rush',
    tone: 'dark',
    header: 'classic',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'bar',
    mobileNav: 'tabbar',
    tile: 'portrait',
    footer: 'columns',
    font: { display: 'condensed', body: 'sans' },
    shape: 'soft',
    backdrop: 'lines',
    density: 'compact',
  },
  template12: {
    label: 'Jackpot Palace',
    tone: 'dark',
    header: 'centered',
    headerTone: 'deep',
    desktopNav: 'tabs',
    categoryNav: 'bar',
    mobileNav: 'tabbar',
    tile: 'neon',
    footer: 'centered',
    font: { display: 'serif', body: 'sans' },
    shape: 'soft',
    backdrop: 'glow',
    density: 'regular',
  },
  template13: {
    label: 'Elementals',
    tone: 'dark',
    header: 'rail',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'none',
    mobileNav: 'tabbar',
    tile: 'overlay',
    footer: 'minimal',
    font: { display: 'condensed', body: 'condensed' },
    shape: 'sharp',
    backdrop: 'gradient',
    density: 'compact',
  },
  template14: {
    label: 'Candy Reels',
    tone: 'light',
    header: 'classic',
    headerTone: 'surface',
    desktopNav: 'pills',
    categoryNav: 'none',
    mobileNav: 'drawer',
    tile: 'app',
    footer: 'stacked',
    font: { display: 'rounded', body: 'rounded' },
    shape: 'pill',
    backdrop: 'dots',
    density: 'airy',
  },
  template15: {
    label: 'Wild Expedition',
    tone: 'dark',
    header: 'two-tier',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'bar',
    mobileNav: 'chips',
    tile: 'portrait',
    footer: 'columns',
    font: { display: 'geometric', body: 'sans' },
    shape: 'soft',
    backdrop: 'lines',
    density: 'regular',
  },
  template16: {
    label: 'Arcade 8-Bit',
    tone: 'dark',
    header: 'compact',
    headerTone: 'deep',
    desktopNav: 'tabs',
    categoryNav: 'icons',
    mobileNav: 'tabbar',
    tile: 'neon',
    footer: 'minimal',
    font: { display: 'mono', body: 'sans' },
    shape: 'sharp',
    backdrop: 'grid',
    density: 'compact',
  },
  template17: {
    label: 'Dragon Gate',
    tone: 'dark',
    header: 'centered',
    headerTone: 'primary',
    desktopNav: 'links',
    categoryNav: 'none',
    mobileNav: 'drawer',
    tile: 'overlay',
    footer: 'centered',
    font: { display: 'serif', body: 'sans' },
    shape: 'round',
    backdrop: 'glow',
    density: 'regular',
  },
  template19: {
    label: 'Gem Vault',
    tone: 'light',
    header: 'classic',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'icons',
    mobileNav: 'tabbar',
    tile: 'overlay',
    footer: 'stacked',
    font: { display: 'geometric', body: 'geometric' },
    shape: 'round',
    backdrop: 'flat',
    density: 'regular',
  },
  // Sportsbook templates.
  template20: {
    label: 'Matchday',
    tone: 'dark',
    header: 'rail',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'none',
    mobileNav: 'tabbar',
    tile: 'landscape',
    footer: 'columns',
    font: { display: 'condensed', body: 'sans' },
    shape: 'sharp',
    backdrop: 'flat',
    density: 'compact',
  },
  template21: {
    label: 'Arena',
    tone: 'light',
    header: 'two-tier',
    headerTone: 'primary',
    desktopNav: 'tabs',
    categoryNav: 'bar',
    mobileNav: 'chips',
    tile: 'list',
    footer: 'stacked',
    font: { display: 'condensed', body: 'condensed' },
    shape: 'soft',
    backdrop: 'flat',
    density: 'compact',
  },
  template22: {
    label: 'Pro Line',
    tone: 'light',
    header: 'classic',
    headerTone: 'deep',
    desktopNav: 'links',
    categoryNav: 'bar',
    mobileNav: 'drawer',
    tile: 'overlay',
    footer: 'columns',
    font: { display: 'sans', body: 'sans' },
    shape: 'sharp',
    backdrop: 'flat',
    density: 'compact',
  },
  template23: {
    label: 'Night Match',
    tone: 'dark',
    header: 'compact',
    headerTone: 'surface',
    desktopNav: 'pills',
    categoryNav: 'icons',
    mobileNav: 'tabbar',
    tile: 'landscape',
    footer: 'minimal',
    font: { display: 'geometric', body: 'geometric' },
    shape: 'round',
    backdrop: 'glow',
    density: 'regular',
  },
};

export function templateConfig(template: TemplateName): TemplateConfig {
  return TEMPLATE_CONFIGS[template];
}

/**
 * Rules that switch a template to its phone layout below its own breakpoint (docs/product.md §9): desktop
 * navigation hidden, phone navigation shown. Rendered in a <style> by the frame; everything
 * else in app.css is fluid.
 */
export function breakpointCss(template: TemplateName): string {
  const max = templateBreakpoint(template) - 0.02;
  return (
    `@media (max-width:${max}px){` +
    '.frame .desktop-only{display:none!important}' +
    '.frame .mobile-only{display:flex!important}' +
    '.frame{--rail-w:0px;--header-h:var(--header-h-mobile)}' +
    '.frame[data-mobile-nav="tabbar"] .page,.frame[data-mobile-nav="tabbar"] .site-footer{padding-bottom:calc(4.75rem + env(safe-area-inset-bottom))}' +
    // The floating buttons, the app bar and the betslip's bar sit above the tab bar, never on it.
    '.frame[data-mobile-nav="tabbar"]{--floating-bottom-offset:calc(4.25rem + 0.5rem);--tabbar-space:4.25rem}' +
    '}'
  );
}

/** The preferred tone of a site's template from its theme code (maintenance pages have no template yet). */
export function toneOfThemeCode(themeCode: string): Tone | undefined {
  return isThemeCode(themeCode) ? TEMPLATE_CONFIGS[THEMES[themeCode].template].tone : undefined;
}

/** The browser's theme-color: the colour of the template's header bar. */
export function headerColor(tokens: Record<string, string>, tone: HeaderTone): string | undefined {
  const token = tone === 'deep' ? '--c-deep' : tone === 'surface' ? '--c-surface' : '--c-primary';
  return tokens[token];
}

/** The site's logo for a background: logo1 is drawn for dark backgrounds, logo3 for light ones. */
export function logoFor(site: { logo1: string; logo3: string }, background: string | undefined): string {
  return background && luminance(background) > 0.4 ? site.logo3 : site.logo1;
}

/** The palette a site is drawn in: its colour with its template's preferred tone. */
export function sitePalette(color: string, template: TemplateName): Record<string, string> {
  return paletteFor(color, TEMPLATE_CONFIGS[template].tone).tokens;
}
