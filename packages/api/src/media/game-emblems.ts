import type { GameCategory } from '@wl/contracts';

/**
 * The emblem drawn on a game tile: what the category is about (reels and sevens for slots, cards
 * and chips for live casino, a fish, a rooster, a rocket...), varied per game by its name (a
 * roulette for "Lightning Roulette", dice for "VIP Sic Bo") and by a hash of it (which symbols
 * land on the reels, which numbers are drawn). Each emblem is drawn in a 200×190 box at the
 * origin; game-art.ts places it and adds the background, the name and the provider band.
 *
 * The drawings use the gradients `shine` (a ball's highlight) and `gold` of the tile's <defs>.
 */

export interface EmblemContext {
  /** A stable hash of the game, for the variations. */
  h: number;
  name: string;
  /** The category's light and dark colours, varied per game. */
  light: string;
  dark: string;
}

const FONT = 'Arial Black, Arial, Helvetica, sans-serif';
const BALL_COLORS = ['#e53935', '#1e88e5', '#43a047', '#fdd835', '#8e24aa', '#fb8c00', '#00acc1'];

/** The bits of `h` from `shift`, modulo `n`: one of n choices per variation. */
function pick(h: number, shift: number, n: number): number {
  return (((h >>> shift) ^ (h >>> (shift + 11))) >>> 0) % n;
}

const round = (value: number) => Math.round(value * 10) / 10;

function text(x: number, y: number, size: number, fill: string, content: string, extra = ''): string {
  return `<text x="${x}" y="${y}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="${size}" fill="${fill}"${extra}>${content}</text>`;
}

/* Playing-card suits in a 20×20 box. */
type Suit = 'spade' | 'heart' | 'diamond' | 'club';
const SUIT_PATHS: Record<Suit, string> = {
  heart: '<path d="M10 19C10 19 0 12 0 6A5 5 0 0 1 10 4A5 5 0 0 1 20 6C20 12 10 19 10 19Z"/>',
  spade: '<path d="M10 0C10 0 0 7 0 12A4.8 4.8 0 0 0 9 14L7.5 20H12.5L11 14A4.8 4.8 0 0 0 20 12C20 7 10 0 10 0Z"/>',
  diamond: '<path d="M10 0L18 10L10 20L2 10Z"/>',
  club: '<circle cx="10" cy="5" r="4.6"/><circle cx="4.8" cy="12" r="4.6"/><circle cx="15.2" cy="12" r="4.6"/><path d="M8.6 11L7 20H13L11.4 11Z"/>',
};
const SUIT_COLOR: Record<Suit, string> = { heart: '#d32f2f', diamond: '#d32f2f', spade: '#1a1a1a', club: '#1a1a1a' };

function suit(kind: Suit, x: number, y: number, size: number): string {
  return `<g transform="translate(${x} ${y}) scale(${size / 20})" fill="${SUIT_COLOR[kind]}">${SUIT_PATHS[kind]}</g>`;
}

/** A playing card of 64×92 whose centre is (x, y), turned by `angle` degrees about (px, py). */
function card(x: number, y: number, rank: string, kind: Suit, angle = 0, px = x, py = y): string {
  const left = x - 32;
  const top = y - 46;
  return (
    `<g transform="rotate(${angle} ${px} ${py})">` +
    `<rect x="${left}" y="${top}" width="64" height="92" rx="7" fill="#fff" stroke="#00000033" stroke-width="2"/>` +
    `<text x="${left + 7}" y="${top + 21}" font-family="${FONT}" font-weight="900" font-size="18" fill="${SUIT_COLOR[kind]}">${rank}</text>` +
    suit(kind, left + 8, top + 25, 11) +
    suit(kind, x - 14, y - 8, 30) +
    `</g>`
  );
}

/** A casino chip of radius r. */
function chip(cx: number, cy: number, r: number, color: string): string {
  const dash = round((2 * Math.PI * r * 0.82) / 16);
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" stroke="#00000040" stroke-width="1.5"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.82)}" fill="none" stroke="#fff" stroke-width="${round(r * 0.22)}" stroke-dasharray="${dash} ${dash}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.55)}" fill="${color}" stroke="#fff" stroke-width="2"/>`
  );
}

/** A stack of n chips seen from the side, its bottom at (cx, bottom). */
function chipStack(cx: number, bottom: number, n: number, color: string): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const y = bottom - i * 9;
    out +=
      `<ellipse cx="${cx}" cy="${y}" rx="26" ry="9" fill="${color}" stroke="#00000055" stroke-width="1.5"/>` +
      `<path d="M${cx - 26} ${y}v-6M${cx + 26} ${y}v-6" stroke="${color}" stroke-width="2"/>`;
  }
  const top = bottom - n * 9;
  return out + `<ellipse cx="${cx}" cy="${top}" rx="26" ry="9" fill="${color}" stroke="#fff" stroke-width="3" stroke-dasharray="7 5"/>`;
}

/** A die of side s with `value` pips, its centre at (cx, cy), turned by `angle`. */
function die(cx: number, cy: number, s: number, value: number, angle: number, pip = '#c62828'): string {
  const spots: Record<number, [number, number][]> = {
    1: [[0.5, 0.5]],
    2: [[0.27, 0.27], [0.73, 0.73]],
    3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
    4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
    5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
    6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
  };
  const x = cx - s / 2;
  const y = cy - s / 2;
  const pips = (spots[value] ?? spots[1]!)
    .map(([px, py]) => `<circle cx="${round(x + px * s)}" cy="${round(y + py * s)}" r="${round(s * 0.09)}" fill="${pip}"/>`)
    .join('');
  return (
    `<g transform="rotate(${angle} ${cx} ${cy})">` +
    `<rect x="${x + 4}" y="${y + 6}" width="${s}" height="${s}" rx="${s * 0.18}" fill="#00000040"/>` +
    `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${s * 0.18}" fill="#fff" stroke="#d0d0d0" stroke-width="2"/>${pips}</g>`
  );
}

/** A lottery or bingo ball: the colour, a white disc and a label (one or two lines). */
function ball(cx: number, cy: number, r: number, color: string, label: string, caption = ''): string {
  const labelSize = round(r * (caption ? 0.5 : 0.62));
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.6)}" fill="#fff"/>` +
    (caption ? text(cx, round(cy - r * 0.12), round(r * 0.3), '#333', caption) : '') +
    text(cx, round(cy + (caption ? r * 0.38 : r * 0.22)), labelSize, '#222', label) +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#shine)"/>`
  );
}

/* ---- Slots: a machine window with three reels ---- */

type ReelSymbol = 'seven' | 'cherry' | 'bell' | 'bar' | 'diamond' | 'star';
const REEL_SYMBOLS: ReelSymbol[] = ['seven', 'cherry', 'bell', 'bar', 'diamond', 'star'];

function reelSymbol(kind: ReelSymbol, cx: number, cy: number): string {
  switch (kind) {
    case 'seven':
      return text(cx, cy + 17, 50, '#e53935', '7', ' stroke="#7a0000" stroke-width="2"');
    case 'cherry':
      return (
        `<path d="M${cx - 9} ${cy + 6}C${cx - 6} ${cy - 8} ${cx} ${cy - 16} ${cx + 8} ${cy - 20}M${cx + 9} ${cy + 8}C${cx + 9} ${cy - 6} ${cx + 8} ${cy - 14} ${cx + 8} ${cy - 20}" stroke="#2e7d32" stroke-width="3" fill="none"/>` +
        `<path d="M${cx + 8} ${cy - 20}c6-6 14-4 16 0c-6 4-12 4-16 0z" fill="#43a047"/>` +
        `<circle cx="${cx - 10}" cy="${cy + 11}" r="10" fill="#d50000"/><circle cx="${cx + 9}" cy="${cy + 13}" r="10" fill="#c62828"/>` +
        `<circle cx="${cx - 13}" cy="${cy + 7}" r="3" fill="#fff" opacity=".7"/><circle cx="${cx + 6}" cy="${cy + 9}" r="3" fill="#fff" opacity=".7"/>`
      );
    case 'bell':
      return (
        `<path d="M${cx} ${cy - 22}c-14 0-18 12-18 24c0 8-4 12-6 14h48c-2-2-6-6-6-14c0-12-4-24-18-24z" fill="url(#gold)" stroke="#8d6e00" stroke-width="2"/>` +
        `<circle cx="${cx}" cy="${cy + 20}" r="5" fill="#8d6e00"/><rect x="${cx - 3}" y="${cy - 27}" width="6" height="7" rx="2" fill="#8d6e00"/>`
      );
    case 'bar':
      return (
        `<rect x="${cx - 22}" y="${cy - 12}" width="44" height="24" rx="4" fill="#212121" stroke="#ffd54f" stroke-width="2"/>` +
        text(cx, cy + 6, 15, '#fff', 'BAR')
      );
    case 'diamond':
      return (
        `<path d="M${cx - 20} ${cy - 8}l8-10h24l8 10l-20 24z" fill="#4dd0e1" stroke="#006064" stroke-width="2"/>` +
        `<path d="M${cx - 20} ${cy - 8}h40M${cx - 8} ${cy - 18}l-4 10l12 24l12-24l-4-10" stroke="#006064" stroke-width="1.5" fill="none"/>`
      );
    case 'star':
      return `<path d="M${cx} ${cy - 22}l6.5 14 15.5 1.8-11.5 10.5 3.2 15.2-13.7-7.8-13.7 7.8 3.2-15.2-11.5-10.5 15.5-1.8z" fill="#ffca28" stroke="#e65100" stroke-width="2"/>`;
  }
}

function slotsEmblem({ h, dark }: EmblemContext): string {
  // One game in five shows a winning line of one symbol.
  const jackpot = pick(h, 3, 5) === 0;
  const symbols = [0, 1, 2].map((i) => REEL_SYMBOLS[jackpot ? pick(h, 7, REEL_SYMBOLS.length) : pick(h, 5 + i * 4, REEL_SYMBOLS.length)]!);
  const reels = symbols
    .map(
      (kind, i) =>
        `<rect x="${18 + i * 56}" y="58" width="52" height="92" rx="6" fill="url(#reel)"/>` + reelSymbol(kind, 44 + i * 56, 104),
    )
    .join('');
  const lights = Array.from({ length: 8 }, (_, i) => `<circle cx="${22 + i * 22.3}" cy="170" r="4.5" fill="${i % 2 ? '#fff59d' : '#ff5252'}"/>`).join('');
  return (
    `<rect x="52" y="2" width="96" height="36" rx="10" fill="${dark}" stroke="url(#gold)" stroke-width="4"/>` +
    text(100, 28, 19, 'url(#gold)', jackpot ? 'JACKPOT' : 'WIN', ' letter-spacing="1"') +
    `<rect x="0" y="34" width="200" height="150" rx="20" fill="url(#gold)" stroke="#6d4c00" stroke-width="3"/>` +
    `<rect x="10" y="50" width="180" height="108" rx="10" fill="#1b1b2f"/>` +
    reels +
    `<path d="M10 104h180" stroke="#ff1744" stroke-width="3" opacity=".55"/>` +
    lights
  );
}

/* ---- Live casino and table games ---- */

function rouletteWheel(cx: number, cy: number, r: number, h: number): string {
  const segments = 37;
  let paths = '';
  for (let i = 0; i < segments; i++) {
    const a1 = (i / segments) * 2 * Math.PI;
    const a2 = ((i + 1) / segments) * 2 * Math.PI;
    const inner = r * 0.62;
    const fill = i === 0 ? '#2e7d32' : i % 2 ? '#c62828' : '#1a1a1a';
    const p = (a: number, radius: number) => `${round(cx + radius * Math.sin(a))} ${round(cy - radius * Math.cos(a))}`;
    paths += `<path d="M${p(a1, inner)}L${p(a1, r)}A${r} ${r} 0 0 1 ${p(a2, r)}L${p(a2, inner)}Z" fill="${fill}"/>`;
  }
  const ballAngle = (pick(h, 4, 37) / 37) * 2 * Math.PI;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r + 10}" fill="#6d3b12" stroke="url(#gold)" stroke-width="5"/>` +
    `<g transform="rotate(${pick(h, 9, 360)} ${cx} ${cy})">${paths}</g>` +
    `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.62)}" fill="#8d5524" stroke="url(#gold)" stroke-width="3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.2)}" fill="url(#gold)"/>` +
    `<path d="M${cx - r * 0.45} ${cy}H${cx + r * 0.45}M${cx} ${cy - r * 0.45}V${cy + r * 0.45}" stroke="url(#gold)" stroke-width="6" stroke-linecap="round"/>` +
    `<circle cx="${round(cx + r * 0.8 * Math.sin(ballAngle))}" cy="${round(cy - r * 0.8 * Math.cos(ballAngle))}" r="6" fill="#fff" stroke="#999"/>`
  );
}

function moneyWheel(cx: number, cy: number, r: number, h: number): string {
  const colors = ['#fdd835', '#1e88e5', '#8e24aa', '#43a047', '#e53935', '#fb8c00'];
  const values = ['1', '2', '5', '10', '20', '40'];
  const segments = 12;
  let out = '';
  for (let i = 0; i < segments; i++) {
    const a1 = (i / segments) * 2 * Math.PI;
    const a2 = ((i + 1) / segments) * 2 * Math.PI;
    const p = (a: number, radius: number) => `${round(cx + radius * Math.sin(a))} ${round(cy - radius * Math.cos(a))}`;
    out += `<path d="M${cx} ${cy}L${p(a1, r)}A${r} ${r} 0 0 1 ${p(a2, r)}Z" fill="${colors[(i + pick(h, 3, 6)) % colors.length]}" stroke="#fff" stroke-width="2"/>`;
    const mid = (a1 + a2) / 2;
    const deg = round((mid * 180) / Math.PI);
    out += `<text x="${cx}" y="${round(cy - r * 0.72)}" transform="rotate(${deg} ${cx} ${cy})" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="15" fill="#fff" stroke="#0006" stroke-width="2" paint-order="stroke">${values[i % values.length]}</text>`;
  }
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="url(#gold)"/>` +
    out +
    Array.from({ length: segments }, (_, i) => {
      const a = (i / segments) * 2 * Math.PI;
      return `<circle cx="${round(cx + (r + 4) * Math.sin(a))}" cy="${round(cy - (r + 4) * Math.cos(a))}" r="3" fill="#fff"/>`;
    }).join('') +
    `<circle cx="${cx}" cy="${cy}" r="16" fill="url(#gold)" stroke="#6d4c00" stroke-width="2"/>` +
    `<path d="M${cx - 12} ${cy - r - 14}h24l-12 22z" fill="#e53935" stroke="#fff" stroke-width="2"/>`
  );
}

const FACE_RANKS = ['A', 'K', 'Q', 'J', '10', '9'];
const SUITS: Suit[] = ['spade', 'heart', 'diamond', 'club'];

function cardFan(h: number, chipColor: string): string {
  const cards = [-20, 0, 20]
    .map((angle, i) => card(100, 92, FACE_RANKS[pick(h, 2 + i * 5, FACE_RANKS.length)]!, SUITS[pick(h, 4 + i * 3, 4)]!, angle, 100, 170))
    .join('');
  return cards + chipStack(36, 178, 4, chipColor) + chip(168, 160, 24, '#1e88e5') + chip(150, 178, 16, '#e53935');
}

function liveCasinoEmblem({ h, name, light }: EmblemContext): string {
  if (/roulette/i.test(name)) return rouletteWheel(100, 95, 78, h);
  if (/wheel/i.test(name)) return moneyWheel(100, 100, 80, h);
  if (/sic bo|fan tan/i.test(name)) {
    return (
      `<ellipse cx="100" cy="150" rx="96" ry="30" fill="#0b6623" stroke="url(#gold)" stroke-width="4"/>` +
      die(60, 110, 56, pick(h, 2, 6) + 1, -12) +
      die(140, 112, 56, pick(h, 6, 6) + 1, 10) +
      die(100, 64, 56, pick(h, 10, 6) + 1, 4)
    );
  }
  return cardFan(h, light);
}

function tableEmblem({ h, light }: EmblemContext): string {
  const first = SUITS[pick(h, 4, 4)]!;
  const second = SUITS[pick(h, 8, 4)]!;
  return (
    `<ellipse cx="100" cy="120" rx="98" ry="62" fill="#0b6623" stroke="#5d3a1a" stroke-width="10"/>` +
    `<ellipse cx="100" cy="120" rx="80" ry="46" fill="none" stroke="#ffffff40" stroke-width="2"/>` +
    card(78, 96, FACE_RANKS[pick(h, 2, 3)]!, first, -12) +
    card(124, 96, FACE_RANKS[pick(h, 6, 4)]!, second, 12) +
    chipStack(40, 168, 3, light) +
    chipStack(162, 170, 5, '#1e88e5')
  );
}

/* ---- Fishing ---- */

const FISH_COLORS = ['#ff8f00', '#ffca28', '#ef5350', '#ab47bc', '#26c6da', '#66bb6a'];

function fishEmblem({ h }: EmblemContext): string {
  const body = FISH_COLORS[pick(h, 3, FISH_COLORS.length)]!;
  const stripe = FISH_COLORS[(pick(h, 3, FISH_COLORS.length) + 3) % FISH_COLORS.length]!;
  return (
    `<path d="M0 170q25-14 50 0t50 0t50 0t50 0" stroke="#fff" stroke-width="4" fill="none" opacity=".6"/>` +
    `<path d="M0 184q25-14 50 0t50 0t50 0t50 0" stroke="#fff" stroke-width="3" fill="none" opacity=".35"/>` +
    `<path d="M150 92L198 50L188 94L198 140Z" fill="${stripe}" stroke="#0004" stroke-width="2"/>` +
    `<path d="M70 52C90 18 130 24 140 56Z" fill="${stripe}" stroke="#0004" stroke-width="2"/>` +
    `<ellipse cx="92" cy="94" rx="70" ry="46" fill="${body}" stroke="#0004" stroke-width="2"/>` +
    `<path d="M96 52c14 22 14 62 0 84M122 58c10 18 10 54 0 72" stroke="${stripe}" stroke-width="9" fill="none" opacity=".8"/>` +
    `<path d="M84 108c10 4 22 18 14 30c-10-4-18-16-14-30z" fill="${stripe}" opacity=".9"/>` +
    `<circle cx="50" cy="82" r="13" fill="#fff"/><circle cx="46" cy="82" r="7" fill="#111"/><circle cx="44" cy="79" r="2.5" fill="#fff"/>` +
    `<path d="M24 102q8 6 16 2" stroke="#0007" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="92" cy="94" rx="70" ry="46" fill="url(#shine)"/>` +
    `<circle cx="20" cy="46" r="8" fill="none" stroke="#fff" stroke-width="3" opacity=".8"/>` +
    `<circle cx="30" cy="20" r="5" fill="none" stroke="#fff" stroke-width="3" opacity=".7"/>` +
    `<circle cx="12" cy="6" r="3.5" fill="none" stroke="#fff" stroke-width="2" opacity=".6"/>`
  );
}

/* ---- Hash games: blocks of a chain ---- */

function cube(cx: number, cy: number, s: number, color: string, label: string): string {
  const half = s / 2;
  const q = s / 4;
  return (
    `<path d="M${cx} ${cy - half}L${cx + half} ${cy - q}L${cx} ${cy}L${cx - half} ${cy - q}Z" fill="${color}"/>` +
    `<path d="M${cx - half} ${cy - q}L${cx} ${cy}V${cy + half}L${cx - half} ${cy + q}Z" fill="${color}" opacity=".8"/>` +
    `<path d="M${cx + half} ${cy - q}L${cx} ${cy}V${cy + half}L${cx + half} ${cy + q}Z" fill="#000" opacity=".35"/>` +
    `<path d="M${cx - half} ${cy - q}L${cx} ${cy}V${cy + half}L${cx - half} ${cy + q}Z" fill="url(#shine)"/>` +
    `<path d="M${cx} ${cy - half}L${cx + half} ${cy - q}V${cy + q}L${cx} ${cy + half}L${cx - half} ${cy + q}V${cy - q}Z" fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/>` +
    text(cx - q, cy + q + 8, round(s * 0.26), '#fff', label)
  );
}

function hashEmblem({ h, light }: EmblemContext): string {
  const hex = '0123456789ABCDEF';
  const digits = [0, 1, 2].map((i) => hex[pick(h, i * 4, 16)]!);
  const link = (x1: number, y1: number, x2: number, y2: number) =>
    `<path d="M${x1} ${y1}L${x2} ${y2}" stroke="#fff" stroke-width="5" stroke-dasharray="10 6" stroke-linecap="round" opacity=".85"/>`;
  return (
    link(52, 136, 100, 84) +
    link(100, 84, 150, 136) +
    cube(46, 132, 76, light, digits[0]!) +
    cube(154, 132, 76, '#00bfa5', digits[1]!) +
    cube(100, 62, 84, '#ffd54f', '#') +
    `<text x="100" y="188" text-anchor="middle" font-family="monospace" font-weight="700" font-size="16" fill="#fff" opacity=".85">0x${digits.join('')}…${hex[pick(h, 13, 16)]}${hex[pick(h, 17, 16)]}</text>`
  );
}

/* ---- Sports ---- */

function soccerBall(cx: number, cy: number, r: number): string {
  const pentagon = (x: number, y: number, size: number, rotate: number) => {
    const points = Array.from({ length: 5 }, (_, i) => {
      const a = ((i * 72 + rotate) * Math.PI) / 180;
      return `${round(x + size * Math.sin(a))},${round(y - size * Math.cos(a))}`;
    }).join(' ');
    return `<polygon points="${points}" fill="#1a1a1a"/>`;
  };
  const around = Array.from({ length: 5 }, (_, i) => {
    const a = ((i * 72 + 36) * Math.PI) / 180;
    return pentagon(cx + r * 0.92 * Math.sin(a), cy - r * 0.92 * Math.cos(a), r * 0.3, i * 72 + 36);
  }).join('');
  const seams = Array.from({ length: 5 }, (_, i) => {
    const a = ((i * 72) * Math.PI) / 180;
    return `<path d="M${round(cx + r * 0.3 * Math.sin(a))} ${round(cy - r * 0.3 * Math.cos(a))}L${round(cx + r * 0.62 * Math.sin(a))} ${round(cy - r * 0.62 * Math.cos(a))}" stroke="#1a1a1a" stroke-width="3"/>`;
  }).join('');
  return (
    `<clipPath id="ball"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff"/>` +
    `<g clip-path="url(#ball)">${pentagon(cx, cy, r * 0.32, 0)}${around}${seams}</g>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#shine)" stroke="#0005" stroke-width="2"/>`
  );
}

function sportsEmblem({ name }: EmblemContext): string {
  const pitch =
    `<path d="M0 176L28 138H172L200 176Z" fill="#2e7d32" stroke="#fff" stroke-width="3"/>` +
    `<path d="M100 138V176M70 158h60" stroke="#fff" stroke-width="2" opacity=".8"/>`;
  if (/basketball/i.test(name)) {
    return (
      pitch +
      `<circle cx="100" cy="84" r="70" fill="#ef6c00"/>` +
      `<path d="M30 84H170M100 14V154M52 34C78 60 78 108 52 134M148 34C122 60 122 108 148 134" stroke="#1a1a1a" stroke-width="4" fill="none"/>` +
      `<circle cx="100" cy="84" r="70" fill="url(#shine)" stroke="#0005" stroke-width="2"/>`
    );
  }
  if (/tennis/i.test(name)) {
    return (
      pitch +
      `<circle cx="100" cy="84" r="66" fill="#d4e157"/>` +
      `<path d="M44 48C74 70 74 100 44 122M156 48C126 70 126 100 156 122" stroke="#fff" stroke-width="6" fill="none"/>` +
      `<circle cx="100" cy="84" r="66" fill="url(#shine)" stroke="#0004" stroke-width="2"/>`
    );
  }
  return pitch + soccerBall(100, 84, 70);
}

/* ---- Sabong: a fighting rooster ---- */

function sabongEmblem({ h }: EmblemContext): string {
  const plumage = ['#b23a1e', '#8d2a14', '#5d4037', '#c0392b'][pick(h, 3, 4)]!;
  return (
    `<path d="M120 120C130 40 190 20 198 70C186 56 160 58 140 122Z" fill="#1b5e20"/>` +
    `<path d="M124 124C150 60 196 60 194 110C180 92 162 96 146 130Z" fill="#263238"/>` +
    `<path d="M128 128C160 96 196 112 186 146C174 128 158 130 146 138Z" fill="#ff8f00"/>` +
    `<path d="M88 160L82 186M108 160L114 186M72 188h20M104 188h20" stroke="#ffb300" stroke-width="6" stroke-linecap="round"/>` +
    `<ellipse cx="100" cy="128" rx="56" ry="40" fill="${plumage}"/>` +
    `<path d="M86 112C110 104 140 112 146 134C128 150 100 150 86 136Z" fill="#000" opacity=".25"/>` +
    `<path d="M100 124c14 4 28 4 38 12M100 134c12 4 24 4 34 10" stroke="#ffcc80" stroke-width="2" fill="none" opacity=".7"/>` +
    `<path d="M58 116C46 84 50 58 66 44L92 50C88 74 94 98 108 112Z" fill="#ef6c00"/>` +
    `<path d="M60 100C54 82 56 66 64 56" stroke="#ffcc80" stroke-width="3" fill="none" opacity=".7"/>` +
    `<circle cx="76" cy="42" r="19" fill="#e65100"/>` +
    `<circle cx="64" cy="22" r="8" fill="#e53935"/><circle cx="76" cy="17" r="9.5" fill="#e53935"/><circle cx="89" cy="22" r="8" fill="#e53935"/>` +
    `<path d="M60 38L38 46L60 52Z" fill="#ffc107" stroke="#8d6e00" stroke-width="1.5"/>` +
    `<ellipse cx="62" cy="62" rx="7" ry="11" fill="#e53935"/>` +
    `<circle cx="72" cy="36" r="5" fill="#fff"/><circle cx="71" cy="36" r="2.6" fill="#111"/>` +
    `<ellipse cx="100" cy="128" rx="56" ry="40" fill="url(#shine)"/>`
  );
}

/* ---- Lottery and bingo: numbered balls ---- */

function lotteryEmblem({ h }: EmblemContext): string {
  // Five different numbers of 1 to 49, as a draw has.
  const drawn = new Set<number>();
  for (let i = 0; drawn.size < 5; i++) {
    let n = 1 + pick(h, i * 5, 49);
    while (drawn.has(n)) n = (n % 49) + 1;
    drawn.add(n);
  }
  const numbers = [...drawn].map((n) => String(n).padStart(2, '0'));
  const color = (i: number) => BALL_COLORS[(pick(h, 2, BALL_COLORS.length) + i * 2) % BALL_COLORS.length]!;
  return (
    `<rect x="18" y="8" width="164" height="70" rx="8" fill="#fff8e1" stroke="#e0c068" stroke-width="2" transform="rotate(-6 100 43)"/>` +
    `<path d="M34 30h90M34 46h120M34 62h70" stroke="#e0c068" stroke-width="5" stroke-linecap="round" transform="rotate(-6 100 43)"/>` +
    ball(56, 98, 30, color(3), numbers[3]!) +
    ball(144, 98, 30, color(4), numbers[4]!) +
    ball(36, 150, 34, color(0), numbers[0]!) +
    ball(100, 146, 38, color(1), numbers[1]!) +
    ball(164, 150, 34, color(2), numbers[2]!)
  );
}

function bingoEmblem({ h, dark }: EmblemContext): string {
  const letters = 'BINGO';
  let grid = `<rect x="20" y="0" width="160" height="118" rx="10" fill="#fff"/>`;
  for (let c = 0; c < 5; c++) {
    grid += `<rect x="${26 + c * 30}" y="6" width="28" height="20" rx="4" fill="${dark}"/>` + text(40 + c * 30, 22, 14, '#fff', letters[c]!);
    for (let r = 0; r < 4; r++) {
      const marked = pick(h, c * 4 + r, 3) === 0;
      grid +=
        `<rect x="${26 + c * 30}" y="${30 + r * 21}" width="28" height="19" rx="3" fill="#eceff1"/>` +
        (marked ? `<circle cx="${40 + c * 30}" cy="${39.5 + r * 21}" r="8" fill="#e53935" opacity=".8"/>` : '');
    }
  }
  const drawn = [0, 1, 2].map((i) => {
    // Three different columns, so no number is drawn twice.
    const column = (pick(h, 7, 5) + i * 2) % 5;
    return { letter: letters[column]!, number: String(column * 15 + 1 + pick(h, 9 + i * 3, 15)), color: BALL_COLORS[(column + i) % BALL_COLORS.length]! };
  });
  return (
    `<g transform="rotate(-4 100 60)">${grid}</g>` +
    drawn.map((d, i) => ball(44 + i * 56, 146, 30, d.color, d.number, d.letter)).join('')
  );
}

/* ---- Horse racing ---- */

function horseEmblem({ h, light }: EmblemContext): string {
  const silk = BALL_COLORS[pick(h, 3, BALL_COLORS.length)]!;
  return (
    `<path d="M48 150A62 62 0 1 1 152 150" stroke="url(#gold)" stroke-width="22" fill="none" stroke-linecap="round"/>` +
    Array.from({ length: 7 }, (_, i) => {
      const a = ((-120 + i * 40) * Math.PI) / 180;
      return `<circle cx="${round(100 + 62 * Math.sin(a))}" cy="${round(112 - 62 * Math.cos(a))}" r="3.5" fill="#6d4c00"/>`;
    }).join('') +
    `<path d="M118 40L126 20L134 44C156 56 166 86 164 120L166 176H92C98 156 104 146 100 132C90 126 70 130 56 126C44 122 40 110 46 102C58 88 80 72 100 54L108 30Z" fill="#4e342e"/>` +
    `<path d="M134 44C156 56 166 86 164 120L166 176H152C152 140 150 96 128 60Z" fill="#212121"/>` +
    `<path d="M100 132C90 126 70 130 56 126C44 122 40 110 46 102" stroke="#6d4c41" stroke-width="3" fill="none"/>` +
    `<circle cx="106" cy="72" r="5" fill="#fff"/><circle cx="107" cy="72" r="2.6" fill="#111"/>` +
    `<circle cx="56" cy="114" r="3" fill="#1a1a1a"/>` +
    `<path d="M96 176L108 140H150L158 176Z" fill="${silk}" stroke="#fff" stroke-width="3"/>` +
    text(128, 168, 22, '#fff', String(1 + pick(h, 7, 9))) +
    `<path d="M60 110L100 90L122 98" stroke="${light}" stroke-width="4" fill="none"/>`
  );
}

/* ---- Arcade: dice, plinko, mines, towers ---- */

function plinko(h: number): string {
  let pegs = '';
  for (let row = 0; row < 6; row++) {
    for (let i = 0; i <= row + 2; i++) pegs += `<circle cx="${100 + (i - (row + 2) / 2) * 22}" cy="${24 + row * 22}" r="4" fill="#fff"/>`;
  }
  const buckets = ['#e53935', '#fb8c00', '#fdd835', '#43a047', '#fdd835', '#fb8c00', '#e53935'];
  const labels = ['10', '3', '1', '0.5', '1', '3', '10'];
  return (
    pegs +
    buckets
      .map((color, i) => `<rect x="${21 + i * 23}" y="160" width="21" height="22" rx="4" fill="${color}"/>` + text(31.5 + i * 23, 176, 10, '#1a1a1a', labels[i]!))
      .join('') +
    `<circle cx="${89 + pick(h, 3, 3) * 11}" cy="${70 + pick(h, 6, 3) * 22}" r="9" fill="#ff4081" stroke="#fff" stroke-width="2"/>` +
    `<circle cx="${89 + pick(h, 3, 3) * 11}" cy="${70 + pick(h, 6, 3) * 22}" r="9" fill="url(#shine)"/>`
  );
}

function mines(h: number): string {
  let tiles = '';
  const bomb = pick(h, 3, 16);
  for (let i = 0; i < 16; i++) {
    const x = 20 + (i % 4) * 42;
    const y = 14 + Math.floor(i / 4) * 42;
    const open = pick(h, i, 3) === 0 || i === bomb;
    tiles += `<rect x="${x}" y="${y}" width="38" height="38" rx="7" fill="${open ? '#263238' : '#546e7a'}" stroke="#ffffff33" stroke-width="2"/>`;
    if (i === bomb) {
      tiles += `<circle cx="${x + 19}" cy="${y + 21}" r="11" fill="#111"/><path d="M${x + 25} ${y + 12}l5-5" stroke="#ff9800" stroke-width="3"/><circle cx="${x + 31}" cy="${y + 6}" r="3" fill="#ffeb3b"/>`;
    } else if (open) {
      tiles += `<path d="M${x + 19} ${y + 7}l11 12-11 13-11-13z" fill="#00e676" stroke="#00695c" stroke-width="2"/>`;
    }
  }
  return tiles;
}

function tower(h: number, light: string): string {
  const colors = [light, '#ffd54f', '#4fc3f7', '#ff8a65', '#aed581'];
  let blocks = '';
  for (let i = 0; i < 5; i++) {
    const width = 150 - i * 22;
    const shift = (pick(h, i * 3, 3) - 1) * 6;
    blocks += `<rect x="${100 - width / 2 + shift}" y="${150 - i * 30}" width="${width}" height="28" rx="5" fill="${colors[i]}" stroke="#0004" stroke-width="2"/>`;
  }
  return blocks + `<path d="M100 4l7 14 15 2-11 10 3 15-14-8-14 8 3-15-11-10 15-2z" fill="#ffca28" stroke="#e65100" stroke-width="2"/>`;
}

function arcadeEmblem({ h, name, light }: EmblemContext): string {
  if (/plinko/i.test(name)) return plinko(h);
  if (/mines/i.test(name)) return mines(h);
  if (/tower/i.test(name)) return tower(h, light);
  if (/goal/i.test(name)) return soccerBall(100, 92, 74);
  if (/hi-lo/i.test(name)) {
    return (
      card(100, 96, FACE_RANKS[pick(h, 3, FACE_RANKS.length)]!, SUITS[pick(h, 6, 4)]!, 0) +
      `<path d="M26 90l22-30 22 30h-12v30h-20v-30z" fill="#00e676" stroke="#fff" stroke-width="3"/>` +
      `<path d="M130 102l22 30 22-30h-12v-30h-20v30z" fill="#ff5252" stroke="#fff" stroke-width="3"/>`
    );
  }
  return die(70, 96, 76, pick(h, 2, 6) + 1, -14, '#1a1a1a') + die(136, 112, 66, pick(h, 6, 6) + 1, 12);
}

/* ---- Crash: a rocket (or a plane, a balloon) on a rising curve ---- */

function crashEmblem({ h, name }: EmblemContext): string {
  const multiplier = (1 + pick(h, 3, 900) / 100).toFixed(2);
  const curve =
    `<path d="M0 182C80 178 130 140 160 60" stroke="#ff5252" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<path d="M0 182C80 178 130 140 160 60V182Z" fill="#ff5252" opacity=".25"/>` +
    `<path d="M0 182H200M0 182V20" stroke="#ffffff66" stroke-width="2"/>` +
    text(52, 52, 34, '#fff', `${multiplier}x`, ' stroke="#0006" stroke-width="4" paint-order="stroke"');
  if (/balloon/i.test(name)) {
    return (
      curve +
      `<path d="M160 60q-6 20 4 40" stroke="#fff" stroke-width="2" fill="none"/>` +
      `<ellipse cx="160" cy="34" rx="26" ry="32" fill="#e91e63"/><path d="M154 64h12l-6 8z" fill="#e91e63"/>` +
      `<ellipse cx="160" cy="34" rx="26" ry="32" fill="url(#shine)"/>`
    );
  }
  if (/aviator|pilot/i.test(name)) {
    return (
      curve +
      `<g transform="translate(160 58) rotate(-38)">` +
      `<ellipse cx="0" cy="0" rx="40" ry="10" fill="#e53935"/><path d="M-8 -4L-20 -36H-8L10 -4ZM-8 4L-20 36H-8L10 4Z" fill="#c62828"/>` +
      `<path d="M-36 -2L-48 -18H-40L-30 -4Z" fill="#c62828"/><ellipse cx="12" cy="-4" rx="9" ry="5" fill="#90caf9"/>` +
      `<path d="M40 -14V14" stroke="#fff" stroke-width="3"/></g>`
    );
  }
  return (
    curve +
    `<g transform="translate(160 58) rotate(38)">` +
    `<path d="M-8 22q8 30 16 0z" fill="#ffca28"/><path d="M-5 22q5 18 10 0z" fill="#ff5722"/>` +
    `<path d="M-12 6L-22 26H-10ZM12 6L22 26H10Z" fill="#e53935"/>` +
    `<path d="M0 -40C12 -28 14 0 12 24H-12C-14 0 -12 -28 0 -40Z" fill="#eceff1" stroke="#90a4ae" stroke-width="2"/>` +
    `<path d="M0 -40C7 -33 10 -26 10.5 -20H-10.5C-10 -26 -7 -33 0 -40Z" fill="#e53935"/>` +
    `<circle cx="0" cy="-4" r="7" fill="#4fc3f7" stroke="#607d8b" stroke-width="2"/></g>`
  );
}

const EMBLEMS: Record<GameCategory, (context: EmblemContext) => string> = {
  slots: slotsEmblem,
  livecasino: liveCasinoEmblem,
  table: tableEmblem,
  fish: fishEmblem,
  hashgame: hashEmblem,
  sportsbook: sportsEmblem,
  sabong: sabongEmblem,
  lottery: lotteryEmblem,
  bingo: bingoEmblem,
  horseracing: horseEmblem,
  arcade: arcadeEmblem,
  crash: crashEmblem,
};

/** The emblem of a game of `category`, in a 200×190 box at the origin. */
export function gameEmblem(category: GameCategory, context: EmblemContext): string {
  return EMBLEMS[category](context);
}
