import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LRUCache } from 'lru-cache';
import { HOUSE_CALLS, HOUSE_ERROR_STATUS, type BootData, type HouseCallName, type HouseErrorCode, type HouseReply, type RoundView } from '../api.js';
import type { AnyHouseGame } from '../games/types.js';
import { errorPage, gamePage, readClientAssets } from './page.js';
import { activeSeeds, rotateSeeds } from './seeds.js';
import { findSession, hashSessionToken, openSession, purgeSessions, verifyLaunch, type StudioSession } from './sessions.js';
import { resolveLocale } from '../locale.js';
import { createRoundEngine, type Logger, type Outcome } from './rounds.js';
import { RECOVERY_EVERY_MS, recoverRounds } from './recovery.js';
import { limitsOf, type SiteLimitsConfig } from './limits.js';
import type { StudioSql } from './sql.js';
import { createWalletClient, type WalletClient } from './wallet-client.js';
import { CRASH_BETTING_MS, CRASH_GAME_CODE, CRASH_GROWTH_PER_MS, CRASH_PAUSE_MS } from '../games/crash.js';
import { createCrashGame } from './crash/game.js';
import { entryLimit } from './entry-limit.js';

/*
 * The studio's HTTP side (ADR 0029), a Fastify plugin: mounted in the platform's server by
 * default, or in a server of its own. Under its prefix (/house):
 *   GET  /play?<signed launch parameters>  the game page for a player (the platform's launch address)
 *   GET  /demo?game=&lang=&currency=       the game page with play money (guests)
 *   POST /api/<call>                       the page's calls (api.ts), with the session as bearer
 *   GET  /assets/…                         the built client (immutable)
 * Only the configured hosts are answered, so the studio's pages live on an origin of their own and
 * cannot read the sites' storage (nor the sites theirs).
 */

export const HOUSE_PREFIX = '/house';

export interface HouseStudioOptions {
  sql: StudioSql;
  /** The provider code the platform knows the studio by (HOUSE). */
  providerCode: string;
  /** The secret shared with the platform: launch signature and wallet calls. */
  secret: string;
  /** The platform's address for wallet calls (read at each call). */
  walletUrl: () => string;
  /** The games offered, by code. */
  games: Readonly<Record<string, AnyHouseGame>>;
  /** The Host names (with port) the studio answers on; every host when empty. */
  hosts: () => readonly string[];
  /** The built client's folder (with .vite/manifest.json). */
  clientDir: string;
  limits?: SiteLimitsConfig;
  /** Stands in for the wallet client (the fault tests). */
  wallet?: WalletClient;
  /** Whether the recovery job runs (on by default). */
  recovery?: boolean;
  /** Rounds younger than this are left to the request handling them (recovery.ts); 30 s by default. */
  recoveryMinAgeSeconds?: number;
  /** Whether the crash game (games/crash.ts) is served; on by default. */
  crash?: boolean;
  /** How long a crash round takes bets (CRASH_BETTING_MS by default). */
  crashBettingMs?: number;
  /** How long a crash stays on screen before the next round (CRASH_PAUSE_MS by default; shorter in tests). */
  crashPauseMs?: number;
  /** The crash multiplier's growth per ms (CRASH_GROWTH_PER_MS by default; the tests fly faster). */
  crashGrowthPerMs?: number;
}

const NO_STORE = 'no-store';

/**
 * Calls a page's session may make per second: far above a person's clicks and autoplay, far below
 * a script hammering the wallet. Counted per process (a flood is refused where it lands).
 */
const CALLS_PER_SECOND = 20;

/** How long a session read from the database is kept in memory (see liveSession). */
const SESSION_CACHE_MS = 30_000;

/** The pages' policy: only the studio's own script; framed only by the site that launched it. */
function pageCsp(frameAncestors: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self' data: blob:",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

function sendError(reply: FastifyReply, code: HouseErrorCode, message: string): FastifyReply {
  return reply.code(HOUSE_ERROR_STATUS[code]).header('cache-control', NO_STORE).send({ ok: false, code, message });
}

export async function houseStudio(app: FastifyInstance, options: HouseStudioOptions): Promise<void> {
  const log: Logger = {
    warn: (object, message) => app.log.warn(object, message),
    error: (object, message) => app.log.error(object, message),
  };
  const wallet =
    options.wallet ?? createWalletClient({ walletUrl: options.walletUrl, providerCode: options.providerCode, secret: options.secret });
  const engine = createRoundEngine({
    sql: options.sql,
    wallet,
    game: (code) => options.games[code],
    limits: (site) => limitsOf(options.limits, site),
    log,
  });
  const crash =
    options.crash === false
      ? null
      : createCrashGame({
          sql: options.sql,
          wallet,
          log,
          limits: (site) => limitsOf(options.limits, site),
          timetable: {
            bettingMs: options.crashBettingMs ?? CRASH_BETTING_MS,
            pauseMs: options.crashPauseMs ?? CRASH_PAUSE_MS,
            growthPerMs: options.crashGrowthPerMs ?? CRASH_GROWTH_PER_MS,
          },
          tagKey: options.secret,
        });
  /** Whether the studio serves this game code. */
  const serves = (code: string): boolean => Boolean(options.games[code]) || (crash !== null && code === CRASH_GAME_CODE);
  const base = `${HOUSE_PREFIX}/`;
  const callWindows = new LRUCache<string, { start: number; count: number }>(entryLimit(100_000));
  const overCallLimit = (sessionKey: string): boolean => {
    const now = Date.now();
    const window = callWindows.get(sessionKey);
    if (!window || now - window.start >= 1000) {
      callWindows.set(sessionKey, { start: now, count: 1 });
      return false;
    }
    window.count += 1;
    return window.count > CALLS_PER_SECOND;
  };
  const assets = readClientAssets(options.clientDir, base);
  /**
   * Sessions read in the last seconds, by token hash: a page asks several times a second (the crash
   * game's round), and a session only ever expires (never changes), so each entry lives until its
   * session's expiry or SESSION_CACHE_MS, whichever comes first.
   */
  const sessionCache = new LRUCache<string, StudioSession>({ ...entryLimit(50_000), ttl: SESSION_CACHE_MS, ttlAutopurge: false });
  async function liveSession(token: string, tokenHash: string): Promise<StudioSession | null> {
    const cached = sessionCache.get(tokenHash);
    if (cached) return cached;
    const found = await findSession(options.sql, token);
    if (!found) return null;
    const { expiresMs, ...session } = found;
    const ttl = Math.min(SESSION_CACHE_MS, expiresMs - Date.now());
    if (ttl > 0) sessionCache.set(tokenHash, session, { ttl });
    return session;
  }

  const hostAllowed = (request: FastifyRequest): boolean => {
    const hosts = options.hosts();
    return hosts.length === 0 || hosts.includes(request.host.toLowerCase());
  };

  function sendPage(reply: FastifyReply, status: number, html: string, frameAncestors: string): FastifyReply {
    // The platform's site-wide X-Frame-Options would forbid the site's own /playnow frame.
    reply.removeHeader('x-frame-options');
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', NO_STORE)
      .header('content-security-policy', pageCsp(frameAncestors))
      .send(html);
  }

  async function openPage(reply: FastifyReply, session: Omit<StudioSession, 'tokenHash' | 'demo'>, frameAncestors: string): Promise<FastifyReply> {
    if (!assets) return sendPage(reply, 503, errorPage('Game unavailable', "The studio's pages are not built (npm run build)."), frameAncestors);
    const opened = await openSession(options.sql, session);
    const boot: BootData = {
      session: opened.token,
      game: session.game,
      locale: session.locale,
      currency: session.currency,
      demo: opened.session.demo,
      returnUrl: session.returnUrl,
      apiBase: `${HOUSE_PREFIX}/api`,
    };
    return sendPage(reply, 200, gamePage(assets, boot, session.locale), frameAncestors);
  }

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (!hostAllowed(request)) return reply.code(404).type('text/plain').send('Not found');
      });

      scope.get('/play', async (request, reply) => {
        const launch = verifyLaunch(request.query as Record<string, unknown>, options.secret);
        if (!launch) return sendPage(reply, 403, errorPage('Game unavailable', 'This game link is not valid: open the game again from the site.'), "'none'");
        const frameFrom = originOf(launch.return_url);
        if (!serves(launch.game) || !frameFrom || !/^[A-Z]{3}$/.test(launch.currency) || !launch.player || !launch.site) {
          return sendPage(reply, 404, errorPage('Game unavailable', 'This game is not available.'), "'none'");
        }
        return openPage(
          reply,
          {
            site: launch.site,
            player: launch.player,
            game: launch.game,
            currency: launch.currency,
            locale: resolveLocale(launch.lang),
            walletToken: launch.token,
            returnUrl: launch.return_url,
          },
          frameFrom,
        );
      });

      // Play money: no wallet, no player; any site may frame it.
      scope.get('/demo', async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const game = typeof query.game === 'string' ? query.game : '';
        const currency = typeof query.currency === 'string' && /^[A-Z]{3}$/.test(query.currency) ? query.currency : 'USD';
        if (!serves(game)) return sendPage(reply, 404, errorPage('Game unavailable', 'This game is not available.'), '*');
        const returnUrl = typeof query.return_url === 'string' && originOf(query.return_url) ? query.return_url : null;
        return openPage(
          reply,
          {
            site: 'demo',
            player: `demo-${randomBytes(12).toString('base64url')}`,
            game,
            currency,
            locale: resolveLocale(typeof query.lang === 'string' ? query.lang : undefined),
            walletToken: null,
            returnUrl,
          },
          '*',
        );
      });

      scope.post<{ Params: { call: string } }>('/api/:call', async (request, reply) => {
        const name = request.params.call as HouseCallName;
        const call = Object.hasOwn(HOUSE_CALLS, name) ? HOUSE_CALLS[name] : undefined;
        if (!call) return sendError(reply, 'VALIDATION', 'No such call.');
        const auth = request.headers.authorization;
        const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : '';
        if (!token) return sendError(reply, 'SESSION_EXPIRED', 'The game session has ended: open the game again from the site.');
        const tokenHash = hashSessionToken(token);
        // Counted on arrival, before the database is asked: a flood costs no query.
        if (overCallLimit(tokenHash)) return sendError(reply, 'TOO_MANY_REQUESTS', 'Too many requests: slow down.');
        const session = await liveSession(token, tokenHash);
        if (!session) return sendError(reply, 'SESSION_EXPIRED', 'The game session has ended: open the game again from the site.');
        const parsed = call.request.safeParse(request.body ?? {});
        if (!parsed.success) return sendError(reply, 'VALIDATION', 'The request is not valid.');
        const result = await runCall(name, session, parsed.data as Record<string, unknown>);
        if (!result.ok) return sendError(reply, result.code, result.message);
        return reply.header('cache-control', NO_STORE).send({ ok: true, ...result.value });
      });

      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendError(reply, 'VALIDATION', 'The request could not be read.');
        request.log.error({ err: error }, 'house studio request failed');
        return sendError(reply, 'INTERNAL_ERROR', 'The game failed; nothing was lost. Try again.');
      });

      await scope.register(fastifyStatic, {
        root: path.join(options.clientDir, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        index: false,
      });
    },
    { prefix: HOUSE_PREFIX },
  );

  /** The `state` call's answer: the balance, the game, the limits, and the game's seeds and open round. */
  async function stateOf(
    session: StudioSession,
    game: { code: string; rtp: string },
    seeds: () => Promise<HouseReply<'state'>['seeds']>,
    openRound: () => Promise<RoundView | null>,
  ): Promise<Outcome<Record<string, unknown>>> {
    const balance = await engine.balance(session);
    if (!balance.ok) return balance;
    return {
      ok: true,
      value: {
        balance: balance.value,
        currency: session.currency,
        game: { code: game.code, rtp: game.rtp },
        limits: limitsOf(options.limits, session.site),
        seeds: await seeds(),
        openRound: await openRound(),
      },
    };
  }

  async function runCrashCall(name: HouseCallName, session: StudioSession, body: Record<string, unknown>): Promise<Outcome<Record<string, unknown>>> {
    const game = crash!;
    const readBalance = () => engine.balance(session);
    switch (name) {
      case 'state':
        return stateOf(session, game, () => game.seeds(session), () => game.openBet(session));
      case 'start':
        return game.place(session, body.bet);
      case 'act': {
        const action = body.action as { type?: unknown } | null;
        if (!action || action.type !== 'cashout') return { ok: false, code: 'VALIDATION', message: 'The action is not valid.' };
        return game.cashOut(session, String(body.roundId), readBalance);
      }
      case 'history':
        return { ok: true, value: { rounds: await game.history(session, body.before as string | undefined) } };
      case 'rotateSeeds':
        return { ok: false, code: 'VALIDATION', message: "This game's rounds are shared: their seeds are the site's chain, not the player's." };
      case 'crash':
        return game.now(session);
    }
  }

  async function runCall(name: HouseCallName, session: StudioSession, body: Record<string, unknown>): Promise<Outcome<Record<string, unknown>>> {
    if (crash && session.game === CRASH_GAME_CODE) return runCrashCall(name, session, body);
    const game = options.games[session.game];
    if (!game) return { ok: false, code: 'VALIDATION', message: 'This game does not exist.' };
    switch (name) {
      case 'state':
        return stateOf(session, game, () => activeSeeds(options.sql, session.site, session.player), () => engine.openRound(session));
      case 'start':
        return engine.start(session, body.bet);
      case 'act':
        return engine.act(session, String(body.roundId), body.action);
      case 'history':
        return { ok: true, value: { rounds: await engine.history(session, body.before as string | undefined) } };
      case 'rotateSeeds': {
        // An open round's server seed would tell the rest of it (where the mines are).
        const [open] = await options.sql.query(
          `SELECT 1 FROM house.rounds WHERE site = $1 AND player = $2 AND status IN ('debiting', 'open') LIMIT 1`,
          [session.site, session.player],
        );
        if (open) return { ok: false, code: 'ROUND_IN_PROGRESS', message: 'Finish the open round before changing seeds.' };
        return { ok: true, value: await rotateSeeds(options.sql, session.site, session.player, body.clientSeed as string | undefined) };
      }
      case 'crash':
        return { ok: false, code: 'VALIDATION', message: 'This game has no shared rounds.' };
    }
  }

  if (options.recovery !== false) {
    const runRecovery = async (minAgeSeconds: number) => {
      try {
        // Bets of crash rounds no page watched to their end, then every half-moved round.
        await crash?.settleCrashedBets();
        await recoverRounds(options.sql, wallet, log, minAgeSeconds);
        await purgeSessions(options.sql);
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'round recovery pass failed');
      }
    };
    // Once the server listens (the wallet is this server in the default mount), then on a timer.
    const minAge = options.recoveryMinAgeSeconds ?? 30;
    app.addHook('onListen', async () => {
      void runRecovery(minAge);
    });
    const timer = setInterval(() => void runRecovery(minAge), RECOVERY_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
}
