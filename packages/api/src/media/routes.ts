import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sites } from '../db/schema.js';
import { logoSvg, type LogoVariant } from './logo.js';
import { failure } from '../http/calls.js';

const VARIANTS: Record<string, LogoVariant> = { '1': 'wordmark', '2': 'mark', '3': 'light' };

/** Generated artwork served by the platform: nothing is fetched from outside. */
export async function registerMedia(app: FastifyInstance, db: Db): Promise<void> {
  app.get<{ Params: { externalId: string; file: string } }>('/api/media/logo/:externalId/:file', async (request, reply) => {
    const variant = VARIANTS[request.params.file.replace(/\.svg$/, '')];
    if (!variant || !request.params.file.endsWith('.svg')) return reply.code(404).send(failure('notFound'));
    const [site] = await db
      .select({ name: sites.logoText, siteName: sites.siteName, color: sites.themeColor })
      .from(sites)
      .where(eq(sites.externalId, request.params.externalId))
      .limit(1);
    if (!site) return reply.code(404).send(failure('notFound'));
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(logoSvg(site.name || site.siteName, site.color, variant));
  });
}
