import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  CATEGORY_ROUTES,
  DEFAULT_LOCALE,
  LOCALE_LANGS,
  POPUP_PROVIDERS,
  isLocaleCode,
  localePrefix,
  type GameCategory,
  type LaunchMode,
  type LocaleCode,
} from '@wl/contracts';
import type { Db } from '../db/client.js';
import { gameSessions, siteDomains } from '../db/schema.js';
import { failure, type CallHandlers } from '../http/calls.js';
import { MOVES_MONEY, sessionCall } from '../http/guards.js';
import { hashToken } from '../shared/hash-token.js';
import { overLimit } from '../accounts/index.js';
import { catalogueGameOf, gameNamed, selectCatalogueGames } from '../catalogue/index.js';
import type { RateLimitRule } from '../security/index.js';

/** Launches a player may make: a generous minute's worth, so a loop cannot fill game_sessions. */
export const LAUNCH_LIMIT: RateLimitRule = { name: 'launch:player', limit: 30, windowMs: 60 * 1000 };

/**
 * POST /api/product/launch: the game must be one the player's site offers (an enabled provider of
 * the site; the provider code in any case), its provider must have an integration, then a game
 * session is recorded under a new random token (stored as its SHA-256) and the provider's adapter
 * answers where to open it. A provider refusing or failing answers gameNotAvailable, and the
 * unusable session is deleted again.
 */
export const launchHandlers: CallHandlers = {
  launch: sessionCall<'launch'>(async (payload, ctx) => {
    const { db, session, services } = ctx;
    const { site, player } = session;
    if (await overLimit(ctx, [[LAUNCH_LIMIT, `${site.id}:${player.id}`]])) return failure('tooManyRequests');

    const [row] = await selectCatalogueGames(db, site.id).where(gameNamed(payload.provider_code, payload.game_code)).limit(1);
    if (!row) return failure('gameNotFound');
    const integration = services.gameProviders.get(row.providerCode);
    if (!integration) return failure('gameNotAvailable');

    const token = randomBytes(32).toString('base64url');
    const [recorded] = await db
      .insert(gameSessions)
      .values({
        siteId: site.id,
        playerId: player.id,
        providerId: row.providerId,
        gameId: row.id,
        tokenHash: hashToken(token),
        currency: site.currency,
      })
      .returning({ id: gameSessions.id });
    const gameSessionId = recorded!.id;

    const locale: LocaleCode = payload.locale ?? siteLocale(site.languages);
    let launched: { url: string; mode?: LaunchMode | undefined };
    try {
      launched = await integration.adapter.launch({
        token,
        gameCode: row.gameCode,
        providerCode: row.providerCode,
        accountId: player.accountId,
        currency: site.currency,
        language: { locale, tag: LOCALE_LANGS[locale] },
        device: payload.device,
        returnUrl: await lobbyReturnUrl(db, site.id, ctx.origin, locale, row.gameType),
        playerRef: String(player.id),
        siteRef: site.externalId,
      });
      if (!isHttpUrl(launched.url)) throw new Error('the adapter answered an address that is not absolute http(s)');
    } catch (error) {
      // The token and the provider's secret stay out of the log, whatever the adapter put in its error.
      const reason = error instanceof Error ? error.message.replaceAll(token, '[token]') : 'unknown';
      ctx.log.warn({ providerCode: row.providerCode, gameCode: row.gameCode, gameSessionId, reason }, 'game launch failed');
      await db.delete(gameSessions).where(eq(gameSessions.id, gameSessionId));
      return failure('gameNotAvailable');
    }

    const mode = openingMode(row.providerCode, launched.mode, integration.mode);
    return {
      statusCode: 1,
      message: 'OK',
      value: { url: launched.url, mode, game_session_id: gameSessionId, game: catalogueGameOf(row, services.gameProviders) },
    };
  }, MOVES_MONEY),
};

/** How a game opens: docs/product.md §9's 'popup' providers always in a window of their own; else as the adapter, then the integration, says; else in the frame. */
export function openingMode(providerCode: string, adapterMode: LaunchMode | undefined, integrationMode: LaunchMode | undefined): LaunchMode {
  const popup = (POPUP_PROVIDERS as readonly string[]).includes(providerCode.toUpperCase());
  return popup ? 'popup' : (adapterMode ?? integrationMode ?? 'iframe');
}

/** Where a game's exit leads back: the game's lobby on the site, in the game's language (see returnOrigin). */
export async function lobbyReturnUrl(db: Db, siteId: number, requestOrigin: string, locale: LocaleCode, gameType: string): Promise<string> {
  return `${await returnOrigin(db, siteId, requestOrigin)}${localePrefix(locale)}${CATEGORY_ROUTES[gameType as GameCategory]}`;
}

/** The site's default language (its first), as a locale code. */
export function siteLocale(languages: string[]): LocaleCode {
  const first = languages[0];
  return first && isLocaleCode(first) ? first : DEFAULT_LOCALE;
}

/**
 * The origin the player came from when it is one of the site's domains (keeps the scheme and port
 * the player uses); else the site's first domain over https (plain http for a *.localhost name).
 */
async function returnOrigin(db: Db, siteId: number, requestOrigin: string): Promise<string> {
  const domains = await db
    .select({ domain: siteDomains.domain })
    .from(siteDomains)
    .where(eq(siteDomains.siteId, siteId))
    .orderBy(asc(siteDomains.createdAt), asc(siteDomains.domain));
  const requestHost = hostnameOf(requestOrigin);
  if (requestHost && domains.some(({ domain }) => domain === requestHost)) return requestOrigin;
  const first = domains[0]?.domain;
  if (!first) return requestOrigin;
  const local = first === 'localhost' || first.endsWith('.localhost') || first === '127.0.0.1';
  return `${local ? 'http' : 'https'}://${first}`;
}

function hostnameOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
