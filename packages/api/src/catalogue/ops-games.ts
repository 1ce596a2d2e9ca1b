import type { z } from 'zod';
import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ErrorKey, OPERATOR_CALLS, OpsGame } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { games, providers, siteGamesOff, siteProviders } from '../db/schema.js';

/*
 * The back office's Games screen (issue 26 §2 "Sportsbook and games", ADR 0051): the catalogue as
 * one site sees it, a game switched off or on for that site (site_games_off, which offeredBySite
 * reads for every list, lobby, search and launch), and the catalogue's hot/new flags, which are the
 * platform's (the games table has no site): changed only by an operator of every site.
 */

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;
type OperatorReply = Record<string, unknown> & { statusCode: number; message: string };

/** The operator side as these calls see it (the banking feature builds it: ADR 0027). */
export interface GamesAccess {
  /** The site named by domain, if the operator works on it, or why not. */
  site(db: Db, domain: string): Promise<{ ok: true; value: { id: number; externalId: string } | null } | { ok: false; message: ErrorKey }>;
  /** Writes one audit entry (in `tx`'s transaction); answers its id. */
  audit(tx: Db, entry: { action: string; targetType: string; targetId: string | number; siteId: number | null; reason?: string; details?: Record<string, unknown> }): Promise<number>;
  /** Whether the operator may change the platform's hot/new flags: it may manage sites and works on every site of the platform. */
  mayFlag(db: Db): Promise<boolean>;
}

const OK = { statusCode: 1, message: 'OK' } as const;
const fail = (message: ErrorKey): OperatorReply => ({ statusCode: 0, message });

const contains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const gameColumns = {
  id: games.id,
  providerCode: providers.code,
  providerName: providers.name,
  providerEnabled: siteProviders.enabled,
  gameCode: games.gameCode,
  gameName: games.gameName,
  gameType: games.gameType,
  categories: games.categories,
  hot: games.hot,
  isNew: games.isNew,
  offId: siteGamesOff.gameId,
};

/** The games of the providers the site has (on or off), with the site's switch of each. */
function siteCatalogue(db: Db, siteId: number) {
  return db
    .select(gameColumns)
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(siteProviders, and(eq(siteProviders.providerId, providers.id), eq(siteProviders.siteId, siteId)))
    .leftJoin(siteGamesOff, and(eq(siteGamesOff.siteId, siteId), eq(siteGamesOff.gameId, games.id)));
}

type GameRow = Awaited<ReturnType<ReturnType<typeof siteCatalogue>['execute']>>[number];

function gameOf(row: GameRow): OpsGame {
  const switchedOff = row.offId !== null;
  return {
    game_id: row.id,
    provider_code: row.providerCode,
    provider_name: row.providerName,
    provider_enabled: row.providerEnabled,
    game_code: row.gameCode,
    game_name: row.gameName,
    game_type: row.gameType,
    categories: row.categories,
    hot: row.hot,
    is_new: row.isNew,
    switched_off: switchedOff,
    offered: row.providerEnabled && !switchedOff,
  };
}

const OFFERED = and(eq(siteProviders.enabled, true), isNull(siteGamesOff.gameId));
const NOT_OFFERED = or(eq(siteProviders.enabled, false), isNotNull(siteGamesOff.gameId));

export async function opsGames(db: Db, access: GamesAccess, payload: Payload<'opsGames'>): Promise<OperatorReply> {
  const site = await access.site(db, payload.site);
  if (!site.ok) return fail(site.message);
  if (!site.value) return fail('siteNotFound');
  const siteId = site.value.id;
  const conditions: (SQL | undefined)[] = [
    payload.q ? or(sql`${games.gameName} ilike ${contains(payload.q)}`, sql`${games.gameCode} ilike ${contains(payload.q)}`) : undefined,
    payload.provider ? sql`upper(${providers.code}) = upper(${payload.provider})` : undefined,
    payload.category ? sql`${games.categories} @> array[${payload.category}]::text[]` : undefined,
    payload.offered === 'on' ? OFFERED : payload.offered === 'off' ? NOT_OFFERED : undefined,
  ];
  const where = and(...conditions);
  const [rows, [count], siteProviderRows, mayFlag] = await Promise.all([
    siteCatalogue(db, siteId)
      .where(where)
      .orderBy(asc(siteProviders.sortOrder), asc(games.sortOrder), asc(games.id))
      .limit(payload.page_size)
      .offset((payload.page - 1) * payload.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(games)
      .innerJoin(providers, eq(providers.id, games.providerId))
      .innerJoin(siteProviders, and(eq(siteProviders.providerId, providers.id), eq(siteProviders.siteId, siteId)))
      .leftJoin(siteGamesOff, and(eq(siteGamesOff.siteId, siteId), eq(siteGamesOff.gameId, games.id)))
      .where(where),
    db
      .select({ provider_code: providers.code, name: providers.name, enabled: siteProviders.enabled })
      .from(siteProviders)
      .innerJoin(providers, eq(providers.id, siteProviders.providerId))
      .where(eq(siteProviders.siteId, siteId))
      .orderBy(asc(siteProviders.sortOrder), asc(providers.name)),
    access.mayFlag(db),
  ]);
  return {
    ...OK,
    value: rows.map(gameOf),
    total: Number(count?.total ?? 0),
    page: payload.page,
    page_size: payload.page_size,
    providers: siteProviderRows,
    may_flag: mayFlag,
  };
}

export async function opsGameSet(db: Db, access: GamesAccess, payload: Payload<'opsGameSet'>): Promise<OperatorReply> {
  const site = await access.site(db, payload.site);
  if (!site.ok) return fail(site.message);
  if (!site.value) return fail('siteNotFound');
  const siteId = site.value.id;
  const flagging = payload.hot !== undefined || payload.is_new !== undefined;
  // The flags are the platform catalogue's, shared by every site (ADR 0051).
  if (flagging && !(await access.mayFlag(db))) return fail('permissionDenied');
  return db.transaction(async (tx) => {
    const [before] = await siteCatalogue(tx, siteId).where(eq(games.id, payload.game_id)).for('update', { of: games }).limit(1);
    if (!before) return fail('notFound');
    const wasOff = before.offId !== null;
    const auditIds: number[] = [];
    if (payload.offered !== undefined && payload.offered === wasOff) {
      if (payload.offered) await tx.delete(siteGamesOff).where(and(eq(siteGamesOff.siteId, siteId), eq(siteGamesOff.gameId, before.id)));
      else await tx.insert(siteGamesOff).values({ siteId, gameId: before.id }).onConflictDoNothing();
      auditIds.push(
        await access.audit(tx, {
          action: payload.offered ? 'game.switch_on' : 'game.switch_off',
          targetType: 'game',
          targetId: before.id,
          siteId,
          reason: payload.reason,
          details: { game: `${before.providerCode}/${before.gameCode}`, before: { switched_off: wasOff }, after: { switched_off: !payload.offered } },
        }),
      );
    }
    const hot = payload.hot ?? before.hot;
    const isNew = payload.is_new ?? before.isNew;
    if (hot !== before.hot || isNew !== before.isNew) {
      await tx.update(games).set({ hot, isNew }).where(eq(games.id, before.id));
      auditIds.push(
        await access.audit(tx, {
          action: 'game.flags',
          targetType: 'game',
          targetId: before.id,
          // Every site's: the flags are the platform catalogue's.
          siteId: null,
          reason: payload.reason,
          details: { game: `${before.providerCode}/${before.gameCode}`, before: { hot: before.hot, is_new: before.isNew }, after: { hot, is_new: isNew } },
        }),
      );
    }
    const [after] = await siteCatalogue(tx, siteId).where(eq(games.id, before.id)).limit(1);
    return { ...OK, value: gameOf(after!), changed: auditIds.length > 0, audit_id: auditIds.at(-1) ?? null };
  });
}
