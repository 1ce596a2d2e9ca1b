import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, parseDocument, stringify, visit } from 'yaml';
import { SITE_LOGO_FIELDS, SITE_LOGO_MAX_BYTES, siteLogoFile } from '@wl/contracts';

/*
 * A site definition file (issue 26 §3, ADR 0043), read and written by `npm run ops -- site …`:
 * JSON or YAML (JSON is read as the YAML it also is), its logo files beside it. Reading happens
 * where the file is, on the operator's machine, so the same payload goes to the database or to a
 * server (OPS_URL): the logos travel in it as base64.
 */

/** The definition's largest size: a definition is a page of text, not a data dump. */
const MAX_DEFINITION_BYTES = 256 * 1024;

/**
 * Fields holding amounts, account numbers or shares: a number written there is kept as written
 * ("500.50", "0012345"), since the contract takes them as exact decimal strings and YAML would
 * read them as binary floats or drop leading zeros.
 */
const TEXT_NUMBER_FIELDS = new Set([
  'min_deposit',
  'max_deposit',
  'min_withdrawal',
  'max_withdrawal',
  'account_number',
  'kyc_withdrawals_above',
  'above',
  'below',
  'share',
  'deposit_target',
  'turnover_target',
]);

export interface SiteFile {
  definition: unknown;
  /** The logo files the definition names, base64, by that name. */
  logos: Record<string, string>;
}

/** Reads a definition and the logo files it names (relative to its folder). Throws with a message the operator can act on. */
export function readSiteFile(file: string): SiteFile {
  if (!existsSync(file)) throw new Error(`No such file: ${file}`);
  if (statSync(file).size > MAX_DEFINITION_BYTES) throw new Error(`${file} is larger than ${MAX_DEFINITION_BYTES / 1024} KiB`);
  const document = parseDocument(readFileSync(file, 'utf8'), { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
  visit(document, {
    Pair(_, pair) {
      if (isScalar(pair.key) && TEXT_NUMBER_FIELDS.has(String(pair.key.value)) && isScalar(pair.value) && typeof pair.value.value === 'number') {
        pair.value.value = pair.value.source ?? String(pair.value.value);
      }
    },
  });
  if (!isMap(document.contents)) throw new Error(`${file}: a site definition is a mapping of fields (site_name: …)`);
  const definition = document.toJS() as Record<string, unknown>;
  const folder = path.dirname(path.resolve(file));
  const logos: Record<string, string> = {};
  const named = definition.logos && typeof definition.logos === 'object' ? (definition.logos as Record<string, unknown>) : {};
  for (const field of SITE_LOGO_FIELDS) {
    const name = named[field];
    // Addresses (https://…, /…) and invalid names go as they are: the contract answers for them.
    if (typeof name !== 'string' || !siteLogoFile.safeParse(name).success || logos[name.trim()] !== undefined) continue;
    const logoPath = path.resolve(folder, name.trim());
    if (!logoPath.startsWith(folder + path.sep)) throw new Error(`logos.${field}: ${name} is outside the definition's folder`);
    if (!existsSync(logoPath)) throw new Error(`logos.${field}: no file ${logoPath}`);
    const bytes = readFileSync(logoPath);
    if (bytes.length > SITE_LOGO_MAX_BYTES) throw new Error(`logos.${field}: ${name} is larger than ${SITE_LOGO_MAX_BYTES / 1024} KiB`);
    logos[name.trim()] = bytes.toString('base64');
  }
  return { definition, logos };
}

/** The definition as file text: JSON for a .json name, else YAML. */
export function siteFileText(definition: unknown, file: string | null): string {
  if (file && path.extname(file).toLowerCase() === '.json') return `${JSON.stringify(definition, null, 2)}\n`;
  return stringify(definition, { lineWidth: 0 });
}

/** Writes an exported definition and its logo files beside it; answers the paths written. */
export function writeSiteFile(file: string, definition: unknown, logos: Record<string, string>): string[] {
  const folder = path.dirname(path.resolve(file));
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, siteFileText(definition, file));
  const written = [file];
  for (const [name, data] of Object.entries(logos)) {
    // The names come from the server: only relative names inside the folder are written.
    const logoPath = path.resolve(folder, name);
    if (!siteLogoFile.safeParse(name).success || !logoPath.startsWith(folder + path.sep)) throw new Error(`Refusing to write the logo ${JSON.stringify(name)} outside ${folder}`);
    mkdirSync(path.dirname(logoPath), { recursive: true });
    writeFileSync(logoPath, Buffer.from(data, 'base64'));
    written.push(logoPath);
  }
  return written;
}
