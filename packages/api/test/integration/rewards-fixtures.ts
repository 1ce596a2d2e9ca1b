/**
 * Fixtures of the favourites, inbox, transactions and ledger tests: sessions made straight in the
 * database (no login, so these tests do not depend on the login call or its rate limits), players
 * of a demo site, replies checked against the contract, and exact decimal arithmetic.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { z } from 'zod';
import { failureReply, toMinorUnits } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { players, sites } from '../../src/db/schema.js';
import { createSession } from '../../src/accounts/sessions.js';
import { newReferralCode } from '../../src/accounts/referral-code.js';
import { postJson } from './helpers.js';
export { siteOf } from './helpers.js';


export async function siteRow(db: Db, externalId: string) {
  const [row] = await db.select().from(sites).where(eq(sites.externalId, externalId)).limit(1);
  if (!row) throw new Error(`no site ${externalId}`);
  return row;
}

export interface TestSession {
  playerId: number;
  siteId: number;
  account_id: string;
  auth: string;
}

/** A live session of an existing player of a demo site (by account id), made without logging in. */
export async function sessionOf(db: Db, externalId: string, accountId: string): Promise<TestSession> {
  const site = await siteRow(db, externalId);
  const [player] = await db
    .select({ id: players.id, siteId: players.siteId })
    .from(players)
    .where(and(eq(players.siteId, site.id), eq(players.accountId, accountId)))
    .limit(1);
  if (!player) throw new Error(`no player ${accountId} on ${externalId}`);
  const auth = await createSession(db, player, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { playerId: player.id, siteId: site.id, account_id: accountId, auth };
}

/** A new active player of a demo site (the demo players' password) with a live session. */
export async function newPlayer(db: Db, externalId: string, status: 'active' | 'blocked' | 'closed' = 'active'): Promise<TestSession> {
  const site = await siteRow(db, externalId);
  const accountId = `r${randomBytes(6).toString('hex')}`;
  const [player] = await db
    .insert(players)
    .values({
      siteId: site.id,
      accountId,
      passwordHash: sql`(select password_hash from players where site_id = ${site.id} and account_id = 'demo')`,
      referralCode: newReferralCode(),
      status,
    })
    .returning({ id: players.id, siteId: players.siteId });
  const auth = await createSession(db, player!, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { playerId: player!.id, siteId: site.id, account_id: accountId, auth };
}

export function credentials(session: TestSession): { account_id: string; auth: string } {
  return { account_id: session.account_id, auth: session.auth };
}

export async function post(app: FastifyInstance, path: string, payload: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const { response, body } = await postJson(app, path, payload);
  return { status: response.statusCode, body };
}

/** A success reply, parsed with the contract's reply schema (fails the test with the reply otherwise). */
export function expectReply<S extends z.ZodType>(schema: S, body: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`Reply does not match the contract: ${parsed.error.message}\n${JSON.stringify(body).slice(0, 500)}`);
  return parsed.data;
}

/** A failure reply with the given key, parsed with the contract's failure schema. */
export function expectFailure(body: Record<string, unknown>, message: string): void {
  expect(failureReply.safeParse(body).success, JSON.stringify(body)).toBe(true);
  expect(body.statusCode).toBe(0);
  expect(body.message).toBe(message);
}

/** A decimal string in ten-thousandths, exactly: "1250.5" → 12505000n (the tests' short name for toMinorUnits, ADR 0025). */
export function minor(amount: string): bigint {
  return toMinorUnits(amount);
}

/**
 * The session failures every session call answers (docs/product.md D5): an unknown token
 * sessionExpired, a missing one validationError, another player's token permissionDenied, a
 * blocked player BLOCK, a closed one CLOSE, an ended session sessionExpired.
 */
export async function expectSessionFailures(app: FastifyInstance, db: Db, path: string, extra: Record<string, unknown> = {}): Promise<void> {
  const unknown = await post(app, path, { ...extra, account_id: 'demo', auth: 'A'.repeat(43) });
  expectFailure(unknown.body, 'sessionExpired');
  expect(unknown.status).toBe(401);

  const missing = await post(app, path, { ...extra, account_id: 'demo' });
  expectFailure(missing.body, 'validationError');
  expect(missing.body.errors).toMatchObject({ auth: ['required'] });

  const other = await newPlayer(db, 'casino1');
  expectFailure((await post(app, path, { ...extra, account_id: 'demo', auth: other.auth })).body, 'permissionDenied');

  const blocked = await sessionOf(db, 'casino1', 'blocked');
  expectFailure((await post(app, path, { ...extra, ...credentials(blocked) })).body, 'BLOCK');

  const closing = await newPlayer(db, 'casino1');
  await db.update(players).set({ status: 'closed' }).where(eq(players.id, closing.playerId));
  expectFailure((await post(app, path, { ...extra, ...credentials(closing) })).body, 'CLOSE');

  const ended = await newPlayer(db, 'casino1');
  await db.execute(sql`update sessions set revoked_at = now(), revoked_reason = 'test' where player_id = ${ended.playerId}`);
  expectFailure((await post(app, path, { ...extra, ...credentials(ended) })).body, 'sessionExpired');
}
