import type { SiteLogoField, SiteLogoType } from '@wl/contracts';

/*
 * A site's uploaded logo files (issue 26 §3, ADR 0043): kept in site_settings (several processes
 * share the database, not a disk) and served by the media routes at an address that names the
 * file's hash, so a new logo is a new address and the old one can be cached for good. The sites
 * feature writes them, the media feature serves them: this is what both must agree on.
 */

/** The site_settings key of a logo field's uploaded file. */
export const logoSettingKey = (field: SiteLogoField): string => `logo_file.${field}`;

/** The setting's value (JSON): the file as checked and encoded again, and the name it had beside the definition. */
export interface StoredLogo {
  name: string;
  type: SiteLogoType;
  sha256: string;
  /** base64 */
  data: string;
}

const EXTENSIONS: Record<SiteLogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' };

/** An uploaded logo's file name in its address: the field and the hash (hex has no "x": never read as a size). */
export const UPLOADED_LOGO_FILE = /^(logo1|logo2|logo3|manifest_icon)-([0-9a-f]{16})\.(png|jpg|webp|svg)$/;

export function uploadedLogoUrl(externalId: string, field: SiteLogoField, logo: Pick<StoredLogo, 'type' | 'sha256'>): string {
  return `/api/media/logo/${encodeURIComponent(externalId)}/${field}-${logo.sha256.slice(0, 16)}.${EXTENSIONS[logo.type]}`;
}

/** The logo drawn from the site's name (media/logo.ts), as the demo sites have: 1 wordmark, 2 mark, 3 light wordmark. */
export function drawnLogoUrl(externalId: string, field: SiteLogoField): string {
  const variant = field === 'logo1' ? 1 : field === 'logo3' ? 3 : 2;
  return `/api/media/logo/${encodeURIComponent(externalId)}/${variant}.svg`;
}

export function parseStoredLogo(value: string): StoredLogo | null {
  try {
    const parsed = JSON.parse(value) as StoredLogo;
    return typeof parsed.data === 'string' && typeof parsed.sha256 === 'string' && parsed.type in EXTENSIONS ? parsed : null;
  } catch {
    return null;
  }
}
