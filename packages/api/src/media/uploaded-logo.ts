import type { FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { SiteLogoField } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { siteSettings, sites } from '../db/schema.js';
import { failure } from '../http/calls.js';
import { logoSettingKey, parseStoredLogo, UPLOADED_LOGO_FILE } from '../shared/site-logos.js';

/** An uploaded SVG may not run or fetch anything, even opened on its own (ADR 0043). */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * A site's uploaded logo (ADR 0043): its address names the file's hash, so it is cached for good;
 * an address of a file since replaced answers notFound. Null when the file name is no uploaded logo's.
 */
export async function sendUploadedLogo(db: Db, reply: FastifyReply, externalId: string, file: string): Promise<FastifyReply | null> {
  const match = UPLOADED_LOGO_FILE.exec(file);
  if (!match) return null;
  const field = match[1] as SiteLogoField;
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .innerJoin(sites, eq(sites.id, siteSettings.siteId))
    .where(and(eq(sites.externalId, externalId), eq(siteSettings.key, logoSettingKey(field))))
    .limit(1);
  const logo = row ? parseStoredLogo(row.value) : null;
  if (!logo || !logo.sha256.startsWith(match[2]!)) return reply.code(404).send(failure('notFound'));
  reply.type(logo.type === 'image/svg+xml' ? 'image/svg+xml; charset=utf-8' : logo.type).header('cache-control', 'public, max-age=31536000, immutable');
  if (logo.type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
  return reply.send(Buffer.from(logo.data, 'base64'));
}
