/**
 * The back office's Players calls (issue 26 §2, ADR 0047) over HTTP with operator sessions: the
 * search by account id, phone, email and the start of a name; a site-scoped account never finds,
 * opens, notes or blocks another site's player, even by exact account id; a viewer reads with the
 * contacts masked and cannot block or note; blocking ends the player's sessions and refuses the
 * login until unblocked; a closed account stays closed; notes, status changes and ended sessions
 * are audited with the reason and the state before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, opsPlayerReply, type OperatorRole } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { operatorAudit, players, sessions } from '../../src/db/schema.js';
import { consoleClient } from './backoffice-fixtures.js';
import { backends, createTestServer, siteIdOf, siteOf, type TestServer } from './helpers.js';
import { expectReply, newPlayer, type TestSession } from './rewards-fixtures.js';
import { call, DEMO_PASSWORD } from './auth-fixtures.js';
const CASINO1 = 'casino1.localhost';
const CASINO2 = 'casino2.localhost';

describe.each(backends)('back-office players on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let owner: string;
  let support1: string;
  let viewer: string;
  let alice: TestSession;
  let bruno: TestSession;

  /** A POST as the console's page sends it: JSON, same origin, the cookie. */
  let client: ReturnType<typeof consoleClient>;
  const post = (path: string, payload: unknown, cookie?: string) => client.post(path, payload, cookie);
  const ops = async (name: keyof typeof OPERATOR_CALLS, payload: unknown, cookie: string) => (await post(OPERATOR_CALLS[name].path, payload, cookie)).body;

  /** A new account of `role` on `siteIds` (null: every site), signed in through both steps: its cookie. */
  const logIn = async (role: OperatorRole, siteIds: number[] | null) => (await client.logIn(await client.newAccount(role, siteIds))).cookie;

  /** A player with a name, phone and email of its own. */
  async function person(site: string, fullName: string, phone: string, email: string): Promise<TestSession> {
    const player = await newPlayer(db, site);
    await db.update(players).set({ fullName, contactPhone: phone, contactEmail: email }).where(eq(players.id, player.playerId));
    return player;
  }

  /** A session call of the player: its session still works (or the failure it answers). */
  const balanceOf = async (player: TestSession) =>
    (
      await call(server.app, '/api/auth/get_balance', {
        account_id: player.account_id,
        auth: player.auth,
      })
    ).body;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    client = consoleClient(server, backend, 'players');
    db = server.database.db;
    const login = await post(ADMIN_AUTH_CALLS.login.path, {
      username: 'owner',
      password: DEMO_PASSWORD,
    });
    owner = login.setCookie!.split(';')[0]!;
    expect((await post(ADMIN_AUTH_CALLS.skipEnrol.path, {}, owner)).body).toMatchObject({ statusCode: 1 });
    support1 = await logIn('support', [await siteIdOf(db, 'casino1')]);
    viewer = await logIn('viewer', null);
    const tag = backend === 'pglite' ? '1' : '2';
    alice = await person('casino1', 'Alicia Quartz', `0181234567${tag}`, `Alicia.Quartz${tag}@Example.com`);
    bruno = await person('casino2', 'Bruno Quartz', `0199876543${tag}`, `bruno.quartz${tag}@example.com`);
  });
  afterAll(async () => {
    await server?.close();
  });

  const accountIds = (body: Record<string, unknown>) => (body.value as { account_id: string }[]).map((row) => row.account_id);

  it('finds a player by exact account id (any case), phone, email (any case) or the start of the name, newest first', async () => {
    const byId = await ops('opsPlayerSearch', { query: alice.account_id.toUpperCase() }, owner);
    expect(byId).toMatchObject({
      statusCode: 1,
      total: 1,
      value: [
        {
          account_id: alice.account_id,
          site: 'casino1',
          full_name: 'Alicia Quartz',
          status: 'active',
          currency: expect.any(String),
        },
      ],
    });
    const row = (byId.value as { contact_phone: string; balance: string }[])[0]!;
    expect(row.balance).toMatch(/^\d+\.\d+$/);
    const phone = (await db.select({ phone: players.contactPhone, email: players.contactEmail }).from(players).where(eq(players.id, alice.playerId)))[0]!;
    expect(row.contact_phone).toBe(phone.phone);

    expect(accountIds(await ops('opsPlayerSearch', { query: phone.phone }, owner))).toEqual([alice.account_id]);
    expect(accountIds(await ops('opsPlayerSearch', { query: phone.email.toLowerCase() }, owner))).toEqual([alice.account_id]);
    // A part of an account id or an email finds nothing: those match exactly.
    expect(await ops('opsPlayerSearch', { query: alice.account_id.slice(0, 6) }, owner)).toMatchObject({ total: 0 });
    expect(await ops('opsPlayerSearch', { query: phone.email.slice(1) }, owner)).toMatchObject({ total: 0 });
    // A name by its start, on every site the owner works on; LIKE wildcards are only characters.
    const byName = accountIds(await ops('opsPlayerSearch', { query: 'alicia qu' }, owner));
    expect(byName).toContain(alice.account_id);
    expect(byName).not.toContain(bruno.account_id);
    expect(accountIds(await ops('opsPlayerSearch', { query: 'bruno', site: CASINO2 }, owner))).toContain(bruno.account_id);
    expect(await ops('opsPlayerSearch', { query: '%quartz' }, owner)).toMatchObject({ statusCode: 1, total: 0 });
    expect(await ops('opsPlayerSearch', { query: 'A_icia' }, owner)).toMatchObject({ statusCode: 1, total: 0 });
    // The demo player of every site, by its account id; one site's only when it is named.
    const demos = await ops('opsPlayerSearch', { query: 'demo', page_size: 100 }, owner);
    expect((demos.value as { site: string }[]).map((entry) => entry.site)).toEqual(expect.arrayContaining(['casino1', 'casino2']));
    expect(await ops('opsPlayerSearch', { query: 'demo', site: CASINO1 }, owner)).toMatchObject({
      total: 1,
      value: [{ site: 'casino1', account_id: 'demo' }],
    });
    // The search is audited.
    const [audit] = await db.select().from(operatorAudit).where(eq(operatorAudit.action, 'players.search')).orderBy(desc(operatorAudit.id)).limit(1);
    expect(audit).toMatchObject({
      actor: 'console:owner',
      details: expect.objectContaining({ query: 'demo' }),
    });
  });

  it("a casino1 account never finds another site's player, even by exact account id, and cannot open, note or block one", async () => {
    expect(await ops('opsPlayerSearch', { query: bruno.account_id }, support1)).toMatchObject({ statusCode: 1, total: 0, value: [] });
    expect(accountIds(await ops('opsPlayerSearch', { query: 'quartz' }, support1))).toEqual([]);
    const demos = await ops('opsPlayerSearch', { query: 'demo' }, support1);
    expect(demos).toMatchObject({
      total: 1,
      value: [{ site: 'casino1', account_id: 'demo' }],
    });
    expect(await ops('opsPlayerSearch', { query: bruno.account_id, site: CASINO2 }, support1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    const target = { site: CASINO2, account_id: bruno.account_id };
    expect(await ops('opsPlayer', target, support1)).toMatchObject({
      statusCode: 0,
      message: 'permissionDenied',
    });
    expect(await ops('opsPlayerNote', { ...target, body: 'Looking around' }, support1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsPlayerStatus', { ...target, status: 'blocked', reason: 'Not mine' }, support1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsPlayerSessionRevoke', { ...target, reason: 'Not mine' }, support1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    // The other site's player in this site's name is not there either.
    expect(await ops('opsPlayer', { site: CASINO1, account_id: bruno.account_id }, support1)).toMatchObject({ statusCode: 0, message: 'accountNotFound' });
    const [row] = await db.select({ status: players.status }).from(players).where(eq(players.id, bruno.playerId));
    expect(row!.status).toBe('active');
    expect(await balanceOf(bruno)).toMatchObject({ statusCode: 1 });
    // Its own site's player it opens.
    const page = expectReply(opsPlayerReply, await ops('opsPlayer', { site: CASINO1, account_id: alice.account_id }, support1));
    expect(page.profile).toMatchObject({
      account_id: alice.account_id,
      site: 'casino1',
      status: 'active',
      kyc_level: 'none',
    });
  });

  it('a viewer reads with contacts masked, and cannot block, unblock, note or end sessions', async () => {
    const found = await ops('opsPlayerSearch', { query: alice.account_id }, viewer);
    const row = (found.value as { contact_phone: string; contact_email: string }[])[0]!;
    expect(row.contact_phone).toMatch(/^•+\d{3}$/);
    expect(row.contact_email).toMatch(/^A•••@Example\.com$/);
    const target = { site: CASINO1, account_id: alice.account_id };
    expect(expectReply(opsPlayerReply, await ops('opsPlayer', target, viewer)).profile.contact_phone).toMatch(/^•+/);
    expect(await ops('opsPlayerStatus', { ...target, status: 'blocked', reason: 'Viewer tries' }, viewer)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsPlayerNote', { ...target, body: 'Viewer note' }, viewer)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsPlayerSessionRevoke', { ...target, reason: 'Viewer tries' }, viewer)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await balanceOf(alice)).toMatchObject({ statusCode: 1 });
  });

  it("blocking ends the player's sessions and refuses the login until unblocked; each change is audited with before and after", async () => {
    const player = await person('casino1', 'Carla Block', '0170000001', 'carla.block@example.com');
    const target = { site: CASINO1, account_id: player.account_id };
    expect(expectReply(opsPlayerReply, await ops('opsPlayer', target, owner)).sessions).toHaveLength(1);
    const blocked = await ops('opsPlayerStatus', { ...target, status: 'blocked', reason: 'Chargeback under review' }, support1);
    expect(blocked).toMatchObject({
      statusCode: 1,
      changed: true,
      status: 'blocked',
      previous: 'active',
      sessions_ended: 1,
      audit_id: expect.any(Number),
    });
    expect(await balanceOf(player)).toMatchObject({
      statusCode: 0,
      message: 'BLOCK',
    });
    const login = () =>
      call(server.app, '/api/auth/login', {
        ...siteOf(CASINO1),
        account_id: player.account_id,
        password: DEMO_PASSWORD,
      });
    expect((await login()).body).toMatchObject({
      statusCode: 0,
      message: 'BLOCK',
    });
    const [ended] = await db.select().from(sessions).where(eq(sessions.playerId, player.playerId));
    expect(ended).toMatchObject({
      revokedReason: 'blocked_by_operator',
      revokedAt: expect.any(Date),
    });
    const [audit] = await db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.id, blocked.audit_id as number));
    expect(audit).toMatchObject({
      action: 'player.status',
      targetType: 'player',
      targetId: String(player.playerId),
      reason: 'Chargeback under review',
      details: expect.objectContaining({
        before: { status: 'active' },
        after: { status: 'blocked' },
        sessions_ended: 1,
      }),
    });
    // Again: nothing changes, nothing more is audited.
    expect(await ops('opsPlayerStatus', { ...target, status: 'blocked', reason: 'Chargeback under review' }, support1)).toMatchObject({ statusCode: 1, changed: false, audit_id: null });

    const unblocked = await ops('opsPlayerStatus', { ...target, status: 'active', reason: 'Chargeback withdrawn' }, owner);
    expect(unblocked).toMatchObject({
      statusCode: 1,
      changed: true,
      status: 'active',
      previous: 'blocked',
      sessions_ended: 0,
    });
    const again = await login();
    expect(again.body).toMatchObject({ statusCode: 1 });

    const closed = await ops('opsPlayerStatus', { ...target, status: 'closed', reason: 'Player asked to close' }, owner);
    expect(closed).toMatchObject({
      statusCode: 1,
      status: 'closed',
      previous: 'active',
      sessions_ended: 1,
    });
    expect((await login()).body).toMatchObject({
      statusCode: 0,
      message: 'CLOSE',
    });
    expect(await ops('opsPlayerStatus', { ...target, status: 'active', reason: 'Reopen please' }, owner)).toMatchObject({ statusCode: 0, message: 'CLOSE' });
    // A reason is required.
    expect(await ops('opsPlayerStatus', { ...target, status: 'blocked', reason: ' ' }, owner)).toMatchObject({ statusCode: 0, message: 'validationError' });
  });

  it('notes are kept newest first and audited; sessions end one at a time or all at once, audited', async () => {
    const player = await person('casino1', 'Dario Notes', '0170000002', 'dario.notes@example.com');
    const target = { site: CASINO1, account_id: player.account_id };
    const first = await ops('opsPlayerNote', { ...target, body: 'Called about a late deposit.' }, support1);
    expect(first).toMatchObject({
      statusCode: 1,
      note: {
        body: 'Called about a late deposit.',
        author: expect.stringMatching(/^console:players/),
      },
    });
    await ops('opsPlayerNote', { ...target, body: 'Deposit found and credited.' }, owner);
    const page = expectReply(opsPlayerReply, await ops('opsPlayer', target, owner));
    expect(page.notes.map((note) => note.body)).toEqual(['Deposit found and credited.', 'Called about a late deposit.']);
    const [audit] = await db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.id, first.audit_id as number));
    expect(audit).toMatchObject({
      action: 'player.note',
      reason: 'Called about a late deposit.',
      details: expect.objectContaining({
        after: { body: 'Called about a late deposit.' },
      }),
    });
    expect(await ops('opsPlayerNote', { ...target, body: 'x'.repeat(2001) }, owner)).toMatchObject({ statusCode: 0, message: 'validationError' });

    // Two more sessions: one ended by its id, then the rest.
    const second = await newSessionOf(player);
    await newSessionOf(player);
    const live = expectReply(opsPlayerReply, await ops('opsPlayer', target, owner)).sessions;
    expect(live).toHaveLength(3);
    const one = await ops('opsPlayerSessionRevoke', { ...target, session_id: live[0]!.session_id, reason: 'Lost phone' }, support1);
    expect(one).toMatchObject({ statusCode: 1, ended: 1 });
    expect(await ops('opsPlayerSessionRevoke', { ...target, session_id: live[0]!.session_id, reason: 'Lost phone' }, support1)).toMatchObject({ statusCode: 0, message: 'notFound' });
    // Another player's session by id is not this player's.
    expect(
      await ops(
        'opsPlayerSessionRevoke',
        {
          site: CASINO1,
          account_id: alice.account_id,
          session_id: live[1]!.session_id,
          reason: 'Wrong one',
        },
        owner,
      ),
    ).toMatchObject({ message: 'notFound' });
    const all = await ops('opsPlayerSessionRevoke', { ...target, reason: 'Sign out everywhere' }, support1);
    expect(all).toMatchObject({ statusCode: 1, ended: 2 });
    expect(await balanceOf({ ...player, auth: second })).toMatchObject({
      statusCode: 0,
      message: 'sessionExpired',
    });
    expect(expectReply(opsPlayerReply, await ops('opsPlayer', target, owner)).sessions).toEqual([]);
    const [revoked] = await db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'player.sessions.revoke'), eq(operatorAudit.targetId, String(player.playerId))))
      .orderBy(desc(operatorAudit.id))
      .limit(1);
    expect(revoked).toMatchObject({
      reason: 'Sign out everywhere',
      details: expect.objectContaining({
        session_id: null,
        sessions_ended: 2,
      }),
    });
  });

  /** Logs the player in once more; answers the new token. */
  async function newSessionOf(player: TestSession): Promise<string> {
    const { body } = await call(server.app, '/api/auth/login', {
      ...siteOf(CASINO1),
      account_id: player.account_id,
      password: DEMO_PASSWORD,
    });
    expect(body.statusCode, JSON.stringify(body)).toBe(1);
    return body.token as string;
  }
});
