import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { OPERATOR_CALLS } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { failure } from '../http/calls.js';
import { correctMatchResult, matchLiability, settleMatch, voidSelections, type UnrecoveredPayout } from '../sports/index.js';
import type { Actor } from './operators.js';
import { actsOnWholePlatform } from '../backoffice/index.js';
import { recordAudit, resolveOpsSite } from './operations.js';

/*
 * The sportsbook's operator calls (issue 24 §4, ADR 0035). Matches are the platform's shared feed:
 * a result, a void or a hold changes every site's bets, so only an operator of every site of the
 * platform (a key without a site scope, the command line, or an account of every site of the only
 * brand owner: ADR 0051) may make them; each is audited in its transaction.
 */

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;

const OK = { statusCode: 1, message: 'OK' } as const;

/** An operator call's reply (ops-calls.ts), named here so the two modules do not import each other. */
type OperatorReply = Record<string, unknown> & { statusCode: number; message: string };

export async function opsSportsResult(db: Db, actor: Actor, payload: Payload<'opsSportsResult'>): Promise<OperatorReply> {
  if (!(await actsOnWholePlatform(db, actor))) return failure('permissionDenied');
  return db.transaction(async (tx) => {
    const [match] = await queryRows<{ id: number }>(tx, sql`select id from matches where id = ${payload.match_id}`);
    if (!match) return failure('notFound');
    const done = await settleMatch(tx, match.id, { homeScore: payload.home_score, awayScore: payload.away_score });
    const auditId = await recordAudit(tx, actor, {
      action: 'sports.result',
      targetType: 'match',
      targetId: match.id,
      siteId: null,
      reason: payload.reason,
      details: { home_score: payload.home_score, away_score: payload.away_score, applied: done.applied, bets: done.bets },
    });
    return { ...OK, applied: done.applied, selections: done.selections, bets: done.bets, audit_id: auditId };
  });
}

export async function opsSportsCorrect(db: Db, actor: Actor, payload: Payload<'opsSportsCorrect'>): Promise<OperatorReply> {
  if (!(await actsOnWholePlatform(db, actor))) return failure('permissionDenied');
  return db.transaction(async (tx) => {
    const done = await correctMatchResult(tx, payload.match_id, { homeScore: payload.home_score, awayScore: payload.away_score });
    if (!done.ok) return failure(done.message);
    const unrecovered = await namedUnrecovered(tx, done.unrecovered);
    const auditId = await recordAudit(tx, actor, {
      action: 'sports.correct',
      targetType: 'match',
      targetId: payload.match_id,
      siteId: null,
      reason: payload.reason,
      details: {
        home_score: payload.home_score,
        away_score: payload.away_score,
        applied: done.applied,
        selections: done.selections,
        bets: done.bets,
        paid: done.paid,
        reclaimed: done.reclaimed,
        unrecovered,
      },
    });
    return { ...OK, applied: done.applied, selections: done.selections, bets: done.bets, paid: done.paid, reclaimed: done.reclaimed, unrecovered, audit_id: auditId };
  });
}

/** The unrecovered payouts with the site and player as operators name them. */
async function namedUnrecovered(db: Db, unrecovered: UnrecoveredPayout[]): Promise<{ site: string; account_id: string; ticket: string; amount: string }[]> {
  if (unrecovered.length === 0) return [];
  const names = await queryRows<{ player_id: number; site: string; account_id: string }>(
    db,
    sql`select p.id as player_id, s.external_id as site, p.account_id from players p join sites s on s.id = p.site_id
        where p.id = any(${`{${unrecovered.map((entry) => entry.playerId).join(',')}}`}::bigint[])`,
  );
  const byPlayer = new Map(names.map((row) => [Number(row.player_id), row]));
  return unrecovered.map((entry) => ({ site: byPlayer.get(entry.playerId)!.site, account_id: byPlayer.get(entry.playerId)!.account_id, ticket: entry.ticket, amount: entry.amount }));
}

export async function opsSportsVoid(db: Db, actor: Actor, payload: Payload<'opsSportsVoid'>): Promise<OperatorReply> {
  if (!(await actsOnWholePlatform(db, actor))) return failure('permissionDenied');
  return db.transaction(async (tx) => {
    const done = await voidSelections(tx, payload.match_id, { betType: payload.bet_type, line: payload.line });
    if (!done) return failure('notFound');
    const auditId = await recordAudit(tx, actor, {
      action: 'sports.void',
      targetType: 'match',
      targetId: payload.match_id,
      siteId: null,
      reason: payload.reason,
      details: { bet_type: payload.bet_type ?? null, line: payload.line ?? null, selections: done.selections, bets: done.bets },
    });
    return { ...OK, selections: done.selections, bets: done.bets, audit_id: auditId };
  });
}

export async function opsSportsHold(db: Db, actor: Actor, payload: Payload<'opsSportsHold'>): Promise<OperatorReply> {
  if (!(await actsOnWholePlatform(db, actor))) return failure('permissionDenied');
  return db.transaction(async (tx) => {
    const [match] = await queryRows<{ id: number }>(tx, sql`update matches set held = ${payload.held} where id = ${payload.match_id} returning id`);
    if (!match) return failure('notFound');
    const auditId = await recordAudit(tx, actor, {
      action: payload.held ? 'sports.hold' : 'sports.release',
      targetType: 'match',
      targetId: match.id,
      siteId: null,
      reason: payload.reason,
    });
    return { ...OK, held: payload.held, audit_id: auditId };
  });
}

export async function opsSportsLiability(db: Db, actor: Actor, payload: Payload<'opsSportsLiability'>): Promise<OperatorReply> {
  const site = await resolveOpsSite(db, actor, payload.site);
  if (!site.ok) return failure(site.message);
  // No site named: the actor's sites (every site only for an actor of every site), never another's.
  const liability = await matchLiability(db, payload.match_id, site.value ? [site.value.id] : actor.siteIds);
  if (!liability) return failure('notFound');
  // One site: its currency on every row, the empty ones too.
  const currency = site.value?.currency ?? null;
  const value = currency === null ? liability.value : liability.value.map((row) => ({ ...row, currency }));
  return { ...OK, match_id: payload.match_id, status: liability.status, value };
}
