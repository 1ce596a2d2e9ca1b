import { escapeHtml } from '../escape.js';
import { THEME_COLOR_HEX, type ThemeColor } from '@wl/contracts';

export type LogoVariant = 'wordmark' | 'mark' | 'light';


/** Mixes a hex colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => [...w][0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * A site's logo, drawn from its name and theme colour: the wordmark (logo1), the square mark
 * (logo2, app and manifest icon) and a wordmark for light backgrounds (logo3).
 */
export function logoSvg(name: string, color: string, variant: LogoVariant): string {
  const base = THEME_COLOR_HEX[color as ThemeColor] ?? '#d4a017';
  const light = shade(base, 0.35);
  const dark = shade(base, -0.45);
  const safeName = escapeHtml(name);
  const mark = escapeHtml(initials(name));
  const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>`;
  const badge = (x: number, y: number, size: number) =>
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.24}" fill="url(#g)"/>` +
    `<path d="M${x + size * 0.5} ${y + size * 0.12} l${size * 0.1} ${size * 0.2} l${size * 0.22} ${size * 0.03} l-${size * 0.16} ${size * 0.15} l${size * 0.04} ${size * 0.22} l-${size * 0.2} -${size * 0.1} l-${size * 0.2} ${size * 0.1} l${size * 0.04} -${size * 0.22} l-${size * 0.16} -${size * 0.15} l${size * 0.22} -${size * 0.03}z" fill="#fff" opacity=".18"/>` +
    `<text x="${x + size / 2}" y="${y + size * 0.66}" text-anchor="middle" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" font-size="${size * 0.42}" fill="#fff">${mark}</text>`;
  if (variant === 'mark') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" role="img" aria-label="${safeName}">${gradient}${badge(0, 0, 512)}</svg>`;
  }
  const width = Math.max(220, 80 + [...name].length * 24);
  const textColor = variant === 'light' ? dark : '#ffffff';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 64" width="${width}" height="64" role="img" aria-label="${safeName}">${gradient}` +
    badge(4, 4, 56) +
    `<text x="72" y="42" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" font-size="28" letter-spacing=".5" fill="${textColor}">${safeName}</text>` +
    `<rect x="72" y="50" width="${Math.min(width - 80, [...name].length * 17)}" height="3" rx="1.5" fill="${light}"/></svg>`
  );
}
