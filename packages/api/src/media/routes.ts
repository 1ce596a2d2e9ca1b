import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { GameCategory } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { games, providers, sites } from '../db/schema.js';
import { GAME_ART_VERSION, gameArtSvg } from './game-art.js';
import { logoSvg, type LogoVariant } from './logo.js';
import { webpOf } from './raster.js';
import { sendUploadedLogo } from './uploaded-logo.js';
import { failure } from '../http/calls.js';

/** A versioned artwork URL never changes its drawing. */
const ART_CACHE_VERSIONED = 'public, max-age=31536000, immutable';
/** An unversioned (or older) URL answers the current drawing, which a new version may change. */
const ART_CACHE_UNVERSIONED = 'public, max-age=86400';
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const VARIANTS: Record<string, LogoVariant> = { '1': 'wordmark', '2': 'mark', '3': 'light' };

/** Generated artwork served by the platform: nothing is fetched from outside. */
export async function registerMedia(app: FastifyInstance, db: Db): Promise<void> {
  app.get<{ Params: { externalId: string; file: string } }>('/api/media/logo/:externalId/:file', async (request, reply) => {
    // A logo file the operator uploaded with the site's definition (ADR 0043), else a drawn one.
    const uploaded = await sendUploadedLogo(db, reply, request.params.externalId, request.params.file);
    if (uploaded) return uploaded;
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
      .header('content-security-policy', SVG_CSP)
      .send(logoSvg(site.name || site.siteName, site.color, variant));
  });

  /*
   * Game artwork, as WebP (what the catalogue links: gameArtUrl) or as the SVG drawing it is made
   * from. The versioned URL (/api/media/game/v<version>/<provider>/<game>.webp) names one drawing
   * for good: cached for a year, immutable. The older unversioned URLs and those of another
   * version (kept in favourites stored before, some .svg) still answer, with the current drawing,
   * cached for a day. Both carry an ETag of the drawing and format, and answer 304 to it.
   */
  const gameArt = async (request: FastifyRequest, reply: FastifyReply, provider: string, file: string, cache: string) => {
    const format = /\.(svg|webp)$/.exec(file)?.[1] as 'svg' | 'webp' | undefined;
    if (!format) return reply.code(404).send(failure('notFound'));
    const [game] = await db
      .select({ name: games.gameName, category: games.gameType, provider: providers.name })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(and(eq(providers.code, provider), eq(games.gameCode, file.slice(0, -(format.length + 1)))))
      .limit(1);
    if (!game) return reply.code(404).send(failure('notFound'));
    const svg = gameArtSvg({ name: game.name, provider: game.provider, category: game.category as GameCategory });
    const drawing = createHash('sha256').update(svg).digest('base64url').slice(0, 22);
    const etag = format === 'svg' ? `"${drawing}"` : `"${drawing}-webp"`;
    reply.header('cache-control', cache).header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (format === 'webp') return reply.type('image/webp').send(await webpOf(drawing, svg));
    return reply.type('image/svg+xml; charset=utf-8').header('content-security-policy', SVG_CSP).send(svg);
  };

  app.get<{ Params: { provider: string; file: string } }>('/api/media/game/:provider/:file', (request, reply) =>
    gameArt(request, reply, request.params.provider, request.params.file, ART_CACHE_UNVERSIONED),
  );
  app.get<{ Params: { version: string; provider: string; file: string } }>('/api/media/game/:version/:provider/:file', (request, reply) => {
    const { version, provider, file } = request.params;
    if (!/^v\d{1,6}$/.test(version)) return reply.code(404).send(failure('notFound'));
    return gameArt(request, reply, provider, file, version === `v${GAME_ART_VERSION}` ? ART_CACHE_VERSIONED : ART_CACHE_UNVERSIONED);
  });
}

/** Whether an If-None-Match header names the entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
