import { SITE_LOGO_FIELDS, SITE_LOGO_MAX_BYTES, siteDefinition, type SiteDefinition, type SiteLogoField } from '@wl/contracts';

/*
 * The site editor's model (ADR 0049): the definition of sites as code (ADR 0043), as opsSiteExport
 * answers it, edited in place. Whatever the form does not show stays as exported, so a save never
 * drops a setting; the same Zod schema as the server's checks it before it is sent.
 */

export type FieldErrors = Record<string, string[]>;

/** A new site's definition: the schema's defaults, the required fields empty. */
export function blankDefinition(): SiteDefinition {
  const defaults = siteDefinition.parse({ site_name: 'x', domains: ['x.localhost'], external_id: 'x', theme_code: 'casino1', theme_color: 'gold', currency: 'USD' });
  return { ...defaults, site_name: '', domains: [''], external_id: '', currency: '' };
}

/** A clone of another site: its settings, without what makes a site itself (name, domains, external id). */
export function cloneDefinition(source: SiteDefinition): SiteDefinition {
  const copy = structuredClone(source);
  return { ...copy, site_name: '', domains: [''], external_id: '' };
}

/** The definition as it is sent: domains trimmed and the empty inputs left out. */
export function definitionToSend(draft: SiteDefinition): SiteDefinition {
  return { ...draft, domains: draft.domains.map((domain) => domain.trim().toLowerCase()).filter(Boolean) };
}

/** Only the logo files the definition names (the server refuses any other). */
export function logosToSend(definition: SiteDefinition, files: Record<string, string>): Record<string, string> {
  const named = new Set(SITE_LOGO_FIELDS.map((field) => definition.logos[field]).filter((value): value is string => value !== undefined));
  return Object.fromEntries(Object.entries(files).filter(([name]) => named.has(name)));
}

/** The schema's verdict, as the server's field map (path joined by dots: "domains.1", "maintenance.end_date"). */
export function checkDefinition(definition: SiteDefinition): FieldErrors {
  const parsed = siteDefinition.safeParse(definition);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.') || 'definition';
    (errors[path] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The server's field map in the form's terms: "definition.x" is field x; "logos.<file>" is the
 * logo field naming that file ("logo.<field>").
 */
export function formErrorsOf(errors: FieldErrors, definition: SiteDefinition): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [key, keys] of Object.entries(errors)) {
    let path = key.replace(/^definition\./, '');
    if (key.startsWith('logos.')) {
      const file = key.slice('logos.'.length);
      const field = SITE_LOGO_FIELDS.find((candidate) => definition.logos[candidate] === file);
      path = field ? `logo.${field}` : key;
    }
    (mapped[path] ??= []).push(...keys);
  }
  return mapped;
}

const LOGO_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/svg+xml': 'svg' };
export const LOGO_ACCEPT = Object.keys(LOGO_EXTENSIONS).join(',');

/** A chosen logo file as the apply call takes it (a name the definition gives, the bytes base64), or the error key. */
export async function readLogo(field: SiteLogoField, file: File): Promise<{ ok: true; name: string; data: string } | { ok: false; message: string }> {
  const extension = LOGO_EXTENSIONS[file.type];
  if (!extension) return { ok: false, message: 'invalidType' };
  if (file.size === 0) return { ok: false, message: 'invalidImage' };
  if (file.size > SITE_LOGO_MAX_BYTES) return { ok: false, message: 'payloadTooLarge' };
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
  const data = url.slice(url.indexOf(',') + 1);
  return { ok: true, name: `${field.replace('_', '-')}-${Date.now().toString(36)}.${extension}`, data };
}

/** The image type of a logo file name (for showing an uploaded one). */
export function logoTypeOf(name: string): string {
  const extension = name.split('.').pop()!.toLowerCase();
  return Object.entries(LOGO_EXTENSIONS).find(([, value]) => value === extension || (extension === 'jpeg' && value === 'jpg'))?.[0] ?? 'image/png';
}

/** An ISO time as a datetime-local input shows it (the browser's time zone), or "". */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value as an ISO time, or null when empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The address of a site's home page on this server (the console and the sites share the server's port). */
export function siteAddress(domain: string): string {
  return `${location.protocol}//${domain}${location.port ? `:${location.port}` : ''}/`;
}
