import type { FastifyInstance, FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { SOCIAL_ACCOUNT_TYPES, THEME_COLOR_HEX, type ThemeColor } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { providers, sites } from '../db/schema.js';
import { failure } from '../http/calls.js';
import { shade } from '../media/index.js';
import { escapeHtml } from '../escape.js';

/**
 * Generated artwork of the site content, served by the platform (nothing is fetched from
 * outside): slide banners, partner marks and social icons.
 *
 *   GET /api/media/banner/<external_id>/<motif>.svg   slide banner in the site's colour
 *   GET /api/media/partner/<provider slug>.svg         partner mark with the provider's name
 *   GET /api/media/social/<type>.svg                   social platform icon
 */

export const BANNER_MOTIFS = ['welcome', 'casino', 'slots', 'sports', 'vip', 'referral'] as const;
export type BannerMotif = (typeof BANNER_MOTIFS)[number];

/** The platforms a site definition may name (site-definition.ts): each has its icon here. */
export const SOCIAL_TYPES = SOCIAL_ACCOUNT_TYPES;
export type SocialType = (typeof SOCIAL_TYPES)[number];

const ART_CACHE = 'public, max-age=86400';
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const FONT = 'Arial Black, Arial, Helvetica, sans-serif';

const CAPTIONS: Record<BannerMotif, [string, string]> = {
  welcome: ['WELCOME BONUS', 'On your first deposit'],
  casino: ['LIVE CASINO', 'Real dealers, around the clock'],
  slots: ['NEW SLOTS', 'Fresh games every week'],
  sports: ['SPORTS', 'Live odds on every match'],
  vip: ['VIP CLUB', 'Rewards at every level'],
  referral: ['REFER A FRIEND', 'Invite friends, earn together'],
};

/** The motif drawn on the right of a banner, in a 240×240 box at the origin. */
function motifArt(motif: BannerMotif, light: string, dark: string): string {
  switch (motif) {
    case 'welcome':
      return (
        `<rect x="40" y="100" width="160" height="120" rx="10" fill="${light}"/><rect x="28" y="72" width="184" height="40" rx="8" fill="#fff"/>` +
        `<rect x="108" y="72" width="24" height="148" fill="${dark}"/><path d="M120 72c-30-50-80-30-50 0zM120 72c30-50 80-30 50 0z" fill="none" stroke="#fff" stroke-width="10"/>`
      );
    case 'casino':
      return (
        `<circle cx="120" cy="130" r="90" fill="#fff"/><circle cx="120" cy="130" r="70" fill="${dark}"/>` +
        [0, 45, 90, 135, 180, 225, 270, 315]
          .map((a) => `<rect x="112" y="36" width="16" height="28" rx="3" fill="${light}" transform="rotate(${a} 120 130)"/>`)
          .join('') +
        `<text x="120" y="150" text-anchor="middle" font-family="${FONT}" font-size="56" fill="#fff">$</text>`
      );
    case 'slots':
      return (
        `<rect x="10" y="60" width="220" height="140" rx="16" fill="#fff"/>` +
        [0, 1, 2]
          .map(
            (i) =>
              `<rect x="${24 + i * 68}" y="76" width="56" height="108" rx="8" fill="${dark}"/>` +
              `<text x="${52 + i * 68}" y="150" text-anchor="middle" font-family="${FONT}" font-size="52" fill="${light}">7</text>`,
          )
          .join('')
      );
    case 'sports':
      return (
        `<circle cx="120" cy="130" r="92" fill="#fff"/><path d="M120 86l42 30-16 48h-52l-16-48z" fill="${dark}"/>` +
        `<path d="M120 38v48M162 116l46-14M146 164l28 40M94 164l-28 40M78 116l-46-14" stroke="${dark}" stroke-width="8"/>`
      );
    case 'vip':
      return (
        `<path d="M20 200l20-130 50 60 30-80 30 80 50-60 20 130z" fill="#fff"/><rect x="20" y="196" width="200" height="24" rx="6" fill="${light}"/>` +
        `<circle cx="120" cy="150" r="16" fill="${dark}"/><circle cx="64" cy="160" r="10" fill="${dark}"/><circle cx="176" cy="160" r="10" fill="${dark}"/>`
      );
    case 'referral':
      return (
        `<circle cx="80" cy="90" r="36" fill="#fff"/><path d="M16 210c0-50 28-78 64-78s64 28 64 78z" fill="#fff"/>` +
        `<circle cx="164" cy="100" r="30" fill="${light}"/><path d="M110 214c0-42 24-66 54-66s54 24 54 66z" fill="${light}"/>`
      );
  }
}

/** A home slide banner (3:1) in the site's colour, with the site name, a caption and a motif. */
export function bannerSvg(siteName: string, color: string, motif: BannerMotif): string {
  const base = THEME_COLOR_HEX[color as ThemeColor] ?? '#d4a017';
  const light = shade(base, 0.4);
  const dark = shade(base, -0.55);
  const [caption, subtitle] = CAPTIONS[motif];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 400" width="1200" height="400" role="img" aria-label="${escapeHtml(`${siteName}: ${caption}`)}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${base}"/></linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#bg)"/>` +
    `<circle cx="1030" cy="60" r="220" fill="#fff" opacity=".07"/><circle cx="880" cy="420" r="160" fill="#fff" opacity=".06"/>` +
    `<text x="72" y="112" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="30" letter-spacing="2" fill="${light}">${escapeHtml(siteName.toUpperCase())}</text>` +
    `<text x="72" y="212" font-family="${FONT}" font-weight="900" font-size="76" fill="#fff">${escapeHtml(caption)}</text>` +
    `<text x="72" y="268" font-family="Arial, Helvetica, sans-serif" font-size="34" fill="#fff" opacity=".9">${escapeHtml(subtitle)}</text>` +
    `<rect x="72" y="302" width="200" height="56" rx="28" fill="${light}"/>` +
    `<text x="172" y="339" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="24" fill="${dark}">PLAY NOW</text>` +
    `<g transform="translate(880 70)">${motifArt(motif, light, dark)}</g></svg>`
  );
}

/** A small stable hash, so each partner gets its own colour. */
function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A partner's mark (3:1): the partner's name on a badge of its own colour. */
export function partnerSvg(name: string): string {
  const hue = hash(name) % 360;
  const size = name.length > 14 ? 20 : name.length > 9 ? 24 : 30;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label="${escapeHtml(name)}">` +
    `<rect width="240" height="80" rx="14" fill="hsl(${hue} 45% 18%)"/><rect x="4" y="4" width="232" height="72" rx="11" fill="none" stroke="hsl(${hue} 70% 60%)" stroke-width="2"/>` +
    `<circle cx="34" cy="40" r="16" fill="hsl(${hue} 70% 60%)"/><path d="M27 40l5 5 10-11" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text x="140" y="${40 + size * 0.36}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeHtml(name)}</text></svg>`
  );
}

const SOCIAL_ICONS: Record<SocialType, { label: string; background: string; glyph: string }> = {
  facebook: {
    label: 'Facebook',
    background: '#1877f2',
    glyph: '<path d="M35 52V34h6l1-7h-7v-4c0-2 1-3 3-3h4v-6c-1 0-3-1-6-1-6 0-9 4-9 9v5h-6v7h6v18z" fill="#fff"/>',
  },
  telegram: {
    label: 'Telegram',
    background: '#229ed9',
    glyph: '<path d="M14 31l34-13c2-1 3 0 2 3l-6 28c0 2-2 2-3 1l-9-7-4 4c-1 1-2 1-2-1l1-7 16-15-20 12-8-2c-2-1-2-2-1-3z" fill="#fff"/>',
  },
  instagram: {
    label: 'Instagram',
    background: '#d62976',
    glyph: '<rect x="17" y="17" width="30" height="30" rx="9" fill="none" stroke="#fff" stroke-width="4"/><circle cx="32" cy="32" r="7" fill="none" stroke="#fff" stroke-width="4"/><circle cx="41" cy="23" r="2" fill="#fff"/>',
  },
  youtube: {
    label: 'YouTube',
    background: '#ff0000',
    glyph: '<rect x="13" y="20" width="38" height="24" rx="7" fill="#fff"/><path d="M28 26v12l10-6z" fill="#ff0000"/>',
  },
  x: {
    label: 'X',
    background: '#111111',
    glyph: '<path d="M19 18h8l18 28h-8zM44 18L21 46" stroke="#fff" stroke-width="4" fill="none"/>',
  },
  whatsapp: {
    label: 'WhatsApp',
    background: '#25d366',
    glyph: '<path d="M32 15a16 16 0 0 0-14 24l-2 9 9-2a16 16 0 1 0 7-31z" fill="none" stroke="#fff" stroke-width="4"/><path d="M26 26c0 7 5 12 12 12l2-3-4-2-2 2c-2-1-4-3-5-5l2-2-2-4z" fill="#fff"/>',
  },
};

/** A social platform's round icon (64×64). */
export function socialIconSvg(type: SocialType): string {
  const icon = SOCIAL_ICONS[type];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${icon.label}">` +
    `<circle cx="32" cy="32" r="32" fill="${icon.background}"/>${icon.glyph}</svg>`
  );
}

const isMotif = (value: string): value is BannerMotif => (BANNER_MOTIFS as readonly string[]).includes(value);
const isSocialType = (value: string): value is SocialType => (SOCIAL_TYPES as readonly string[]).includes(value);

/** Registers the content artwork routes (call before the /api/* not-found route). */
export async function registerContentMedia(app: FastifyInstance, db: Db): Promise<void> {
  const sendSvg = (reply: FastifyReply, svg: string) =>
    reply.type('image/svg+xml; charset=utf-8').header('cache-control', ART_CACHE).header('content-security-policy', SVG_CSP).send(svg);

  app.get<{ Params: { externalId: string; file: string } }>('/api/media/banner/:externalId/:file', async (request, reply) => {
    const motif = request.params.file.replace(/\.svg$/, '');
    if (!request.params.file.endsWith('.svg') || !isMotif(motif)) return reply.code(404).send(failure('notFound'));
    const [site] = await db
      .select({ name: sites.siteName, color: sites.themeColor })
      .from(sites)
      .where(eq(sites.externalId, request.params.externalId))
      .limit(1);
    if (!site) return reply.code(404).send(failure('notFound'));
    return sendSvg(reply, bannerSvg(site.name, site.color, motif));
  });

  app.get<{ Params: { file: string } }>('/api/media/partner/:file', async (request, reply) => {
    const { file } = request.params;
    if (!file.endsWith('.svg')) return reply.code(404).send(failure('notFound'));
    const [provider] = await db
      .select({ name: providers.name })
      .from(providers)
      .where(eq(providers.slug, file.slice(0, -4)))
      .limit(1);
    if (!provider) return reply.code(404).send(failure('notFound'));
    return sendSvg(reply, partnerSvg(provider.name));
  });

  app.get<{ Params: { file: string } }>('/api/media/social/:file', async (request, reply) => {
    const type = request.params.file.replace(/\.svg$/, '');
    if (!request.params.file.endsWith('.svg') || !isSocialType(type)) return reply.code(404).send(failure('notFound'));
    return sendSvg(reply, socialIconSvg(type));
  });
}
