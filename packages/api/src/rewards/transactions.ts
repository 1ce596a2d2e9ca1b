import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { TopWinner, TransactionRow } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { payments, players } from '../db/schema.js';
import { maskAccountId } from './mask.js';

/** Each home ticker shows at most this many payments. */
export const TICKER_SIZE = 20;
/** The winners board: the largest approved withdrawals of this many last days. */
export const TOP_WINNERS_DAYS = 30;
export const TOP_WINNERS_SIZE = 10;

interface SiteRef {
  id: number;
  currency: string;
}

/** When a payment was decided (approved); a row without a decision time falls back to its request time. */
const decidedAt = sql<Date>`coalesce(${payments.decidedAt}, ${payments.createdAt})`.mapWith(payments.createdAt);

/** The site's latest approved deposits or withdrawals, newest decided first, account ids masked. */
export async function latestPayments(db: Db, site: SiteRef, kind: 'deposit' | 'withdrawal'): Promise<TransactionRow[]> {
  const rows = await db
    .select({ accountId: players.accountId, amount: payments.amount, at: decidedAt })
    .from(payments)
    .innerJoin(players, eq(players.id, payments.playerId))
    .where(and(eq(payments.siteId, site.id), eq(payments.kind, kind), eq(payments.status, 'approved')))
    .orderBy(sql`${payments.decidedAt} desc nulls last`, desc(payments.id))
    .limit(TICKER_SIZE);
  return rows.map((row) => ({
    account_id: maskAccountId(row.accountId),
    amount: row.amount,
    currency: site.currency,
    created_at: row.at.toISOString(),
  }));
}

/**
 * The site's ten largest withdrawals approved in the last 30 days, largest first (equal amounts:
 * the most recent first), account ids masked. game_name is the game of the player's last win
 * (a ledger entry of type 'win' whose reference is `game:<provider code>:<game code>`) before the
 * withdrawal, when there is one.
 */
export async function topWinners(db: Db, site: SiteRef, now = new Date()): Promise<TopWinner[]> {
  const since = new Date(now.getTime() - TOP_WINNERS_DAYS * 24 * 60 * 60 * 1000);
  const gameName = sql<string | null>`(
    select g.game_name
    from ledger_entries le
    join providers pr on pr.code = split_part(le.reference, ':', 2)
    join games g on g.provider_id = pr.id and g.game_code = substring(le.reference from '^game:[^:]+:(.+)$')
    where le.player_id = ${payments.playerId} and le.site_id = ${payments.siteId} and le.type = 'win'
      and le.reference like 'game:%' and le.created_at <= coalesce(${payments.decidedAt}, ${payments.createdAt})
    order by le.created_at desc, le.id desc
    limit 1)`;
  const rows = await db
    .select({ accountId: players.accountId, amount: payments.amount, at: decidedAt, gameName })
    .from(payments)
    .innerJoin(players, eq(players.id, payments.playerId))
    .where(
      and(
        eq(payments.siteId, site.id),
        eq(payments.kind, 'withdrawal'),
        eq(payments.status, 'approved'),
        gte(payments.decidedAt, since),
      ),
    )
    .orderBy(desc(payments.amount), sql`${payments.decidedAt} desc`, desc(payments.id))
    .limit(TOP_WINNERS_SIZE);
  return rows.map((row) => ({
    account_id: maskAccountId(row.accountId),
    amount: row.amount,
    currency: site.currency,
    game_name: row.gameName ?? null,
    created_at: row.at.toISOString(),
  }));
}
