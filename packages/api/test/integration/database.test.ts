/**
 * Rules the database itself enforces (docs/product.md D1: a site's theme_code and theme_color must be
 * a pair of the theme table) and the demo data of docs/product.md D7 (sites, players, idempotent seed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { THEMES, THEME_CODES } from '@wl/contracts';
import { brandOwners, players, seedSteps, siteDomains, sites } from '../../src/db/schema.js';
import { seedDemo, DEMO_PASSWORD, SEED_STEP_NAMES } from '../../src/demo/index.js';
import { queryRows } from '../../src/db/client.js';
import { verifyPassword } from '../../src/shared/password.js';
import { backends, createTestServer, expectDatabaseRefusal, type TestServer } from './helpers.js';

/** SQLSTATE of a CHECK constraint violation. */
const CHECK_VIOLATION = '23514';

/** The minimum of a site row, with the theme under test. */
/** The brand owner of the sites these tests insert: the demo's. */
let brandOwnerId = 0;

function siteRow(themeCode: string, themeColor: string, externalId = `test-${themeCode}-${themeColor}-${Math.random().toString(36).slice(2, 8)}`) {
  return { externalId, siteName: 'Test Site', themeCode, themeColor, currency: 'PHP', brandOwnerId };
}

describe.each(backends)('database rules and demo data on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    [{ id: brandOwnerId }] = (await db().select({ id: brandOwners.id }).from(brandOwners).limit(1)) as [{ id: number }];
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;

  describe('theme pairs (docs/product.md D1)', () => {
    it.each([
      ['an unknown theme_code', 'casino99', 'gold'],
      ['the missing template18 number as a code', 'template18', 'gold'],
      ['an empty theme_code', '', 'gold'],
      ['a theme_code in another case', 'SLOT5', 'pink'],
    ])('inserting a site with %s is refused', async (_label, themeCode, themeColor) => {
      await expectDatabaseRefusal(db().insert(sites).values(siteRow(themeCode, themeColor)), {
        code: CHECK_VIOLATION,
        constraint: 'sites_theme_valid',
      });
    });

    it.each([
      ['a colour of no theme', 'slot5', 'chartreuse'],
      ["another theme's colour", 'slot5', 'gold'],
      ["casino1 with slot5's colour", 'casino1', 'pink'],
      ['a colour in another case', 'slot5', 'Pink'],
      ['an empty colour', 'sportsbook4', ''],
    ])('inserting a site with %s is refused', async (_label, themeCode, themeColor) => {
      await expectDatabaseRefusal(db().insert(sites).values(siteRow(themeCode, themeColor)), {
        code: CHECK_VIOLATION,
        constraint: 'sites_theme_valid',
      });
    });

    it('no refused insert left a row behind', async () => {
      const [row] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(sites)
        .where(sql`${sites.externalId} like 'test-%'`);
      expect(row?.count).toBe(0);
    });

    it('every pair of the theme table is accepted', async () => {
      // All 110 pairs in one transaction, rolled back, so the demo data stays as seeded.
      const rows = THEME_CODES.flatMap((code) => THEMES[code].colors.map((color) => siteRow(code, color, `pair-${code}-${color}`)));
      expect(rows).toHaveLength(110);
      let inserted = -1;
      const rollback = new Error('rollback');
      await expect(
        db().transaction(async (tx) => {
          inserted = (await tx.insert(sites).values(rows).returning({ id: sites.id })).length;
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect(inserted).toBe(110);
    });

    it('a valid pair is stored and reads back', async () => {
      const [created] = await db()
        .insert(sites)
        .values(siteRow('slot5', 'lavender', 'test-valid-pair'))
        .returning({ id: sites.id, themeCode: sites.themeCode, themeColor: sites.themeColor });
      try {
        expect(created).toMatchObject({ themeCode: 'slot5', themeColor: 'lavender' });
        const [row] = await db().select().from(sites).where(eq(sites.id, created!.id));
        expect(row?.themeColor).toBe('lavender');
      } finally {
        await db().delete(sites).where(eq(sites.id, created!.id));
      }
    });

    it('changing a stored site to a colour outside its row is refused too', async () => {
      await expectDatabaseRefusal(db().update(sites).set({ themeColor: 'gold' }).where(eq(sites.externalId, 'slot5')), {
        code: CHECK_VIOLATION,
        constraint: 'sites_theme_valid',
      });
      await expectDatabaseRefusal(db().update(sites).set({ themeCode: 'slot5' }).where(eq(sites.externalId, 'casino1')), {
        code: CHECK_VIOLATION,
        constraint: 'sites_theme_valid',
      });
      const [row] = await db().select({ code: sites.themeCode, color: sites.themeColor }).from(sites).where(eq(sites.externalId, 'slot5'));
      expect(row).toEqual({ code: 'slot5', color: 'pink' });
    });
  });

  describe('demo data (docs/product.md D7)', () => {
    it('seeds 24 sites: the localhost demo, one per theme code, and maintenance', async () => {
      const rows = await db().select({ externalId: sites.externalId, themeCode: sites.themeCode, themeColor: sites.themeColor }).from(sites);
      expect(rows).toHaveLength(24);
      expect(rows.map((row) => row.externalId).sort()).toEqual(['demo', 'maintenance', ...THEME_CODES].sort());
      for (const code of THEME_CODES) {
        expect(rows.find((row) => row.externalId === code)).toEqual({ externalId: code, themeCode: code, themeColor: THEMES[code].colors[0] });
      }
      expect(rows.find((row) => row.externalId === 'demo')).toMatchObject({ themeCode: 'casino1', themeColor: 'gold' });
    });

    it('the demo site answers to localhost and 127.0.0.1, every theme site to <code>.localhost', async () => {
      const rows = await db()
        .select({ domain: siteDomains.domain, externalId: sites.externalId })
        .from(siteDomains)
        .innerJoin(sites, eq(sites.id, siteDomains.siteId));
      const byDomain = new Map(rows.map((row) => [row.domain, row.externalId]));
      expect(byDomain.get('localhost')).toBe('demo');
      expect(byDomain.get('127.0.0.1')).toBe('demo');
      expect(byDomain.get('maintenance.localhost')).toBe('maintenance');
      for (const code of THEME_CODES) expect(byDomain.get(`${code}.localhost`)).toBe(code);
    });

    it("every site has players 'demo' (active) and 'blocked' (blocked) whose password is demo1234", async () => {
      const rows = await db()
        .select({ externalId: sites.externalId, accountId: players.accountId, status: players.status, passwordHash: players.passwordHash })
        .from(players)
        .innerJoin(sites, eq(sites.id, players.siteId));
      const siteIds = (await db().select({ externalId: sites.externalId }).from(sites)).map((row) => row.externalId);
      expect(siteIds).toHaveLength(24);
      for (const externalId of siteIds) {
        const own = rows.filter((row) => row.externalId === externalId);
        expect(own.find((row) => row.accountId === 'demo')?.status, `${externalId} demo`).toBe('active');
        expect(own.find((row) => row.accountId === 'blocked')?.status, `${externalId} blocked`).toBe('blocked');
      }
      const demoPlayers = rows.filter((row) => row.accountId === 'demo' || row.accountId === 'blocked');
      expect(demoPlayers).toHaveLength(48);
      // The hash is checked once per distinct stored value (scrypt costs ~50 ms a check).
      const hashes = [...new Set(demoPlayers.map((row) => row.passwordHash))];
      for (const hash of hashes) {
        expect(hash).not.toContain(DEMO_PASSWORD);
        expect(await verifyPassword('demo1234', hash)).toBe(true);
      }
      expect(await verifyPassword('demo12345', hashes[0]!)).toBe(false);
      expect(await verifyPassword('DEMO1234', hashes[0]!)).toBe(false);
    });

    it('the first seeding applied every step; seeding again applies nothing and changes nothing', async () => {
      expect(server.seed).toEqual({ demo: true, applied: SEED_STEP_NAMES });
      const count = async () =>
        queryRows<Record<string, number>>(
          db(),
          sql`select (select count(*)::int from sites) as sites, (select count(*)::int from players) as players,
                     (select count(*)::int from games) as games, (select count(*)::int from providers) as providers,
                     (select count(*)::int from site_domains) as domains, (select count(*)::int from seed_steps) as steps`,
        );
      const before = await count();
      const again = await seedDemo(db());
      expect(again.applied).toEqual([]);
      expect(again.demo).toBe(true);
      const third = await seedDemo(db());
      expect(third.applied).toEqual([]);
      expect(await count()).toEqual(before);
      const steps = (await db().select({ name: seedSteps.name }).from(seedSteps)).map((row) => row.name).sort();
      expect(steps).toEqual(['0000-demo', ...SEED_STEP_NAMES]);
    });
  });
});
