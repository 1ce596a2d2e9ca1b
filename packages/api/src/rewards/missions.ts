import { and, asc, eq, sql } from 'drizzle-orm';
import { isAtLeast, progressToward } from '@wl/contracts';
import type { LocaleCode, Mission, MissionKind } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { missionClaims, missions } from '../db/schema.js';
import { postToLedger, readBalances } from '../ledger/index.js';

interface Owner {
  id: number;
  siteId: number;
}

type Metrics = Record<MissionKind, string>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the UTC day of `now`. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The claim period of a mission: `once`, or the UTC day (`d:2026-11-21`) of a daily one. */
export function periodKeyOf(period: 'once' | 'daily', now: Date): string {
  return period === 'once' ? 'once' : `d:${utcDayStart(now).toISOString().slice(0, 10)}`;
}

/**
 * What the player has done since `since` (all time when null), from the real records: sessions
 * opened (logins), approved deposits, game stakes posted by the providers' wallet callbacks (one
 * `bet` ledger entry a round) and their amount (turnover), and the VIP level reached.
 */
export async function missionMetrics(db: Db, player: Owner, since: Date | null): Promise<Metrics> {
  const from = (since ?? new Date(0)).toISOString();
  const [row] = await queryRows<{ login: string; deposit: string; rounds: string; turnover: string; vip: string }>(
    db,
    sql`select
      (select count(*) from sessions where player_id = ${player.id} and site_id = ${player.siteId} and created_at >= ${from}::timestamptz)::text as login,
      (select count(*) from payments where player_id = ${player.id} and site_id = ${player.siteId} and kind = 'deposit'
         and status = 'approved' and decided_at >= ${from}::timestamptz)::text as deposit,
      (select count(*) from ledger_entries where player_id = ${player.id} and site_id = ${player.siteId} and account = 'balance'
         and type = 'bet' and created_at >= ${from}::timestamptz)::text as rounds,
      (select coalesce(-sum(amount), 0) from ledger_entries where player_id = ${player.id} and site_id = ${player.siteId}
         and account = 'balance' and type = 'bet' and created_at >= ${from}::timestamptz)::text as turnover,
      (select coalesce(max(level), 0) from player_vip where player_id = ${player.id})::text as vip`,
  );
  return { login: row!.login, deposit: row!.deposit, game_rounds: row!.rounds, turnover: row!.turnover, vip_level: row!.vip };
}

type MissionRow = typeof missions.$inferSelect;

/** A mission's text in the language, else English, else any. */
function textOf(row: MissionRow, language: LocaleCode | undefined) {
  return (language && row.texts[language]) || row.texts.EN || Object.values(row.texts)[0] || { title: row.code, description: '' };
}

/** The site's active missions with the player's progress in the current period of each. */
export async function listMissions(db: Db, player: Owner, language: LocaleCode | undefined, now = new Date()): Promise<Mission[]> {
  const rows = await db
    .select()
    .from(missions)
    .where(and(eq(missions.siteId, player.siteId), eq(missions.active, true)))
    .orderBy(asc(missions.sort), asc(missions.id));
  if (rows.length === 0) return [];
  const today = utcDayStart(now);
  const [allTime, daily, claims] = await Promise.all([
    missionMetrics(db, player, null),
    missionMetrics(db, player, today),
    db
      .select({ missionId: missionClaims.missionId, periodKey: missionClaims.periodKey })
      .from(missionClaims)
      .where(and(eq(missionClaims.playerId, player.id), eq(missionClaims.siteId, player.siteId))),
  ]);
  const claimed = new Set(claims.map((claim) => `${claim.missionId}/${claim.periodKey}`));
  return rows.map((row) => {
    const metrics = row.period === 'daily' ? daily : allTime;
    const { progress, percent } = progressToward(metrics[row.kind], row.target);
    const isClaimed = claimed.has(`${row.id}/${periodKeyOf(row.period, now)}`);
    const text = textOf(row, language);
    return {
      mission_id: row.id,
      kind: row.kind,
      period: row.period,
      title: text.title,
      description: text.description,
      target: row.target,
      progress,
      progress_percent: percent,
      reward_tokens: row.rewardTokens,
      claimable: !isClaimed && isAtLeast(metrics[row.kind], row.target),
      claimed: isClaimed,
      period_end: row.period === 'daily' ? new Date(today.getTime() + DAY_MS).toISOString() : null,
    };
  });
}

export type MissionClaimResult =
  | { ok: true; rewardTokens: string; balance: string; tokens: string }
  | { ok: false; message: 'notFound' | 'notClaimable' | 'alreadyClaimed' };

/**
 * Claims a completed mission: one transaction checks the target on the real records, records the
 * claim under the unique (player, mission, period) key — a concurrent claim of the same period waits
 * on that key and then finds it taken — and credits the tokens through the ledger under the key
 * `mission:<id>:<player>:<period>`, so the reward is credited exactly once per player and period.
 */
export async function claimMission(db: Db, player: Owner, missionId: number, now = new Date()): Promise<MissionClaimResult> {
  const [row] = await db
    .select()
    .from(missions)
    .where(and(eq(missions.id, missionId), eq(missions.siteId, player.siteId), eq(missions.active, true)))
    .limit(1);
  // Another site's mission is as unknown as a missing one.
  if (!row) return { ok: false, message: 'notFound' };
  const periodKey = periodKeyOf(row.period, now);
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [taken] = await tx
      .select({ id: missionClaims.id })
      .from(missionClaims)
      .where(and(eq(missionClaims.playerId, player.id), eq(missionClaims.missionId, row.id), eq(missionClaims.periodKey, periodKey)))
      .limit(1);
    if (taken) return { ok: false, message: 'alreadyClaimed' } as const;
    const metrics = await missionMetrics(tx, player, row.period === 'daily' ? utcDayStart(now) : null);
    if (!isAtLeast(metrics[row.kind], row.target)) return { ok: false, message: 'notClaimable' } as const;

    const [claim] = await tx
      .insert(missionClaims)
      .values({ siteId: player.siteId, playerId: player.id, missionId: row.id, periodKey, rewardTokens: row.rewardTokens })
      .onConflictDoNothing()
      .returning({ id: missionClaims.id });
    if (!claim) return { ok: false, message: 'alreadyClaimed' } as const;

    const posted = await postToLedger(tx, {
      siteId: player.siteId,
      playerId: player.id,
      account: 'tokens',
      amount: row.rewardTokens,
      counter: 'rewards',
      type: 'mission',
      reference: `mission:${row.id}`,
      idempotencyKey: `mission:${row.id}:${player.id}:${periodKey}`,
    });
    // A credit cannot overdraw; anything else is a bug, and throwing rolls the claim back.
    if (!posted.ok) throw new Error(`Mission credit refused: ${posted.message}`);
    await tx.update(missionClaims).set({ ledgerEntryId: posted.transferId }).where(eq(missionClaims.id, claim.id));
    const balances = await readBalances(tx, player.id);
    return { ok: true, rewardTokens: row.rewardTokens, balance: balances.balance, tokens: balances.tokens } as const;
  });
}
