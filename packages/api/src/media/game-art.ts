import type { GameCategory } from '@wl/contracts';
import { shade } from './logo.js';
import { escapeHtml } from '../escape.js';

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

/** Splits a name into at most two lines of about 12 characters. */
function lines(name: string): string[] {
  const words = name.split(/\s+/);
  const out: string[] = [];
  for (const word of words) {
    const last = out[out.length - 1];
    if (last !== undefined && (last + ' ' + word).length <= 12) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.length > 2 ? [out[0]!, out.slice(1).join(' ')] : out;
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
 * The blur placeholder of a game's artwork (spec §9: size 32): a 32 px wide SVG of the tile's
 * gradient, blurred, as a data: URI small enough to travel inside every list reply.
 */
export function gamePlaceholder(game: GameArtSubject): string {
  const key = `${game.category}\u0000${game.provider}\u0000${game.name}`;
  const known = placeholders.get(key);
  if (known) return known;
  const { angle, a, b } = backgroundOf(game);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 43" width="32" height="43">` +
    `<filter id="b"><feGaussianBlur stdDeviation="2"/></filter>` +
    `<linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
    `<rect width="32" height="43" fill="url(#g)" filter="url(#b)"/></svg>`;
  const uri = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  placeholders.set(key, uri);
  return uri;
}

/** Game tile artwork (3:4), drawn from the game's name, provider and category. */
export function gameArtSvg(game: GameArtSubject): string {
  const [, to] = CATEGORY_COLORS[game.category];
  const { h, angle, a, b } = backgroundOf(game);
  const circles = Array.from({ length: 5 }, (_, i) => {
    const x = (h >> (i * 3)) % 300;
    const y = (h >> (i * 4 + 1)) % 400;
    const r = 20 + ((h >> (i * 5)) % 70);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.05 + (i % 3) * 0.04).toFixed(2)}"/>`;
  }).join('');
  const title = lines(game.name)
    .map((line, i, all) => `<text x="150" y="${230 + (i - (all.length - 1) / 2) * 44}" text-anchor="middle" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" font-size="${line.length > 10 ? 32 : 38}" fill="#fff" stroke="${shade(to, -0.5)}" stroke-width="6" paint-order="stroke">${escapeHtml(line)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${escapeHtml(game.name)}">` +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
    `<radialGradient id="glow" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<clipPath id="tile"><rect width="300" height="400"/></clipPath></defs>` +
    `<g clip-path="url(#tile)"><rect width="300" height="400" fill="url(#bg)"/>${circles}<rect width="300" height="400" fill="url(#glow)"/></g>` +
    title +
    `<rect x="0" y="340" width="300" height="60" fill="#000" opacity=".35"/>` +
    `<text x="150" y="378" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="22" letter-spacing="2" fill="#fff">${escapeHtml(game.provider.toUpperCase())}</text></svg>`
  );
}
