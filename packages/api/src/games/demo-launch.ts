import { LOCALE_LANGS, type LaunchMode, type LocaleCode } from '@wl/contracts';
import { failure, type CallHandlers } from '../http/calls.js';
import { siteContentCall } from '../content/index.js';
import { overLimit } from '../accounts/index.js';
import { catalogueGameOf, gameNamed, selectCatalogueGames } from '../catalogue/index.js';
import type { RateLimitRule } from '../security/index.js';
import { isHttpUrl, lobbyReturnUrl, openingMode, siteLocale } from './launch.js';

/**
 * Play-money launches from one client address: as generous as a player's real launches
 * (launch.ts), so a loop cannot make the providers open pages without end.
 */
export const DEMO_LAUNCH_LIMIT: RateLimitRule = { name: 'demo-launch:ip', limit: 30, windowMs: 60 * 1000 };

/**
 * POST /api/product/demo_launch (issue 23 §2): a guest plays a game with play money. No session,
 * no wallet, nothing recorded: the game must be one the site offers (an enabled provider of the
 * site, as for launch), its provider's integration must offer a demo (ProviderAdapter.demo), and
 * the adapter answers where to open it, with the game's lobby on the site as the way back. A
 * provider without a demo answers demoNotAvailable (the guest logs in to play); one refusing or
 * failing answers gameNotAvailable. Refused while the site's maintenance window is open, like launch.
 */
export const demoLaunchHandlers: CallHandlers = {
  demoLaunch: siteContentCall<'demoLaunch'>(async (payload, ctx) => {
    const { db, site, services } = ctx;
    if (await overLimit(ctx, [[DEMO_LAUNCH_LIMIT, ctx.clientIp]])) return failure('tooManyRequests');

    const [row] = await selectCatalogueGames(db, site.id).where(gameNamed(payload.provider_code, payload.game_code)).limit(1);
    if (!row) return failure('gameNotFound');
    const integration = services.gameProviders.get(row.providerCode);
    if (!integration) return failure('gameNotAvailable');
    const { adapter } = integration;
    if (!adapter.demo) return failure('demoNotAvailable');

    const locale: LocaleCode = payload.locale ?? siteLocale(site.languages);
    let launched: { url: string; mode?: LaunchMode | undefined };
    try {
      launched = await adapter.demo({
        gameCode: row.gameCode,
        currency: site.currency,
        language: { locale, tag: LOCALE_LANGS[locale] },
        device: payload.device,
        returnUrl: await lobbyReturnUrl(db, site.id, ctx.origin, locale, row.gameType),
      });
      if (!isHttpUrl(launched.url)) throw new Error('the adapter answered an address that is not absolute http(s)');
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unknown';
      ctx.log.warn({ providerCode: row.providerCode, gameCode: row.gameCode, reason }, 'demo launch failed');
      return failure('gameNotAvailable');
    }

    const mode = openingMode(row.providerCode, launched.mode, integration.mode);
    return { statusCode: 1, message: 'OK', value: { url: launched.url, mode, game: catalogueGameOf(row, services.gameProviders) } };
  }),
};
