/**
 * The site cache (src/sites/site-cache.ts): sites and their category/provider rows are served from
 * memory and invalidated by the NOTIFY of drizzle/0001_site_change_notify.sql, whoever changes
 * the database (here: plain SQL). Maintenance and expiry are decided at read time. On PostgreSQL
 * two app instances on one database (two "processes": they share nothing but the database) both
 * see a change, and a lost listening connection heals.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { FailureReply, StartupReply } from '@wl/contracts';
import {
  TEST_DATABASE_URL,
  backends,
  buildApiApp,
  createPostgresDatabase,
  createTestServer,
  postJson,
  type TestServer,
} from './helpers.js';
import { openDatabase, queryRows, type Database, type Db } from '../../src/db/client.js';
import { SiteCache } from '../../src/sites/site-cache.js';
import { resolvePublicSite } from '../../src/sites/site-scope.js';
import { eventually } from './eventually.js';

type Reply = StartupReply | FailureReply;


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startup(app: FastifyInstance, domain: string): Promise<Reply> {
  const { response, body } = await postJson(app, '/api/startup', { domain_name: domain });
  expect(response.statusCode).toBeLessThan(500);
  return body as unknown as Reply;
}

function ok(reply: Reply): StartupReply {
  if (reply.statusCode !== 1) throw new Error(`startup failed: ${JSON.stringify(reply)}`);
  return reply;
}

async function siteId(db: Db, externalId: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from sites where external_id = ${externalId}`);
  if (!row) throw new Error(`no site ${externalId}`);
  return row.id;
}

/** A change the triggers do not see (replica mode skips them): only the cache's TTL would notice it. */
async function silentUpdate(db: Db, statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

const providerTotal = (reply: StartupReply) => reply.provider_count.reduce((sum, row) => sum + row.count, 0);

describe.each(backends)('site cache on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves the site from memory: a change the triggers do not announce stays unseen until one is announced', async () => {
    const before = ok(await startup(server.app, 'casino4.localhost'));
    await silentUpdate(db, sql`update sites set site_name = 'Silently Renamed' where external_id = 'casino4'`);
    // Still the cached row: the database was not read again.
    expect(ok(await startup(server.app, 'casino4.localhost')).site.site_name).toBe(before.site.site_name);
    // Any announced change of the row (here a no-op) brings the new state.
    await db.execute(sql`update sites set updated_at = now() where external_id = 'casino4'`);
    await eventually('the renamed casino4', () => startup(server.app, 'casino4.localhost'), (reply) => ok(reply).site.site_name === 'Silently Renamed');
  });

  it('UPDATE sites SET site_name in SQL: the next startups show the new name', async () => {
    const before = ok(await startup(server.app, 'casino2.localhost'));
    expect(ok(await startup(server.app, 'casino2.localhost')).site.site_name).toBe(before.site.site_name);
    await db.execute(sql`update sites set site_name = 'Renamed In SQL' where external_id = 'casino2'`);
    const after = await eventually('the new name', () => startup(server.app, 'casino2.localhost'), (reply) => ok(reply).site.site_name === 'Renamed In SQL');
    expect(ok(after).site.external_id).toBe('casino2');
    // Other sites are untouched.
    expect(ok(await startup(server.app, 'casino3.localhost')).site.external_id).toBe('casino3');
  });

  it('site_domains: a new domain reaches its site (after an unknown-domain answer), moves with the row, and goes away', async () => {
    const domain = `fresh-${backend}.localhost`;
    expect(await startup(server.app, domain)).toMatchObject({ statusCode: 0, message: 'siteNotFound' });
    const casino6 = await siteId(db, 'casino6');
    const casino7 = await siteId(db, 'casino7');

    await db.execute(sql`insert into site_domains (domain, site_id) values (${domain}, ${casino6})`);
    await eventually('the new domain', () => startup(server.app, domain), (reply) => reply.statusCode === 1 && reply.site.external_id === 'casino6');

    await db.execute(sql`update site_domains set site_id = ${casino7} where domain = ${domain}`);
    await eventually('the moved domain', () => startup(server.app, domain), (reply) => reply.statusCode === 1 && reply.site.external_id === 'casino7');
    // The public-call check follows too: the domain now belongs with casino7's external_id only.
    expect((await resolvePublicSite(server.app.services.siteLookup, domain, 'casino6')).ok).toBe(false);
    expect((await resolvePublicSite(server.app.services.siteLookup, domain, 'casino7')).ok).toBe(true);

    await db.execute(sql`delete from site_domains where domain = ${domain}`);
    await eventually('the removed domain', () => startup(server.app, domain), (reply) => reply.statusCode === 0 && reply.message === 'siteNotFound');
  });

  it('site_providers: disabling a provider changes provider_count and the game menu; enabling it restores them', async () => {
    const before = ok(await startup(server.app, 'casino8.localhost'));
    const casino8 = await siteId(db, 'casino8');
    const [first] = await queryRows<{ provider_id: number; code: string }>(
      db,
      sql`select sp.provider_id, p.code from site_providers sp join providers p on p.id = sp.provider_id
          where sp.site_id = ${casino8} and sp.enabled order by sp.sort_order limit 1`,
    );
    const codes = (reply: StartupReply) => reply.content.game_menu.flatMap((item) => item.children.map((child) => child.content_id));
    expect(codes(before)).toContain(first!.code);

    await db.execute(sql`update site_providers set enabled = false where site_id = ${casino8} and provider_id = ${first!.provider_id}`);
    const disabled = ok(
      await eventually('the smaller provider count', () => startup(server.app, 'casino8.localhost'), (reply) => providerTotal(ok(reply)) < providerTotal(before)),
    );
    expect(codes(disabled)).not.toContain(first!.code);

    await db.execute(sql`update site_providers set enabled = true where site_id = ${casino8} and provider_id = ${first!.provider_id}`);
    const restored = ok(
      await eventually('the restored provider count', () => startup(server.app, 'casino8.localhost'), (reply) => providerTotal(ok(reply)) === providerTotal(before)),
    );
    expect(restored.provider_count).toEqual(before.provider_count);
  });

  it("providers (the shared catalogue): a provider's new name reaches every site's menu", async () => {
    const before = ok(await startup(server.app, 'casino9.localhost'));
    const child = before.content.game_menu[0]!.children[0]!;
    await db.execute(sql`update providers set name = ${`${child.title} Renamed`} where code = ${child.content_id}`);
    const titleIn = (reply: Reply) =>
      ok(reply)
        .content.game_menu.flatMap((item) => item.children)
        .find((entry) => entry.content_id === child.content_id)?.title;
    await eventually('the renamed provider on casino9', () => startup(server.app, 'casino9.localhost'), (reply) => titleIn(reply) === `${child.title} Renamed`);
    await eventually('the renamed provider on slot3', () => startup(server.app, 'slot3.localhost'), (reply) => titleIn(reply) === `${child.title} Renamed`);
    await db.execute(sql`update providers set name = ${child.title} where code = ${child.content_id}`);
    await eventually('the provider name restored', () => startup(server.app, 'casino9.localhost'), (reply) => titleIn(reply) === child.title);
  });

  it('status changes reach startup and public calls (siteInactive), and back', async () => {
    expect((await resolvePublicSite(server.app.services.siteLookup, 'slot2.localhost', 'slot2')).ok).toBe(true);
    await db.execute(sql`update sites set status = false where external_id = 'slot2'`);
    await eventually('siteInactive', () => startup(server.app, 'slot2.localhost'), (reply) => reply.statusCode === 0 && reply.message === 'siteInactive');
    expect(await resolvePublicSite(server.app.services.siteLookup, 'slot2.localhost', 'slot2')).toEqual({ ok: false, message: 'siteInactive' });
    await db.execute(sql`update sites set status = true where external_id = 'slot2'`);
    await eventually('slot2 active again', () => startup(server.app, 'slot2.localhost'), (reply) => reply.statusCode === 1);
  });

  it('maintenance and expiry are decided at read time from the cached window, not cached as a verdict', async () => {
    const startsAt = Date.now() + 1_200;
    await db.execute(sql`update sites set maintenance_start = ${new Date(startsAt).toISOString()}::timestamptz,
      maintenance_end = ${new Date(startsAt + 3_600_000).toISOString()}::timestamptz where external_id = 'slot1'`);
    await db.execute(sql`update sites set expired_date = ${new Date(startsAt).toISOString()}::timestamptz where external_id = 'slot6'`);
    // The new window has arrived and does not cover the present yet.
    const waiting = ok(await eventually('the window', () => startup(server.app, 'slot1.localhost'), (reply) => ok(reply).maintenance.start_date !== null));
    expect(waiting.maintenance.is_maintenance).toBe(false);
    expect(waiting.provider_count.length).toBeGreaterThan(0);
    await eventually('the expiry date', () => startup(server.app, 'slot6.localhost'), (reply) => ok(reply).site.expired_date !== null);

    // Nothing changes in the database; time passes the start.
    await sleep(Math.max(0, startsAt - Date.now()) + 50);
    const during = ok(await startup(server.app, 'slot1.localhost'));
    expect(during.maintenance.is_maintenance).toBe(true);
    expect(during.provider_count).toEqual([]);
    expect(await startup(server.app, 'slot6.localhost')).toMatchObject({ statusCode: 0, message: 'siteExpired' });
    expect(await resolvePublicSite(server.app.services.siteLookup, 'slot6.localhost', 'slot6')).toEqual({ ok: false, message: 'siteExpired' });

    await db.execute(sql`update sites set maintenance_start = null, maintenance_end = null where external_id = 'slot1'`);
    await db.execute(sql`update sites set expired_date = null where external_id = 'slot6'`);
    await eventually('slot1 out of maintenance', () => startup(server.app, 'slot1.localhost'), (reply) => !ok(reply).maintenance.is_maintenance);
    await eventually('slot6 not expired', () => startup(server.app, 'slot6.localhost'), (reply) => reply.statusCode === 1);
  });

  describe('SiteCache itself', () => {
    it('a missed notification heals after the TTL', async () => {
      let now = 1_000_000;
      const cache = new SiteCache(db, { ttlMs: 30_000, now: () => now });
      const before = await cache.siteByDomain('slot7.localhost');
      expect(before?.externalId).toBe('slot7');
      await silentUpdate(db, sql`update sites set site_name = 'After The TTL' where external_id = 'slot7'`);
      now += 29_000;
      expect((await cache.siteByDomain('slot7.localhost'))?.siteName).toBe(before!.siteName);
      now += 1_001;
      expect((await cache.siteByDomain('slot7.localhost'))?.siteName).toBe('After The TTL');
    });

    it('concurrent misses share one load; cached rows are frozen', async () => {
      const cache = new SiteCache(db);
      const rows = await Promise.all(Array.from({ length: 20 }, () => cache.siteByDomain('slot8.localhost')));
      expect(new Set(rows).size).toBe(1);
      expect(cache.stats.misses).toBe(1);
      expect(Object.isFrozen(rows[0])).toBe(true);
      expect(Object.isFrozen(rows[0]!.languages)).toBe(true);
      const providers = await cache.categoryProviders(rows[0]!.id);
      expect(Object.isFrozen(providers)).toBe(true);
      expect(await cache.categoryProviders(rows[0]!.id)).toBe(providers);
    });

    it('a change announced while a load runs is never served from that load', async () => {
      const cache = new SiteCache(db);
      const id = await siteId(db, 'slot9');
      const loading = cache.siteByDomain('slot9.localhost');
      cache.invalidate(String(id));
      await loading;
      await cache.siteByDomain('slot9.localhost');
      expect(cache.stats.misses).toBe(2);
    });

    it('an invalidation forgets that site, unknown domains and that site\'s rows; "*" forgets everything', async () => {
      const cache = new SiteCache(db);
      const a = (await cache.siteByDomain('sportsbook1.localhost'))!;
      await cache.siteByDomain('sportsbook2.localhost');
      await cache.siteByDomain('nowhere.localhost');
      await cache.categoryProviders(a.id);
      expect(cache.size).toEqual({ domains: 3, providers: 1 });
      cache.invalidate(String(a.id));
      expect(cache.size).toEqual({ domains: 1, providers: 0 });
      cache.invalidate('*');
      expect(cache.size).toEqual({ domains: 0, providers: 0 });
    });

    it('while not listening it reads through; the bound on domains holds', async () => {
      const cache = new SiteCache(db, { maxDomains: 3 });
      cache.setListening(false);
      await cache.siteByDomain('sportsbook3.localhost');
      expect(cache.size.domains).toBe(0);
      cache.setListening(true);
      for (const name of ['a', 'b', 'c', 'd', 'e']) await cache.siteByDomain(`${name}.nowhere.localhost`);
      expect(cache.size.domains).toBe(3);
    });

    it('past the bound the least recently read domain goes, not the first stored (ADR 0026)', async () => {
      const cache = new SiteCache(db, { maxDomains: 3 });
      for (const name of ['a', 'b', 'c']) await cache.siteByDomain(`${name}.lru.localhost`);
      // "a" was stored first but is read now: "b" becomes the least recently used.
      await cache.siteByDomain('a.lru.localhost');
      await cache.siteByDomain('d.lru.localhost');
      expect(cache.stats).toMatchObject({ hits: 1, misses: 4 });
      await cache.siteByDomain('a.lru.localhost');
      expect(cache.stats).toMatchObject({ hits: 2, misses: 4 });
      await cache.siteByDomain('b.lru.localhost');
      expect(cache.stats).toMatchObject({ hits: 2, misses: 5 });
    });
  });
});

describe.runIf(TEST_DATABASE_URL)('site cache: two app instances on one PostgreSQL database', () => {
  let drop: (() => Promise<void>) | undefined;
  let url: string;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const created = await createPostgresDatabase(inject('seededPostgresTemplate'));
    drop = created.drop;
    url = created.url;
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ url, poolSize: 4 }));
    for (const database of databases) apps.push(await buildApiApp(database));
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const database of databases) await database.close().catch(() => undefined);
    await drop?.();
  });

  async function rawSql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  it('a change through a third connection invalidates both instances', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const original = ok(await startup(first, 'casino5.localhost')).site.site_name;
    expect(ok(await startup(second, 'casino5.localhost')).site.site_name).toBe(original);
    await rawSql(`update sites set site_name = 'Seen By Both' where external_id = 'casino5'`);
    for (const app of apps) {
      await eventually('the new name', () => startup(app, 'casino5.localhost'), (reply) => ok(reply).site.site_name === 'Seen By Both');
    }
  });

  it("a change through one instance's own pool invalidates the other", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    ok(await startup(second, 'slot4.localhost'));
    await databases[0]!.db.execute(sql`update sites set site_name = 'Changed Through One' where external_id = 'slot4'`);
    await eventually('the other instance', () => startup(second, 'slot4.localhost'), (reply) => ok(reply).site.site_name === 'Changed Through One');
    await eventually('the first instance', () => startup(first, 'slot4.localhost'), (reply) => ok(reply).site.site_name === 'Changed Through One');
  });

  it("catchUp: a change committed before it is seen at once, and another instance's fence changes nothing", async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    ok(await startup(first, 'slot6.localhost'));
    ok(await startup(second, 'slot6.localhost'));
    const invalidations = (app: FastifyInstance) => (app.services.siteLookup as SiteCache).stats.invalidations;
    const secondInvalidations = invalidations(second);
    for (let round = 0; round < 5; round++) {
      const name = `Caught Up ${round}`;
      await databases[0]!.db.execute(sql`update sites set site_name = ${name} where external_id = 'slot6'`);
      await first.services.siteLookup.catchUp!();
      // No polling: the read right after catchUp has the change.
      expect(ok(await startup(first, 'slot6.localhost')).site.site_name).toBe(name);
    }
    // The second instance received the five changes (eventually) but no fence counted as one.
    await eventually('the second instance', () => startup(second, 'slot6.localhost'), (reply) => ok(reply).site.site_name === 'Caught Up 4');
    expect(invalidations(second) - secondInvalidations).toBeLessThanOrEqual(5);
  });

  it('a lost listening connection reconnects; changes made meanwhile are not missed', async () => {
    ok(await startup(apps[0]!, 'slot5.localhost'));
    const killed = await rawSql(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query = 'LISTEN "wl_site_changed"'`,
    );
    expect(killed.rowCount).toBe(2);
    await rawSql(`update sites set site_name = 'After The Reconnect' where external_id = 'slot5'`);
    for (const app of apps) {
      await eventually('the change after the reconnect', () => startup(app, 'slot5.localhost'), (reply) => ok(reply).site.site_name === 'After The Reconnect');
    }
    // Listening again: a later change arrives by notification.
    await eventually(
      'both listening again',
      () => rawSql(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN "wl_site_changed"'`),
      (result) => (result.rows[0] as { n: number }).n === 2,
    );
    await rawSql(`update sites set site_name = 'Notified Again' where external_id = 'slot5'`);
    for (const app of apps) {
      await eventually('the next change', () => startup(app, 'slot5.localhost'), (reply) => ok(reply).site.site_name === 'Notified Again');
    }
  });
});
