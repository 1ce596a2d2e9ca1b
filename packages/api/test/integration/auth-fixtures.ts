/**
 * Fixtures of the auth and account tests: players made straight in the database, calls from a
 * fresh client address each (so the per-address limits of one test never reach another), the
 * latest one-time code through the development route, and logins.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { players } from '../../src/db/schema.js';
import { hashPassword } from '../../src/shared/password.js';
import { newReferralCode } from '../../src/accounts/referral-code.js';
import { jsonOf, postJson, siteIdOf, siteOf } from './helpers.js';
export { siteIdOf, siteOf } from './helpers.js';

export const DEMO_PASSWORD = 'demo1234';


/** A client address no other request of the run uses. */
export function freshIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A new account id (4–16 letters and digits), unique for the run. */
export function freshAccountId(prefix = 't'): string {
  return `${prefix}${randomBytes(6).toString('hex')}`.slice(0, 16);
}

/** POSTs a call from `ip` (a fresh address unless given). */
export async function call(
  app: FastifyInstance,
  path: string,
  payload: unknown,
  options: { ip?: string; userAgent?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { response, body } = await postJson(app, path, payload, {
    remoteAddress: options.ip ?? freshIp(),
    ...(options.userAgent ? { headers: { 'user-agent': options.userAgent } } : {}),
  });
  return { status: response.statusCode, body };
}

const hashes = new Map<string, Promise<string>>();

export interface PlayerSpec {
  accountId?: string;
  password?: string;
  phone?: string;
  status?: 'active' | 'blocked' | 'closed';
  fullName?: string;
  email?: string;
}

export interface TestPlayer {
  id: number;
  siteId: number;
  accountId: string;
  password: string;
  phone: string;
  referralCode: string;
}


/** A player inserted straight into the database of a demo site. */
export async function createPlayer(db: Db, externalId: string, spec: PlayerSpec = {}): Promise<TestPlayer> {
  const password = spec.password ?? 'secret123';
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  const siteId = await siteIdOf(db, externalId);
  const accountId = spec.accountId ?? freshAccountId();
  const phone = spec.phone ?? `639${String(randomInt(10_000_000, 99_999_999))}`;
  const referralCode = newReferralCode();
  const [row] = await db
    .insert(players)
    .values({
      siteId,
      accountId,
      passwordHash: await hash,
      fullName: spec.fullName ?? 'Test Player',
      contactEmail: spec.email ?? `${accountId}@example.com`,
      contactPhone: phone,
      status: spec.status ?? 'active',
      referralCode,
    })
    .returning({ id: players.id });
  return { id: row!.id, siteId, accountId, password, phone, referralCode };
}

/** The latest one-time code sent to an account (development route). */
export async function latestTac(app: FastifyInstance, domain: string, accountId: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/dev/tac?domain_name=${encodeURIComponent(domain)}&account_id=${accountId}` });
  const body = jsonOf(response);
  expect(response.statusCode, JSON.stringify(body)).toBe(200);
  expect(body.tac).toMatch(/^\d{6}$/);
  return body.tac as string;
}

/** Logs in and answers the session token. */
export async function loginToken(app: FastifyInstance, domain: string, accountId: string, password = DEMO_PASSWORD): Promise<string> {
  const { body } = await call(app, '/api/auth/login', { ...siteOf(domain), account_id: accountId, password });
  expect(body.statusCode, JSON.stringify(body)).toBe(1);
  return body.token as string;
}

/** A six-digit code other than `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Moves an account's one-time codes into the past (created_at and expires_at) by `seconds`. */
export async function ageTacCodes(db: Db, siteId: number, accountId: string, seconds: number): Promise<void> {
  await db.execute(
    sql`update tac_codes set created_at = created_at - make_interval(secs => ${seconds}), expires_at = expires_at - make_interval(secs => ${seconds})
        where site_id = ${siteId} and account_id = ${accountId}`,
  );
}

export async function playerRow(db: Db, siteId: number, accountId: string) {
  const [row] = await db
    .select()
    .from(players)
    .where(and(eq(players.siteId, siteId), eq(players.accountId, accountId)))
    .limit(1);
  return row;
}
