import type { MaintenanceSite, ReadySite } from '../lib/site-state';
import { siteColors } from './site-colors';

export interface ManifestIcon {
  src: string;
  type: string;
  sizes?: string;
  purpose: 'any';
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  ico: 'image/x-icon',
};

/**
 * The manifest entry of an image address: its type from its extension; a vector scales to any
 * size, a raster image declares the size its name states ('icon-192x192.png'), else none.
 * Null for an address that is no image the browser can use as an icon.
 */
export function manifestIcon(src: string): ManifestIcon | null {
  const file = src.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const extension = file.includes('.') ? file.split('.').pop()?.toLowerCase() : undefined;
  const type = extension ? IMAGE_TYPES[extension] : undefined;
  if (!type) return null;
  if (type === 'image/svg+xml') return { src, type, sizes: 'any', purpose: 'any' };
  const size = /(\d{2,4})x(\d{2,4})/.exec(file);
  return size ? { src, type, sizes: `${size[1]}x${size[2]}`, purpose: 'any' } : { src, type, purpose: 'any' };
}

/**
 * The web app manifest of a site from its settings: its name, its palette's colours and its
 * manifest_icon, then logo2 (the square mark) when it differs. The wordmarks (logo1, logo3) are
 * wide banners, not icons.
 */
export function buildManifest(state: ReadySite | MaintenanceSite): WebAppManifest {
  const { site } = state;
  const { themeColor, backgroundColor } = siteColors(state);
  const sources = [...new Set([site.manifest_icon, site.logo2].filter(Boolean))];
  return {
    id: '/',
    name: site.site_name,
    short_name: site.logo_text || site.site_name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: sources.map(manifestIcon).filter((icon): icon is ManifestIcon => icon !== null),
  };
}
