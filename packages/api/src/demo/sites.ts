import { LOCALE_CODES, THEMES, THEME_CODES, type LocaleCode, type ThemeCode } from '@wl/contracts';

export interface DemoSite {
  externalId: string;
  domains: string[];
  siteName: string;
  themeCode: ThemeCode;
  themeColor: string;
  currency: string;
  languages: LocaleCode[];
  maintenance: boolean;
}

/** Each theme site's own name and currency. */
const THEME_SITES: Record<ThemeCode, { name: string; currency: string }> = {
  casino1: { name: 'Golden Crown Casino', currency: 'PHP' },
  casino2: { name: 'Red Lantern Palace', currency: 'MYR' },
  casino3: { name: 'Royal Orchid Club', currency: 'THB' },
  casino4: { name: 'Neon Nights', currency: 'USD' },
  casino5: { name: 'Velvet Room', currency: 'EUR' },
  casino6: { name: 'Blaze Casino', currency: 'INR' },
  casino7: { name: 'Aurora Bay', currency: 'VND' },
  casino8: { name: 'Onyx & Ivory', currency: 'SGD' },
  casino9: { name: 'Coral Reef Casino', currency: 'IDR' },
  slot1: { name: 'Fruit Frenzy', currency: 'PHP' },
  slot2: { name: 'Spin City', currency: 'BDT' },
  slot3: { name: 'Jackpot Vault', currency: 'MYR' },
  slot4: { name: 'Elemental Slots', currency: 'NPR' },
  slot5: { name: 'Candy Reels', currency: 'THB' },
  slot6: { name: 'Wild Safari Slots', currency: 'KES' },
  slot7: { name: 'Arcade 88', currency: 'USD' },
  slot8: { name: 'Lucky Dragon 8', currency: 'CNY' },
  slot9: { name: 'Gem Mine', currency: 'MMK' },
  sportsbook1: { name: 'Kickoff Bet', currency: 'PHP' },
  sportsbook2: { name: 'Grand Stand', currency: 'BRL' },
  sportsbook3: { name: 'Odds Harbour', currency: 'VND' },
  sportsbook4: { name: 'Final Whistle', currency: 'MNT' },
};

export function demoSites(): DemoSite[] {
  const all = [...LOCALE_CODES];
  return [
    {
      externalId: 'demo',
      domains: ['localhost', '127.0.0.1'],
      siteName: 'Demo Casino',
      themeCode: 'casino1',
      themeColor: 'gold',
      currency: 'PHP',
      languages: all,
      maintenance: false,
    },
    ...THEME_CODES.map((code) => ({
      externalId: code,
      domains: [`${code}.localhost`],
      siteName: THEME_SITES[code].name,
      themeCode: code,
      themeColor: THEMES[code].colors[0],
      currency: THEME_SITES[code].currency,
      languages: all,
      maintenance: false,
    })),
    {
      externalId: 'maintenance',
      domains: ['maintenance.localhost'],
      siteName: 'Sunrise Casino',
      themeCode: 'casino3',
      themeColor: 'royal',
      currency: 'PHP',
      languages: all,
      maintenance: true,
    },
  ];
}

/** The main navigation every demo site starts with: a new site's default (operators edit theirs). */
export { defaultSiteMenu as demoMenu } from '@wl/contracts';
