/**
 * The back office's sign-in and roles (issue 26 §1, ADR 0044) over HTTP: a password then a TOTP
 * code (enrolled at the first login; the demo owner may skip it), the session in an HttpOnly
 * SameSite=Strict cookie accepted only from pages of the same origin, idle and logout ends, a code
 * used once, rate limits; every operator call checked against the role on the server, and a
 * site-scoped account kept to its sites, also through a key made for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, adminLoginReply, adminSessionReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { operatorAccounts, operatorAudit, operators, payments, sites } from '../../src/db/schema.js';
import { totpCodeAt } from '../../src/backoffice/totp.js';
import { sealPlainTotpSecrets } from '../../src/backoffice/totp-sealing.js';
import { hashToken } from '../../src/shared/hash-token.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { consoleClient } from './backoffice-fixtures.js';
import { expectReply, newPlayer } from './rewards-fixtures.js';


// Every sign-in hashes a password with scrypt at full cost (about 128 MiB and a few hundred ms each): a loaded machine needs time.
describe.each(backends)('back-office sign-in and roles on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let demoOwnerId: number;
  let client: ReturnType<typeof consoleClient>;
  const post: ReturnType<typeof consoleClient>['post'] = (...args) => client.post(...args);
  const cookieOf: ReturnType<typeof consoleClient>['cookieOf'] = (...args) => client.cookieOf(...args);
  const newAccount: ReturnType<typeof consoleClient>['newAccount'] = (...args) => client.newAccount(...args);
  const logIn: ReturnType<typeof consoleClient>['logIn'] = (...args) => client.logIn(...args);
  const ops: ReturnType<typeof consoleClient>['ops'] = (...args) => client.ops(...args);

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    client = consoleClient(server, backend);
    demoOwnerId = await client.demoOwnerId();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("the demo owner logs in with the demo password, may skip enrolment on demo data, and works on every demo site", async () => {
    const login = await post(ADMIN_AUTH_CALLS.login.path, { username: 'OWNER', password: 'demo1234' });
    const step = expectReply(adminLoginReply, login.body);
    expect(step).toMatchObject({ step: 'enrol', skippable: true });
    expect(login.setCookie).toMatch(/^wl_ops=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/);
    const cookie = cookieOf(login.setCookie);
    // Before the second step the session opens nothing.
    expect((await post(ADMIN_AUTH_CALLS.me.path, {}, cookie)).body).toMatchObject({ message: 'sessionExpired' });
    expect((await ops('opsPending', {}, cookie)).status).toBe(401);

    const done = expectReply(adminSessionReply, (await post(ADMIN_AUTH_CALLS.skipEnrol.path, {}, cookie)).body);
    expect(done.operator).toMatchObject({ username: 'owner', role: 'owner', totp_enrolled: false });
    expect(done.operator.sites.map((site) => site.external_id)).toContain('casino1');
    expect(done.operator.permissions).toContain('payments.decide');
    expect((await ops('opsPending', { page_size: 1 }, cookie)).body).toMatchObject({ statusCode: 1 });

    // Another site's page cannot use the cookie: no session for it, so no operator.
    expect((await ops('opsPending', {}, cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).body).toMatchObject({ message: 'invalidApiKey' });
    expect((await post(ADMIN_AUTH_CALLS.me.path, {}, cookie, { 'sec-fetch-site': 'cross-site' })).body).toMatchObject({ message: 'permissionDenied' });

    // Logout ends it.
    expect((await post(ADMIN_AUTH_CALLS.logout.path, {}, cookie)).setCookie).toMatch(/^wl_ops=; Max-Age=0/);
    expect((await post(ADMIN_AUTH_CALLS.me.path, {}, cookie)).body).toMatchObject({ message: 'sessionExpired' });
  });

  it('an account enrols its authenticator at the first login, then needs a code each time, each code once; nobody else may skip', async () => {
    const username = await newAccount('viewer');
    const first = await post(ADMIN_AUTH_CALLS.login.path, { username, password: 'right-pass-1' });
    const enrol = expectReply(adminLoginReply, first.body);
    if (enrol.step !== 'enrol') throw new Error('expected enrolment');
    expect(enrol.skippable).toBe(false);
    expect(enrol.totp_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const cookie = cookieOf(first.setCookie);
    expect((await post(ADMIN_AUTH_CALLS.skipEnrol.path, {}, cookie)).body).toMatchObject({ message: 'permissionDenied' });
    expect((await post(ADMIN_AUTH_CALLS.totp.path, { code: '000000' }, cookie)).body).toMatchObject({ message: 'invalidTac' });
    // The secret is kept sealed (ADR 0056): the column holds neither it nor anything that opens without the key.
    const [stored] = await db.select({ secret: operatorAccounts.totpSecret }).from(operatorAccounts).where(eq(operatorAccounts.username, username));
    expect(stored!.secret).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(stored!.secret).not.toContain(enrol.totp_secret);
    const code = totpCodeAt(enrol.totp_secret);
    expect((await post(ADMIN_AUTH_CALLS.totp.path, { code }, cookie)).body).toMatchObject({ statusCode: 1, operator: { totp_enrolled: true } });

    // The next login asks for a code; the one just used does not work again.
    const second = await post(ADMIN_AUTH_CALLS.login.path, { username, password: 'right-pass-1' });
    expect(second.body).toMatchObject({ statusCode: 1, step: 'totp' });
    expect((await post(ADMIN_AUTH_CALLS.totp.path, { code }, cookieOf(second.setCookie))).body).toMatchObject({ message: 'invalidTac' });
  });

  it('a TOTP secret kept plain before sealing is sealed at start and keeps working', async () => {
    const username = await newAccount('viewer');
    const plain = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await db.update(operatorAccounts).set({ totpSecret: plain, totpConfirmedAt: new Date() }).where(eq(operatorAccounts.username, username));
    expect(await sealPlainTotpSecrets(db, server.app.services.totpSealer)).toBeGreaterThanOrEqual(1);
    const [stored] = await db.select({ secret: operatorAccounts.totpSecret }).from(operatorAccounts).where(eq(operatorAccounts.username, username));
    expect(stored!.secret).toMatch(/^v1\./);
    const login = await post(ADMIN_AUTH_CALLS.login.path, { username, password: 'right-pass-1' });
    expect(login.body).toMatchObject({ statusCode: 1, step: 'totp' });
    expect((await post(ADMIN_AUTH_CALLS.totp.path, { code: totpCodeAt(plain) }, cookieOf(login.setCookie))).body).toMatchObject({ statusCode: 1 });
  });

  it('a wrong password and an unknown username answer alike, and tries are limited', async () => {
    const username = await newAccount('viewer');
    const wrong = await post(ADMIN_AUTH_CALLS.login.path, { username, password: 'wrong-pass-1' });
    const unknown = await post(ADMIN_AUTH_CALLS.login.path, { username: 'nobody-here', password: 'wrong-pass-1' });
    expect([wrong.status, wrong.body]).toEqual([401, { statusCode: 0, message: 'invalidCredentials' }]);
    expect([unknown.status, unknown.body]).toEqual([401, { statusCode: 0, message: 'invalidCredentials' }]);
    expect(wrong.setCookie).toBeUndefined();
    // Both are in the audit log (the name tried, never the password); a completed sign-in and a logout too.
    const { cookie } = await logIn(username);
    await post(ADMIN_AUTH_CALLS.logout.path, {}, cookie);
    const signIns = await db
      .select({ action: operatorAudit.action, actor: operatorAudit.actor, targetId: operatorAudit.targetId, reason: operatorAudit.reason })
      .from(operatorAudit)
      .where(and(like(operatorAudit.action, 'console.%'), inArray(operatorAudit.targetId, ['nobody-here', String((await accountIdOf(username))!)])))
      .orderBy(operatorAudit.id);
    expect(signIns).toEqual([
      { action: 'console.login_failed', actor: `console:${username}`, targetId: String(await accountIdOf(username)), reason: 'wrongPassword' },
      { action: 'console.login_failed', actor: 'anonymous', targetId: 'nobody-here', reason: 'unknownUsername' },
      { action: 'console.login', actor: `console:${username}`, targetId: String(await accountIdOf(username)), reason: '' },
      { action: 'console.logout', actor: `console:${username}`, targetId: String(await accountIdOf(username)), reason: '' },
    ]);
    expect(JSON.stringify(await db.select().from(operatorAudit).where(like(operatorAudit.action, 'console.%')))).not.toContain('wrong-pass-1');
    const ip = { 'x-forwarded-for': '10.9.9.9' };
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 11; i += 1) last = (await post(ADMIN_AUTH_CALLS.login.path, { username: 'limited-user', password: 'wrong-pass-1' }, undefined, ip)).body;
    expect(last).toMatchObject({ message: 'tooManyRequests' });
  });

  const accountIdOf = async (username: string) => (await db.select({ id: operatorAccounts.id }).from(operatorAccounts).where(eq(operatorAccounts.username, username)))[0]?.id;

  it('a session ends after 30 idle minutes', async () => {
    const { cookie } = await logIn(await newAccount('viewer'));
    expect((await post(ADMIN_AUTH_CALLS.me.path, {}, cookie)).body).toMatchObject({ statusCode: 1 });
    const token = cookie.split('=')[1]!;
    await db.execute(sql`update operator_sessions set last_seen_at = now() - interval '31 minutes' where token_hash = ${hashToken(token)}`);
    expect((await post(ADMIN_AUTH_CALLS.me.path, {}, cookie)).body).toMatchObject({ message: 'sessionExpired' });
  });

  it('the server refuses what a role may not do: support cannot move money, finance can; content cannot read statements', async () => {
    const support = (await logIn(await newAccount('support'))).cookie;
    const finance = (await logIn(await newAccount('finance'))).cookie;
    const content = (await logIn(await newAccount('content'))).cookie;
    const player = await newPlayer(db, 'casino1');
    const adjust = { site: 'casino1.localhost', account_id: player.account_id, amount: '5', reason: 'Goodwill credit' };
    expect(await ops('opsAdjust', adjust, support)).toMatchObject({ status: 403, body: { message: 'permissionDenied' } });
    expect((await ops('opsDepositApprove', { payment_id: 2_000_000_000, reason: 'Matched' }, support)).body).toMatchObject({ message: 'permissionDenied' });
    expect((await ops('opsAdjust', adjust, finance)).body).toMatchObject({ statusCode: 1, balance_after: '5.0000' });
    expect((await ops('opsDepositApprove', { payment_id: 2_000_000_000, reason: 'Matched' }, finance)).body).toMatchObject({ message: 'notFound' });
    expect((await ops('opsStatement', { site: 'casino1.localhost', account_id: player.account_id }, content)).body).toMatchObject({ message: 'permissionDenied' });
    // A message is marketing; with a reward it moves money, which content may not.
    const message = { site: 'casino1.localhost', campaign: `c-${player.account_id}`, account_ids: [player.account_id], title: 'Hello', body: 'News', reason: 'Campaign' };
    expect((await ops('opsInboxSend', message, content)).body).toMatchObject({ statusCode: 1, sent: 1 });
    expect((await ops('opsInboxSend', { ...message, campaign: `r-${player.account_id}`, reward_amount: '5', reward_type: 'balance' }, content)).body).toMatchObject({ message: 'permissionDenied' });
  });

  it('with ADMIN_HOSTS set, the back office exists on those hosts only: elsewhere sign-in is 404 and a session cookie opens no operator call', async () => {
    const hosted = await createTestServer({ backend, admin: { dir: '/nonexistent-admin-build', hosts: ['ops.localhost'] } });
    try {
      const at = (host: string, path: string, payload: unknown, cookie?: string) =>
        postJson(hosted.app, path, payload, { headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) } });
      const elsewhere = await at('casino1.localhost', ADMIN_AUTH_CALLS.login.path, { username: 'owner', password: 'demo1234' });
      expect([elsewhere.response.statusCode, elsewhere.body]).toEqual([404, { statusCode: 0, message: 'notFound' }]);
      expect((await hosted.app.inject({ method: 'GET', url: '/admin/payments', headers: { host: 'casino1.localhost' } })).statusCode).toBe(404);
      // Not built: the console's own host says so.
      expect((await hosted.app.inject({ method: 'GET', url: '/admin/payments', headers: { host: 'ops.localhost' } })).statusCode).toBe(503);

      const login = await at('ops.localhost', ADMIN_AUTH_CALLS.login.path, { username: 'owner', password: 'demo1234' });
      const setCookie = login.response.headers['set-cookie'];
      const cookie = cookieOf(Array.isArray(setCookie) ? setCookie[0] : setCookie);
      expect((await at('ops.localhost', ADMIN_AUTH_CALLS.skipEnrol.path, {}, cookie)).body).toMatchObject({ statusCode: 1 });
      expect((await at('ops.localhost', OPERATOR_CALLS.opsPending.path, { page_size: 1 }, cookie)).body).toMatchObject({ statusCode: 1 });
      // The same cookie sent to a player site's host (its scripts run there) opens nothing.
      expect((await at('casino1.localhost', OPERATOR_CALLS.opsPending.path, { page_size: 1 }, cookie)).body).toMatchObject({ message: 'invalidApiKey' });
    } finally {
      await hosted.close();
    }
  });

  it('an account of some sites sees only their players and payments, through its session and through a key made for it', async () => {
    const casino1 = await siteIdOf(db, 'casino1');
    const username = await newAccount('finance', [casino1]);
    const { cookie } = await logIn(username);
    const mine = await newPlayer(db, 'casino1');
    const theirs = await newPlayer(db, 'slot2');
    for (const player of [mine, theirs]) await db.insert(payments).values({ siteId: player.siteId, playerId: player.playerId, kind: 'deposit', amount: '10', status: 'pending' });

    const pending = (await ops('opsPending', { page_size: 100 }, cookie)).body as { value: { site: string }[] };
    expect(new Set(pending.value.map((row) => row.site))).toEqual(new Set(['casino1']));
    expect((await ops('opsPending', { site: 'slot2.localhost' }, cookie)).body).toMatchObject({ message: 'permissionDenied' });
    expect((await ops('opsStatement', { site: 'slot2.localhost', account_id: theirs.account_id }, cookie)).body).toMatchObject({ message: 'permissionDenied' });
    const me = expectReply(adminSessionReply, (await post(ADMIN_AUTH_CALLS.me.path, {}, cookie)).body);
    expect(me.operator.sites.map((site) => site.external_id)).toEqual(['casino1']);

    // A key made for the account acts as the account.
    const [account] = await db.select({ id: operatorAccounts.id }).from(operatorAccounts).where(eq(operatorAccounts.username, username));
    const key = `wlop_${'k'.repeat(20)}${account!.id}${backend}`;
    await db.insert(operators).values({ name: `key-of-${username}`, keyHash: hashToken(key), accountId: account!.id });
    const byKey = await postJson(server.app, OPERATOR_CALLS.opsPending.path, { site: 'slot2.localhost' }, { headers: { authorization: `Bearer ${key}` } });
    expect(byKey.body).toMatchObject({ message: 'permissionDenied' });
    // Disabled, its key stops too.
    await db.update(operatorAccounts).set({ disabledAt: new Date() }).where(eq(operatorAccounts.id, account!.id));
    expect((await postJson(server.app, OPERATOR_CALLS.opsPending.path, {}, { headers: { authorization: `Bearer ${key}` } })).body).toMatchObject({ message: 'invalidApiKey' });
    expect((await post(ADMIN_AUTH_CALLS.me.path, {}, cookie)).body).toMatchObject({ message: 'sessionExpired' });
    // Unused here: a site of another brand owner is never in a brand owner's "every site".
    expect((await db.select().from(sites).where(eq(sites.brandOwnerId, demoOwnerId))).length).toBeGreaterThan(1);
  });
});
