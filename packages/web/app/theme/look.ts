import type { Site, TemplateName, ThemeColor } from '@wl/contracts';
import { breakpointCss, headerColor, logoFor, sitePalette, TEMPLATE_CONFIGS, type TemplateConfig } from './templates';

/**
 * What a ready site's frame is drawn with, worked out once on the server (site-state.ts) and sent
 * with the site's data: the browser then needs neither the table of the 22 templates nor the colour
 * arithmetic of the palette in its first script, nor the time to run it while hydrating.
 */
export interface TemplateLook {
  config: TemplateConfig;
  /** The template's phone-layout rules (breakpointCss), for the frame's <style>. */
  breakpointCss: string;
  /** The logo for each background it sits on: logo1 for dark, logo3 for light (logoFor). */
  logos: { header: string; page: string; footer: string };
}

export function templateLook(site: Pick<Site, 'logo1' | 'logo3'>, color: ThemeColor, template: TemplateName): TemplateLook {
  const config = TEMPLATE_CONFIGS[template];
  const tokens = sitePalette(color, template);
  // An overlay header sits on the hero's dark artwork.
  const headerBackground = config.header === 'overlay' ? '#000000' : headerColor(tokens, config.headerTone);
  return {
    config,
    breakpointCss: breakpointCss(template),
    logos: {
      header: logoFor(site, headerBackground ?? '#000000'),
      page: logoFor(site, tokens['--c-bg']),
      footer: logoFor(site, config.footer === 'centered' ? tokens['--c-deep'] : tokens['--c-surface']),
    },
  };
}
