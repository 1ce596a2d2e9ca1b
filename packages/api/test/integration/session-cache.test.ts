/**
 * The player cache (src/accounts/player-cache.ts) and startup's kept JSON (src/sites/startup.ts):
 * sessions and balances are served from memory, and are never stale in this process after its
 * own writes (a password change ending the other sessions, a ledger posting), and at most until
 * the NOTIFY of drizzle/0002_session_wallet_notify.sql arrives after a write elsewhere (here: plain
 * SQL; on PostgreSQL also a second app instance on the same database). Startup's kept reply
 * follows a change of its site, and the start of a maintenance window without any change. The
 * caches are the app's own, passed to its handlers in their services (ADR 0027).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { getBalanceReply, type StartupReply } from '@wl/contracts';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import { inboxItems } from '../../src/db/schema.js';
import { checkSession, createSession, revokeOtherSessions } from '../../src/accounts/sessions.js';
import { hashToken } from '../../src/shared/hash-token.js';
import { PlayerCache } from '../../src/accounts/player-cache.js';
import { databaseSiteLookup, type SiteLookup } from '../../src/sites/sites.repo.js';
import { postToLedger } from '../../src/ledger/index.js';
import { TEST_DATABASE_URL, backends, buildApiApp, createPostgresDatabase, createTestServer, type TestServer } from './helpers.js';
import { credentials, expectFailure, expectReply, minor, newPlayer, post, type TestSession } from './rewards-fixtures.js';
import { eventually } from './eventually.js';

const BALANCE = '/api/auth/get_balance';
const PASSWORD = '/api/auth/update_password';
const CLAIM = '/api/settings/claim_inbox';
/** The demo players' password, which newPlayer gives its players too. */
const DEMO_PASSWORD = 'demo1234';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function balanceOf(app: FastifyInstance, session: TestSession): Promise<Record<string, unknown>> {
  return (await post(app, BALANCE, credentials(session))).body;
}

async function gameBalance(app: FastifyInstance, session: TestSession): Promise<string> {
  return expectReply(getBalanceReply, await balanceOf(app, session)).game_balance;
}

async function startup(app: FastifyInstance, domain: string): Promise<StartupReply> {
  const { body } = await post(app, '/api/startup', { domain_name: domain });
  if (body.statusCode !== 1) throw new Error(`startup failed: ${JSON.stringify(body)}`);
  return body as unknown as StartupReply;
}

/** A second session of a player (another device). */
async function secondSession(db: Db, session: TestSession): Promise<TestSession> {
  const auth = await createSession(db, { id: session.playerId, siteId: session.siteId }, { ip: '127.0.0.2', userAgent: 'vitest 2' });
  return { ...session, auth };
}

describe.each(backends)('player cache on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    app = server.app;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves repeated session checks and balances from memory', async () => {
    const player = await newPlayer(db, 'casino2');
    const cache = app.services.playerCache!;
    expect(cache).toBeDefined();
    await gameBalance(app, player);
    const hits = cache.stats.hits;
    await gameBalance(app, player);
    // The session and the wallet.
    expect(cache.stats.hits).toBe(hits + 2);
  });

  it('an app reads sessions, balances and sites through the caches its services carry, each app its own', async () => {
    const player = await newPlayer(db, 'casino2');
    // A lookup that knows a domain no row names: only a lookup passed to the app can answer it.
    const fromDatabase = databaseSiteLookup(db);
    const siteLookup: SiteLookup = {
      siteByDomain: (domain) => fromDatabase.siteByDomain(domain === 'passed-in.localhost' ? 'casino2.localhost' : domain),
      categoryProviders: (siteId) => fromDatabase.categoryProviders(siteId),
    };
    const playerCache = new PlayerCache();
    const passed = await buildApiApp(server.database, { siteLookup, playerCache });
    try {
      expect(passed.services.playerCache).toBe(playerCache);
      expect(app.services.playerCache).not.toBe(playerCache);
      expect((await startup(passed, 'passed-in.localhost')).site.external_id).toBe('casino2');
      await gameBalance(passed, player);
      await gameBalance(passed, player);
      // The second call's session and wallet came from the cache passed in, none from another.
      expect(playerCache.stats.hits).toBe(2);
    } finally {
      await passed.close();
    }
  });

  it("this process's own writes forget the cached rows at once, without waiting for a notification", async () => {
    const player = await newPlayer(db, 'casino2');
    const cache = app.services.playerCache!;
    await gameBalance(app, player);
    const stale = {
      balance: '999.0000',
      tokens: '0.0000',
      frozenTokens: '0.0000',
    };
    // What the cache answers comes from the cache...
    expect(await cache.balances(player.playerId, async () => stale, db)).not.toBe(stale);
    // ...until a posting of this process, even one rolled back (no notification is ever sent).
    await db
      .transaction(async (trx) => {
        await postToLedger(trx as unknown as Db, { counter: 'adjustments',
          siteId: player.siteId,
          playerId: player.playerId,
          account: 'balance',
          amount: '1',
          type: 'adjustment',
          idempotencyKey: `rollback:${player.playerId}`,
        });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await cache.balances(player.playerId, async () => stale, db)).toBe(stale);

    const second = await secondSession(db, player);
    await gameBalance(app, second);
    await db
      .transaction(async (trx) => {
        await revokeOtherSessions(trx as unknown as Db, cache, player.playerId, null, 'test');
        throw new Error('rollback');
      })
      .catch(() => undefined);
    let loaded = false;
    await cache.session(
      hashToken(second.auth),
      async () => {
        loaded = true;
        return null;
      },
      db,
    );
    expect(loaded).toBe(true);
  });

  it('a session ended by update_password from another session answers sessionExpired on the very next call', async () => {
    const first = await newPlayer(db, 'casino2');
    const second = await secondSession(db, first);
    await gameBalance(app, first);
    await gameBalance(app, second);

    const changed = await post(app, PASSWORD, {
      ...credentials(first),
      password: DEMO_PASSWORD,
      new_password: 'another123',
    });
    expect(changed.body).toEqual({ statusCode: 1, message: 'OK' });
    expectFailure(await balanceOf(app, second), 'sessionExpired');
    // The session that changed the password stays.
    await gameBalance(app, first);
  });

  it('a player blocked by SQL answers BLOCK within 2 s, and CLOSE once closed', async () => {
    const player = await newPlayer(db, 'casino2');
    await gameBalance(app, player);
    await db.execute(sql`update players set status = 'blocked' where id = ${player.playerId}`);
    await eventually(
      'BLOCK',
      () => balanceOf(app, player),
      (body) => body.message === 'BLOCK',
    );
    await db.execute(sql`update players set status = 'closed' where id = ${player.playerId}`);
    await eventually(
      'CLOSE',
      () => balanceOf(app, player),
      (body) => body.message === 'CLOSE',
    );
  });

  it('a session revoked by SQL answers sessionExpired within 2 s', async () => {
    const revoked = await newPlayer(db, 'casino2');
    await gameBalance(app, revoked);
    await db.execute(sql`update sessions set revoked_at = now(), revoked_reason = 'test' where player_id = ${revoked.playerId}`);
    await eventually(
      'sessionExpired',
      () => balanceOf(app, revoked),
      (body) => body.message === 'sessionExpired',
    );
  });

  it("an idle session expires, but not while another process's touch (which notifies nobody) says it was used", async () => {
    const player = await newPlayer(db, 'casino2');
    const cache = app.services.playerCache!;
    const start = Date.now();
    const at = (minutes: number) => start + minutes * 60_000;
    expect((await checkSession(db, cache, player.account_id, player.auth, start)).ok).toBe(true);
    // Another process's touch writes last_seen_at alone, which sends no notification (migration 0030):
    // this process's cached session still says it was last seen at the start.
    await db.execute(sql`update sessions set last_seen_at = ${new Date(at(119)).toISOString()}::timestamptz where player_id = ${player.playerId}`);
    expect((await checkSession(db, cache, player.account_id, player.auth, at(125))).ok).toBe(true);
    // Over the idle limit (2 hours) since its last use anywhere, the check at 125 minutes included.
    expect(await checkSession(db, cache, player.account_id, player.auth, at(125 + 121))).toEqual({ ok: false, message: 'sessionExpired' });
  });

  it('a ledger credit of this process shows in get_balance at once; an SQL change of the wallet within 2 s', async () => {
    const player = await newPlayer(db, 'casino2');
    expect(await gameBalance(app, player)).toBe('0.0000');
    await postToLedger(db, { counter: 'adjustments',
      siteId: player.siteId,
      playerId: player.playerId,
      account: 'balance',
      amount: '12.5',
      type: 'adjustment',
      idempotencyKey: `cache-test:${player.playerId}`,
    });
    expect(await gameBalance(app, player)).toBe('12.5000');

    // A claim through the API, read again at once.
    const [item] = await db
      .insert(inboxItems)
      .values({
        siteId: player.siteId,
        playerId: player.playerId,
        title: 'Gift',
        body: 'For you',
        rewardAmount: '2.25',
        rewardType: 'balance',
      })
      .returning({ id: inboxItems.id });
    expect((await post(app, CLAIM, { ...credentials(player), inbox_id: item!.id })).body.statusCode).toBe(1);
    expect(await gameBalance(app, player)).toBe('14.7500');

    // Another writer (SQL behind this process's back).
    await db.execute(sql`update wallets set balance = balance + 1 where player_id = ${player.playerId}`);
    await eventually(
      'the new balance',
      () => gameBalance(app, player),
      (balance) => minor(balance) === minor('15.75'),
    );
  });

  it("startup's kept reply follows an SQL change of the site within 2 s", async () => {
    const before = await startup(app, 'casino4.localhost');
    expect(before.site.site_name).not.toBe('Renamed For The Cache');
    await db.execute(sql`update sites set site_name = 'Renamed For The Cache' where external_id = 'casino4'`);
    await eventually(
      'the new name',
      () => startup(app, 'casino4.localhost'),
      (reply) => reply.site.site_name === 'Renamed For The Cache',
    );
  });

  it('startup shows maintenance once its window starts, without any change of the site', async () => {
    await db.execute(
      sql`update sites set maintenance_start = now() + interval '1 second', maintenance_end = now() + interval '1 hour' where external_id = 'casino5'`,
    );
    // The change itself is seen (the window), not yet maintenance.
    const before = await eventually(
      'the window',
      () => startup(app, 'casino5.localhost'),
      (reply) => reply.maintenance.start_date !== null,
    );
    expect(before.maintenance.is_maintenance).toBe(false);
    expect(before.content.game_menu.length).toBeGreaterThan(0);
    await eventually(
      'maintenance',
      () => startup(app, 'casino5.localhost'),
      (reply) => reply.maintenance.is_maintenance,
      3_000,
    ).then((reply) => {
      expect(reply.content).toEqual({ menu: [], game_menu: [] });
      expect(reply.provider_count).toEqual([]);
    });
    await db.execute(sql`update sites set maintenance_start = null, maintenance_end = null where external_id = 'casino5'`);
    await eventually(
      'the end of maintenance',
      () => startup(app, 'casino5.localhost'),
      (reply) => !reply.maintenance.is_maintenance,
    );
  });
});

describe.runIf(TEST_DATABASE_URL)('player cache: two app instances on one PostgreSQL database', () => {
  let drop: (() => Promise<void>) | undefined;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  let url: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase(inject('seededPostgresTemplate'));
    drop = created.drop;
    url = created.url;
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ url: created.url, poolSize: 4 }));
    for (const database of databases) apps.push(await buildApiApp(database));
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const database of databases) await database.close().catch(() => undefined);
    await drop?.();
  });

  it('a claim_inbox credit through instance A shows in instance B within 2 s', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const db = databases[0]!.db;
    const player = await newPlayer(db, 'casino3');
    expect(await gameBalance(first, player)).toBe('0.0000');
    expect(await gameBalance(second, player)).toBe('0.0000');
    const [item] = await db
      .insert(inboxItems)
      .values({
        siteId: player.siteId,
        playerId: player.playerId,
        title: 'Gift',
        body: 'For you',
        rewardAmount: '7',
        rewardType: 'balance',
      })
      .returning({ id: inboxItems.id });
    expect(
      (
        await post(first, CLAIM, {
          ...credentials(player),
          inbox_id: item!.id,
        })
      ).body.statusCode,
    ).toBe(1);
    expect(await gameBalance(first, player)).toBe('7.0000');
    await eventually(
      'the credit',
      () => gameBalance(second, player),
      (balance) => balance === '7.0000',
    );
  });

  it('a password change through instance A ends the other session in instance B within 2 s', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const db = databases[0]!.db;
    const player = await newPlayer(db, 'casino3');
    const other = await secondSession(db, player);
    await gameBalance(second, other);
    await gameBalance(second, player);
    const changed = await post(first, PASSWORD, {
      ...credentials(player),
      password: DEMO_PASSWORD,
      new_password: 'another123',
    });
    expect(changed.body).toEqual({ statusCode: 1, message: 'OK' });
    await eventually(
      'sessionExpired',
      () => balanceOf(second, other),
      (body) => body.message === 'sessionExpired',
    );
    await gameBalance(second, player);
  });

  it("a touch of a session's last_seen_at notifies nobody; ending the session does", async () => {
    const db = databases[0]!.db;
    const player = await newPlayer(db, 'casino3');
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (notification) => heard.push(notification.payload ?? ''));
    try {
      await listener.query('LISTEN wl_session_changed');
      await db.execute(sql`update sessions set last_seen_at = now() where player_id = ${player.playerId}`);
      await db.execute(sql`update sessions set revoked_at = now(), revoked_reason = 'test' where player_id = ${player.playerId}`);
      // Notifications arrive in commit order: had the touch notified, its payload would come first.
      await eventually('the revocation', async () => heard.length, (count) => count > 0);
      await sleep(200);
      expect(heard).toEqual([String(player.playerId)]);
    } finally {
      await listener.end();
    }
  });

  it('a lost notification connection reads through meanwhile, and listens again', async () => {
    const [first] = apps as [FastifyInstance, FastifyInstance];
    const db = databases[0]!.db;
    const player = await newPlayer(db, 'casino3');
    await postToLedger(db, { counter: 'adjustments',
      siteId: player.siteId,
      playerId: player.playerId,
      account: 'balance',
      amount: '1',
      type: 'adjustment',
      idempotencyKey: 'open',
    });
    await eventually(
      'the wallet',
      () => gameBalance(first, player),
      (balance) => balance === '1.0000',
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const listening = `select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN "wl_wallet_changed"'`;
      const killed = await admin.query(`select pg_terminate_backend(pid) from (${listening}) l`);
      expect(killed.rowCount).toBe(2);
      await admin.query(`update wallets set balance = balance + 3 where player_id = $1`, [player.playerId]);
      await eventually(
        'the change made while not listening',
        () => gameBalance(first, player),
        (balance) => balance === '4.0000',
      );
      await eventually(
        'listening again',
        () => admin.query(listening),
        (result) => result.rowCount === 2,
      );
      await gameBalance(first, player);
      await admin.query(`update wallets set balance = balance + 1 where player_id = $1`, [player.playerId]);
      await eventually(
        'the next change',
        () => gameBalance(first, player),
        (balance) => balance === '5.0000',
      );
    } finally {
      await admin.end();
    }
  });
});
