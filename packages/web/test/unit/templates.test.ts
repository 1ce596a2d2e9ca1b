import { describe, expect, it } from 'vitest';
import { GAME_LIST_KEYS, TEMPLATES, TEMPLATE_BREAKPOINTS, THEMES, THEME_CODES, templateBreakpoint, type TemplateName } from '@wl/contracts';
import { TEMPLATE_CONFIGS, breakpointCss, toneOfThemeCode, type TemplateConfig } from '../../app/theme/templates';
import { HOME_COMPOSITIONS } from '../../app/home/compositions.server';

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
    ];
    const homeOf = (template: TemplateName) => JSON.stringify(HOME_COMPOSITIONS[template].map((section) => section.kind));
    for (const [i, a] of TEMPLATES.entries()) {
      for (const b of TEMPLATES.slice(i + 1)) {
        const [ta, tb] = [[...traits(TEMPLATE_CONFIGS[a]), homeOf(a)], [...traits(TEMPLATE_CONFIGS[b]), homeOf(b)]];
        const differences = ta.filter((trait, index) => trait !== tb[index]).length;
        expect(differences, `${a} and ${b}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('leads with the family of docs/product.md D1: live casino and slots, game grids, matches and odds', () => {
    for (const code of THEME_CODES) {
      const { template, family } = THEMES[code];
      const sections = HOME_COMPOSITIONS[template].filter((section) => section.kind !== 'hero' && section.kind !== 'marquee' && section.kind !== 'stats');
      const first = sections[0];
      if (family === 'sportsbook') expect(['matches', 'odds'], template).toContain(first?.kind);
      if (family === 'slot') expect(['games', 'list', 'categories'], template).toContain(first?.kind);
      if (family === 'casino') {
        // Live casino is the first game section of any kind, and slots have a section of their own.
        const lead = sections.find((section) => section.kind === 'games' || section.kind === 'list');
        expect(lead?.kind === 'games' ? lead.category : null, template).toBe('livecasino');
        expect(sections.some((section) => section.kind === 'games' && section.category === 'slots'), template).toBe(true);
      }
    }
  });

  it('composes every element of the home page (issue 7) on every template', () => {
    const elements = ['hero', 'marquee', 'categories', 'winners', 'transactions', 'stats', 'partners'] as const;
    for (const template of TEMPLATES) {
      const home = HOME_COMPOSITIONS[template];
      const kinds = new Set(home.map((section) => section.kind));
      for (const kind of elements) expect(kinds.has(kind), `${template} has ${kind}`).toBe(true);
      // The four curated lists of game_lists, each once: a list is shown whole, at the site's size.
      const lists = home.flatMap((section) => (section.kind === 'list' ? [section.list] : []));
      expect([...lists].sort(), template).toEqual([...GAME_LIST_KEYS].sort());
    }
  });

  it('puts a full-bleed hero first under overlay headers (the header is drawn over it)', () => {
    for (const template of TEMPLATES) {
      const config = TEMPLATE_CONFIGS[template];
      const first = HOME_COMPOSITIONS[template][0];
      if (config.header === 'overlay') expect(first?.kind === 'hero' && first.variant === 'full', template).toBe(true);
    }
  });

  it('keeps the menu button of compact headers out of the phone-only navigation', () => {
    for (const template of TEMPLATES) {
      const config = TEMPLATE_CONFIGS[template];
      if (config.header === 'compact') expect(config.mobileNav, template).not.toBe('drawer');
    }
  });

  it.each(TEMPLATES)('%s switches to its phone layout at its own breakpoint (docs/product.md §9)', (template: TemplateName) => {
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
