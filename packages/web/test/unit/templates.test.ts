import { describe, expect, it } from 'vitest';
import { TEMPLATES, TEMPLATE_BREAKPOINTS, THEMES, THEME_CODES, templateBreakpoint, type TemplateName } from '@wl/contracts';
import { TEMPLATE_CONFIGS, breakpointCss, toneOfThemeCode, type TemplateConfig } from '../../app/theme/templates';

/** The parts that make a template look like itself at a glance (everything but its name). */
function look(config: TemplateConfig): string {
  const { label: _label, ...rest } = config;
  return JSON.stringify(rest);
}

describe('the template kit (issue 4)', () => {
  it('has exactly one configuration per template of the contracts', () => {
    expect(Object.keys(TEMPLATE_CONFIGS).sort()).toEqual([...TEMPLATES].sort());
    expect(Object.keys(TEMPLATE_CONFIGS)).toHaveLength(22);
    expect(Object.keys(TEMPLATE_CONFIGS)).not.toContain('template18');
  });

  it('gives every template its own look and name', () => {
    const looks = TEMPLATES.map((template) => look(TEMPLATE_CONFIGS[template]));
    expect(new Set(looks).size).toBe(TEMPLATES.length);
    const labels = TEMPLATES.map((template) => TEMPLATE_CONFIGS[template].label);
    expect(new Set(labels).size).toBe(TEMPLATES.length);
  });

  it('differs between any two templates in at least three frame or home choices', () => {
    const traits = (c: TemplateConfig) => [
      c.header,
      c.headerTone,
      c.desktopNav,
      c.categoryNav,
      c.mobileNav,
      c.tile,
      c.footer,
      `${c.font.display}/${c.font.body}`,
      c.shape,
      c.backdrop,
      c.tone,
      JSON.stringify(c.home.map((section) => section.kind)),
    ];
    for (const [i, a] of TEMPLATES.entries()) {
      for (const b of TEMPLATES.slice(i + 1)) {
        const [ta, tb] = [traits(TEMPLATE_CONFIGS[a]), traits(TEMPLATE_CONFIGS[b])];
        const differences = ta.filter((trait, index) => trait !== tb[index]).length;
        expect(differences, `${a} and ${b}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('leads with the family of decisions.md §1: live casino and slots, game grids, matches and odds', () => {
    for (const code of THEME_CODES) {
      const { template, family } = THEMES[code];
      const sections = TEMPLATE_CONFIGS[template].home.filter((section) => section.kind !== 'hero' && section.kind !== 'marquee' && section.kind !== 'stats');
      const first = sections[0];
      if (family === 'sportsbook') expect(['matches', 'odds'], template).toContain(first?.kind);
      if (family === 'slot') expect(first?.kind === 'games' || first?.kind === 'categories', template).toBe(true);
      if (family === 'casino') {
        const lead = sections.find((section) => section.kind === 'games');
        expect(lead && lead.kind === 'games' ? lead.list : null, template).toBe('livecasino');
        expect(sections.some((section) => section.kind === 'games' && section.list === 'slots'), template).toBe(true);
      }
    }
  });

  it('shows a hero with slides and the partners or statistics on every home page', () => {
    for (const template of TEMPLATES) {
      const kinds = TEMPLATE_CONFIGS[template].home.map((section) => section.kind);
      expect(kinds, template).toContain('hero');
      expect(kinds.some((kind) => kind === 'games'), template).toBe(true);
    }
  });

  it('puts a full-bleed hero first under overlay headers (the header is drawn over it)', () => {
    for (const template of TEMPLATES) {
      const config = TEMPLATE_CONFIGS[template];
      const first = config.home[0];
      if (config.header === 'overlay') expect(first?.kind === 'hero' && first.variant === 'full', template).toBe(true);
    }
  });

  it('keeps the menu button of compact headers out of the phone-only navigation', () => {
    for (const template of TEMPLATES) {
      const config = TEMPLATE_CONFIGS[template];
      if (config.header === 'compact') expect(config.mobileNav, template).not.toBe('drawer');
    }
  });

  it.each(TEMPLATES)('%s switches to its phone layout at its own breakpoint (spec §9)', (template: TemplateName) => {
    const breakpoint = templateBreakpoint(template);
    expect(breakpoint).toBe(TEMPLATE_BREAKPOINTS[template] ?? 1024);
    const css = breakpointCss(template);
    expect(css).toContain(`@media (max-width:${breakpoint - 0.02}px)`);
    expect(css).toContain('.desktop-only{display:none!important}');
    expect(css).toContain('.mobile-only{display:flex!important}');
  });

  it('gives each theme code its template tone', () => {
    expect(toneOfThemeCode('casino3')).toBe(TEMPLATE_CONFIGS.template3.tone);
    expect(toneOfThemeCode('slot5')).toBe('light');
    expect(toneOfThemeCode('casino1')).toBe('dark');
    expect(toneOfThemeCode('nope')).toBeUndefined();
  });
});
