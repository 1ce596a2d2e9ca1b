import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { GameCategory } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { games, providers, sites } from '../db/schema.js';
import { gameArtSvg } from './game-art.js';
import { logoSvg, type LogoVariant } from './logo.js';
import { failure } from '../http/calls.js';

/** Artwork changes only with the game's name, which is part of the URL's game. */
const ART_CACHE = 'public, max-age=604800';
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

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
      .header('content-security-policy', SVG_CSP)
      .send(logoSvg(site.name || site.siteName, site.color, variant));
  });

  app.get<{ Params: { provider: string; file: string } }>('/api/media/game/:provider/:file', async (request, reply) => {
    const { provider, file } = request.params;
    if (!file.endsWith('.svg')) return reply.code(404).send(failure('notFound'));
    const [game] = await db
      .select({ name: games.gameName, category: games.gameType, provider: providers.name })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .where(and(eq(providers.code, provider), eq(games.gameCode, file.slice(0, -4))))
      .limit(1);
    if (!game) return reply.code(404).send(failure('notFound'));
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', ART_CACHE)
      .header('content-security-policy', SVG_CSP)
      .send(gameArtSvg({ name: game.name, provider: game.provider, category: game.category as GameCategory }));
  });
}
