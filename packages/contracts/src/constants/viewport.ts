import type { TemplateName } from './themes.js';

/** Breakpoints of docs/product.md §9: minimum width in px. */
export const BREAKPOINTS = {
  mobile: 320,
  mobileMedium: 375,
  mobileWide: 425,
  tablet: 768,
  desktop: 1024,
  desktopMedium: 1280,
  desktopWide: 1600,
} as const;

export type BreakpointName = keyof typeof BREAKPOINTS;
export const FALLBACK_BREAKPOINT: BreakpointName = 'desktop';

/** The breakpoint whose minimum width is the largest not above the given width. */
export function breakpointFor(width: number): BreakpointName {
  let current: BreakpointName = 'mobile';
  for (const [name, min] of Object.entries(BREAKPOINTS) as [BreakpointName, number][]) {
    if (width >= min) current = name;
  }
  return current;
}

/**
 * Width (px) from which a template shows its desktop layout (docs/product.md §9). Templates not listed use
 * the desktop breakpoint. template9Product is the product pages of template9.
 */
export const TEMPLATE_BREAKPOINTS: Partial<Record<TemplateName | 'template9Product', number>> = {
  template2: 1200,
  template3: 1200,
  template4: 999,
  template6: 999,
  template8: 999,
  template9: 999,
  template9Product: 1200,
  template10: 1200,
  template11: 768,
  template12: 769,
  template13: 769,
  template14: 769,
  template15: 768,
  template16: 768,
  template17: 768,
  template20: 960,
  template21: 960,
  template22: 960,
  template23: 960,
};

export function templateBreakpoint(template: TemplateName | 'template9Product'): number {
  return TEMPLATE_BREAKPOINTS[template] ?? BREAKPOINTS.desktop;
}
