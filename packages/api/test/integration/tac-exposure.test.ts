/**
 * One-time codes never leak (issue 21 §2, ADR 0019): GET /api/dev/tac is off unless
 * EXPOSE_TAC_CODES=true on any database; the outbox keeps a code in clear only while the code is
 * valid; the purge removes expired outbox messages, old codes and ended sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { sessions, tacCodes, tacOutbox } from '../../src/db/schema.js';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/http/app.js';
import { createSession } from '../../src/accounts/sessions.js';
import { purgeExpired } from '../../src/accounts/purge.js';
import { backends, createTestServer, jsonOf, type TestServer } from './helpers.js';
import { call, createPlayer, latestTac, siteIdOf, siteOf } from './auth-fixtures.js';

const CASINO1 = 'casino1.localhost';

describe('EXPOSE_TAC_CODES', () => {
  it('is off unless set to true, on the embedded database and on PostgreSQL alike', () => {
    expect(loadConfig({}).exposeTacCodes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).exposeTacCodes).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/wl' }).exposeTacCodes).toBe(false);
    expect(loadConfig({ EXPOSE_TAC_CODES: '1' }).exposeTacCodes).toBe(false);
    expect(loadConfig({ EXPOSE_TAC_CODES: 'false' }).exposeTacCodes).toBe(false);
    expect(loadConfig({ EXPOSE_TAC_CODES: 'true' }).exposeTacCodes).toBe(true);
    expect(loadConfig({ EXPOSE_TAC_CODES: 'true', DATABASE_URL: 'postgres://db.example/wl' }).exposeTacCodes).toBe(true);
  });
});

describe.each(backends)('one-time codes and the purge on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let casino1: number;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    casino1 = await siteIdOf(db, 'casino1');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function requestLoginCode(accountId: string): Promise<void> {
    const { body } = await call(server.app, '/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: accountId });
    expect(body.statusCode, JSON.stringify(body)).toBe(1);
  }

  const ageOutbox = (accountId: string, seconds: number) =>
    db.execute(sql`update tac_outbox set created_at = created_at - make_interval(secs => ${seconds}) where site_id = ${casino1} and account_id = ${accountId}`);

  it('an app built with the default services has no /api/dev/tac, even on the embedded database', async () => {
    const player = await createPlayer(db, 'casino1');
    await requestLoginCode(player.accountId);
    const plain = await buildApp({ database: server.database, web: null });
    try {
      const response = await plain.inject({ method: 'GET', url: `/api/dev/tac?domain_name=${CASINO1}&account_id=${player.accountId}` });
      expect(response.statusCode).toBe(404);
      expect(jsonOf(response)).toEqual({ statusCode: 0, message: 'notFound' });
    } finally {
      await plain.close();
    }
  });

  it('the development route answers a code only while it is valid', async () => {
    const player = await createPlayer(db, 'casino1');
    await requestLoginCode(player.accountId);
    expect(await latestTac(server.app, CASINO1, player.accountId)).toMatch(/^\d{6}$/);
    await ageOutbox(player.accountId, 5 * 60 + 1);
    const response = await server.app.inject({ method: 'GET', url: `/api/dev/tac?domain_name=${CASINO1}&account_id=${player.accountId}` });
    expect(response.statusCode).toBe(404);
  });

  it('the purge deletes outbox messages once their code has expired, and keeps live ones', async () => {
    const expired = await createPlayer(db, 'casino1');
    const live = await createPlayer(db, 'casino1');
    await requestLoginCode(expired.accountId);
    await requestLoginCode(live.accountId);
    const code = await latestTac(server.app, CASINO1, expired.accountId);
    await ageOutbox(expired.accountId, 5 * 60 + 1);

    const counts = await purgeExpired(db);
    expect(counts.outbox).toBeGreaterThanOrEqual(1);
    const outboxOf = (accountId: string) => db.select().from(tacOutbox).where(and(eq(tacOutbox.siteId, casino1), eq(tacOutbox.accountId, accountId)));
    expect(await outboxOf(expired.accountId)).toHaveLength(0);
    expect(await outboxOf(live.accountId)).toHaveLength(1);
    // The code is nowhere in clear any more; the codes table has only its hash.
    const clear = await db.select({ id: tacOutbox.id }).from(tacOutbox).where(sql`${tacOutbox.body} like ${`%${code}%`} and ${tacOutbox.accountId} = ${expired.accountId}`);
    expect(clear).toHaveLength(0);
    const [stored] = await db.select({ codeHash: tacCodes.codeHash }).from(tacCodes).where(eq(tacCodes.accountId, expired.accountId));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code);
  });

  it('the purge deletes codes an hour past expiry and sessions a day after they ended, and keeps the rest', async () => {
    const player = await createPlayer(db, 'casino1');
    await requestLoginCode(player.accountId);
    const [fresh] = await db.select({ id: tacCodes.id }).from(tacCodes).where(eq(tacCodes.accountId, player.accountId));
    const [old] = await db
      .insert(tacCodes)
      .values({ siteId: casino1, accountId: player.accountId, purpose: 'login', codeHash: 'f'.repeat(64), expiresAt: sql`now() - interval '61 minutes'` })
      .returning({ id: tacCodes.id });

    const live = await createSession(db, player, { ip: '203.0.113.1', userAgent: 'vitest' });
    const tokens = [live];
    for (let i = 0; i < 4; i += 1) tokens.push(await createSession(db, player, { ip: '203.0.113.1', userAgent: 'vitest' }));
    const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.playerId, player.id)).orderBy(sessions.id);
    const [liveId, revokedLongAgo, revokedNow, expiredLongAgo, idleLongAgo] = rows.map((row) => row.id);
    await db.update(sessions).set({ revokedAt: sql`now() - interval '25 hours'` }).where(eq(sessions.id, revokedLongAgo!));
    await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, revokedNow!));
    await db.update(sessions).set({ expiresAt: sql`now() - interval '25 hours'` }).where(eq(sessions.id, expiredLongAgo!));
    await db.update(sessions).set({ lastSeenAt: sql`now() - interval '27 hours'` }).where(eq(sessions.id, idleLongAgo!));

    const counts = await purgeExpired(db);
    expect(counts.codes).toBeGreaterThanOrEqual(1);
    expect(counts.sessions).toBeGreaterThanOrEqual(3);
    const codesLeft = await db.select({ id: tacCodes.id }).from(tacCodes).where(inArray(tacCodes.id, [fresh!.id, old!.id]));
    expect(codesLeft.map((row) => row.id)).toEqual([fresh!.id]);
    const sessionsLeft = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.playerId, player.id)).orderBy(sessions.id);
    expect(sessionsLeft.map((row) => row.id)).toEqual([liveId, revokedNow]);
    // The live session still works after the purge.
    expect((await call(server.app, '/api/auth/get_balance', { account_id: player.accountId, auth: live })).body.statusCode).toBe(1);
  });
});
