import type { GameCategory } from '@wl/contracts';
import { shade } from './logo.js';
import { escapeHtml } from '../escape.js';
import { gameEmblem } from './game-emblems.js';

/** A colour pair per category, so a lobby's tiles read as one family. */
const CATEGORY_COLORS: Record<GameCategory, [string, string]> = {
  slots: ['#ff4e8a', '#6a11cb'],
  livecasino: ['#c9a227', '#7a1120'],
  hashgame: ['#00c9a7', '#134e5e'],
  sportsbook: ['#2ecc71', '#0b3d2e'],
  fish: ['#00b4db', '#0052a5'],
  table: ['#e53935', '#2b0a3d'],
  sabong: ['#ff9800', '#5d1a00'],
  lottery: ['#ffd54f', '#b71c1c'],
  horseracing: ['#8d6e63', '#1b5e20'],
  bingo: ['#ab47bc', '#283593'],
  arcade: ['#7c4dff', '#00bcd4'],
  crash: ['#ff5252', '#1a1a2e'],
};

/** A small stable hash, so each game gets its own variation of its category's artwork. */
function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A name on one line when short, else on two lines split where they come out most even ("Classic" / "Sic Bo"). */
function lines(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  if (name.length <= 12 || words.length < 2) return [words.join(' ')];
  let best: string[] = [];
  for (let split = 1; split < words.length; split++) {
    const pair = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    if (best.length === 0 || Math.max(...pair.map((line) => line.length)) < Math.max(...best.map((line) => line.length))) best = pair;
  }
  return best;
}

export interface GameArtSubject {
  name: string;
  provider: string;
  category: GameCategory;
}

/** The tile's background: a gradient angle and its two colours, varied per game within its category's pair. */
function backgroundOf(game: GameArtSubject): { h: number; angle: number; a: string; b: string } {
  const [from, to] = CATEGORY_COLORS[game.category];
  const h = hash(game.name + game.provider);
  return { h, angle: h % 360, a: shade(from, ((h >> 8) % 30) / 100 - 0.15), b: shade(to, ((h >> 16) % 30) / 100 - 0.15) };
}

/** Memoised placeholders: a catalogue has a few thousand games, each asked for on every list. */
const placeholders = new Map<string, string>();

/**
 * The placeholder of a game's artwork (docs/product.md §9 blur placeholder), shown until the image loads: the
 * artwork's own background gradient as a CSS image, which is what a blurred artwork looks like.
 * Not an image file: a browser builds a whole document for each SVG data: URI a page shows (about
 * 5 ms each on a desktop, four times that on a phone: half a second for a home page's tiles),
 * where a gradient costs nothing; and it is a tenth of the size. SVG gradients turn clockwise from
 * "left to right", CSS angles from "to top": hence the 90°.
 */
export function gamePlaceholder(game: GameArtSubject): string {
  const key = `${game.category}\u0000${game.provider}\u0000${game.name}`;
  const known = placeholders.get(key);
  if (known) return known;
  const { angle, a, b } = backgroundOf(game);
  const uri = `linear-gradient(${(angle + 90) % 360}deg,${a},${b})`;
  placeholders.set(key, uri);
  return uri;
}

/**
 * The version of the artwork's drawing, part of every image URL (gameArtUrl): a URL names one
 * drawing for good, so browsers and CDNs may keep it for a year. Bump it when the drawing or its
 * format changes, with a seed step that calls refreshGameArtUrls (demo/catalogue.ts).
 */
export const GAME_ART_VERSION = 3;

/**
 * The platform's image URL of a game's artwork, versioned: the WebP form of the drawing (from
 * version 3; media/raster.ts says why). The same path ending in .svg answers the drawing itself.
 */
export function gameArtUrl(providerCode: string, gameCode: string): string {
  return `/api/media/game/v${GAME_ART_VERSION}/${encodeURIComponent(providerCode)}/${encodeURIComponent(gameCode)}.webp`;
}

/** Light rays from the emblem's centre, turned per game. */
function sunburst(h: number): string {
  const rays = 16;
  let out = '';
  for (let i = 0; i < rays; i += 2) {
    const a1 = (i / rays) * 2 * Math.PI;
    const a2 = ((i + 1) / rays) * 2 * Math.PI;
    const p = (a: number) => `${Math.round(150 + 420 * Math.cos(a))} ${Math.round(140 + 420 * Math.sin(a))}`;
    out += `<path d="M150 140L${p(a1)}L${p(a2)}Z"/>`;
  }
  return `<g fill="#fff" opacity=".07" transform="rotate(${h % 23} 150 140)">${out}</g>`;
}

/**
 * Game tile artwork (3:4), drawn from the game's name, provider and category: the category's
 * gradient with light rays, the category's emblem (game-emblems.ts), the name in large type over
 * a shade that keeps it legible, and the provider's band at the bottom. The site's tiles add the
 * live, hot and new badges in the player's language, so the artwork carries none.
 */
export function gameArtSvg(game: GameArtSubject): string {
  const [from, to] = CATEGORY_COLORS[game.category];
  const { h, angle, a, b } = backgroundOf(game);
  const circles = Array.from({ length: 4 }, (_, i) => {
    const x = (h >> (i * 3)) % 300;
    const y = (h >> (i * 4 + 1)) % 400;
    const r = 20 + ((h >> (i * 5)) % 60);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.04 + (i % 3) * 0.03).toFixed(2)}"/>`;
  }).join('');
  const titleLines = lines(game.name);
  const title = titleLines
    .map((line, i, all) => {
      const size = line.length > 11 ? 30 : 36;
      // A long single word is squeezed into the tile rather than cut at its edges.
      const fit = line.length > 14 ? ' textLength="276" lengthAdjust="spacingAndGlyphs"' : '';
      return `<text x="150" y="${Math.round(300 + (i - (all.length - 1) / 2) * 38)}"${fit} text-anchor="middle" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" font-size="${size}" fill="url(#title)" stroke="${shade(to, -0.6)}" stroke-width="7" stroke-linejoin="round" paint-order="stroke">${escapeHtml(line)}</text>`;
    })
    .join('');
  const emblem = gameEmblem(game.category, { h, name: game.name, light: shade(from, 0.1), dark: shade(to, -0.3) });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${escapeHtml(game.name)}">` +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
    `<radialGradient id="glow" cx=".5" cy=".35" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="shine" cx=".35" cy=".3" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".65"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></radialGradient>` +
    `<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset=".45" stop-color="#ffc837"/><stop offset="1" stop-color="#c7850c"/></linearGradient>` +
    `<linearGradient id="reel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfd8dc"/><stop offset=".2" stop-color="#fff"/><stop offset=".8" stop-color="#fff"/><stop offset="1" stop-color="#cfd8dc"/></linearGradient>` +
    `<linearGradient id="title" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#ffe9a8"/></linearGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".55"/></linearGradient>` +
    `<filter id="drop" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="6" stdDeviation="5" flood-opacity=".4"/></filter>` +
    `<clipPath id="tile"><rect width="300" height="400"/></clipPath></defs>` +
    `<g clip-path="url(#tile)"><rect width="300" height="400" fill="url(#bg)"/>${sunburst(h)}${circles}<rect width="300" height="400" fill="url(#glow)"/>` +
    `<rect y="236" width="300" height="104" fill="url(#shade)"/></g>` +
    `<g transform="translate(50 38)" filter="url(#drop)">${emblem}</g>` +
    title +
    `<rect x="0" y="340" width="300" height="60" fill="#000" opacity=".55"/>` +
    `<rect x="0" y="340" width="300" height="3" fill="${shade(from, 0.2)}"/>` +
    `<text x="150" y="379" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="22" letter-spacing="2" fill="#fff">${escapeHtml(game.provider.toUpperCase())}</text></svg>`
  );
}
