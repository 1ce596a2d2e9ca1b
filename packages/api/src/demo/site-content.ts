import type { ThemeCode } from '@wl/contracts';
import type { BannerMotif, SocialType } from '../content/media.js';

/**
 * Demo texts of the home page lists. {site} and {currency} stand for the site's name and
 * currency; slides, announcements and marquee texts are plain text (the contract's), the
 * referral text is HTML.
 */

export interface DemoSlide {
  title: string;
  motif: BannerMotif;
  link: string | null;
}

const SLIDES: Record<'welcome' | 'casino' | 'slots' | 'sports' | 'vip' | 'referral', DemoSlide> = {
  welcome: { title: 'Welcome to {site}: 100% bonus on your first deposit', motif: 'welcome', link: '/promotions' },
  casino: { title: 'Live dealers around the clock', motif: 'casino', link: '/casino' },
  slots: { title: 'New slots every week', motif: 'slots', link: '/slots' },
  sports: { title: 'Live odds on every match', motif: 'sports', link: '/sports' },
  vip: { title: 'VIP Club: rewards at every level', motif: 'vip', link: '/vip' },
  referral: { title: 'Invite friends, earn together', motif: 'referral', link: '/referral' },
};

/**
 * The slides of a site, led by what its template family leads with (docs/product.md D1: casino
 * templates lead with live casino, slot templates with game grids, sportsbook templates with
 * matches and odds).
 */
export function demoSlides(themeCode: ThemeCode): DemoSlide[] {
  if (themeCode.startsWith('sportsbook')) return [SLIDES.welcome, SLIDES.sports, SLIDES.casino, SLIDES.vip, SLIDES.referral];
  if (themeCode.startsWith('slot')) return [SLIDES.welcome, SLIDES.slots, SLIDES.vip, SLIDES.referral];
  return [SLIDES.welcome, SLIDES.casino, SLIDES.slots, SLIDES.vip];
}

export interface DemoAnnouncement {
  title: string;
  body: string;
  active: boolean;
  /** How long ago it was published. */
  ageDays: number;
}

export const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    title: 'Welcome to {site}',
    body: 'Deposits and withdrawals in {currency} are processed around the clock.\nIf you need help, our live chat team is online 24/7.',
    active: true,
    ageDays: 1,
  },
  {
    title: 'Weekly provider maintenance',
    body: 'Some game providers run short maintenance every Wednesday between 10:00 and 12:00 (GMT+8).\nTheir games may be unavailable during that time; your balance is safe.',
    active: true,
    ageDays: 3,
  },
  {
    title: 'New Year bonus has ended',
    body: 'Thank you for joining our New Year celebration. Look out for our next promotion on the Promotions page.',
    active: false,
    ageDays: 40,
  },
];

export const DEMO_MARQUEES: string[] = [
  'Welcome to {site}! Fast deposits and withdrawals in {currency}.',
  'New slot games are added every week: find them in the Slots lobby.',
  'Invite your friends with your referral code and earn rewards together.',
  'Live chat support is available 24/7.',
  'Play responsibly. Only players aged 18 or over may play.',
];

export const DEMO_REFERRAL = `<h2>Invite friends to {site}</h2>
<p>Share your referral code or link. When a friend signs up with it and makes a first deposit, you both receive a reward in {currency}.</p>
<ol><li>Copy your referral code from your profile.</li><li>Send it to your friends.</li><li>Earn a bonus for every friend who deposits and plays.</li></ol>
<p>Rewards arrive in your inbox, ready to claim. Terms apply.</p>`;

export interface DemoSocial {
  type: SocialType;
  name: (site: string, handle: string) => string;
  link: (handle: string) => string;
}

/** Social accounts of the demo sites: reserved example.com addresses, no real accounts. */
export const DEMO_SOCIALS: DemoSocial[] = [
  { type: 'facebook', name: (site) => site, link: (handle) => `https://facebook.example.com/${handle}` },
  { type: 'telegram', name: (_site, handle) => `@${handle}`, link: (handle) => `https://telegram.example.com/${handle}` },
  { type: 'instagram', name: (_site, handle) => `@${handle}`, link: (handle) => `https://instagram.example.com/${handle}` },
  { type: 'youtube', name: (site) => `${site} TV`, link: (handle) => `https://youtube.example.com/@${handle}` },
  { type: 'x', name: (_site, handle) => `@${handle}`, link: (handle) => `https://x.example.com/${handle}` },
];

/** How many of the site's providers are shown as its partners. */
export const DEMO_PARTNER_COUNT = 5;

/** Analytics scripts of the demo sites, all switched off (docs/product.md D7: analytics off). */
export const DEMO_ANALYTICS: { section: 'HEAD' | 'BODY'; script: (externalId: string) => string }[] = [
  {
    section: 'HEAD',
    script: (id) => `<script>window.dataLayer=window.dataLayer||[];window.dataLayer.push({event:'site_view',site:'${id}'});</script>`,
  },
  { section: 'BODY', script: (id) => `<script>window.dataLayer&&window.dataLayer.push({event:'body_ready',site:'${id}'});</script>` },
];

/** "Candy Reels" → "candyreels". */
export function handleOf(siteName: string): string {
  return siteName.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'site';
}
