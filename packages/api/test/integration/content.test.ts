/**
 * Site content calls on the seeded demo sites: home lists (slides, announcements, marquee,
 * referral), social accounts, partners, analytics, ad visits, SEO and hot games. Each success
 * reply is checked against its contract; each call refuses a malformed payload naming the field;
 * content of slot5.localhost never reaches casino1.localhost; the generated content artwork.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { GAME_LIST_FALLBACKS } from '@wl/contracts';
import {
  adVisits,
  analyticsScripts,
  announcements,
  games,
  marquees,
  partners,
  providers,
  seoPages,
  siteProviders,
  siteSettings,
  slides,
  socialAccounts,
} from '../../src/db/schema.js';
import { queryRows } from '../../src/db/client.js';
import { resolveSiteByDomain } from '../../src/sites/site-scope.js';
import { databaseSiteLookup } from '../../src/sites/sites.repo.js';
import { ADS_VISIT_LIMIT, visitorKey } from '../../src/content/ads.js';
import { registerContentMedia } from '../../src/content/media.js';
import { gameArtUrl } from '../../src/media/game-art.js';
import { backends, createTestServer, postJson, type TestServer } from './helpers.js';
import {
  CASINO1,
  MAINTENANCE,
  MISMATCHED,
  MALICIOUS_BODY,
  SLOT5,
  expectReply,
  expectSafeHtml,
  expectValidationError,
  siteIdOf,
} from './content-fixtures.js';

/** Every public content call of this file with a valid payload besides the site fields. */
const PUBLIC_CALLS = [
  { name: 'fetchSlide', path: '/api/home/fetch_slide', extra: {} },
  { name: 'fetchAnnouncement', path: '/api/home/fetch_announment', extra: {} },
  { name: 'marquee', path: '/api/home/marquee', extra: {} },
  { name: 'referral', path: '/api/home/referral', extra: {} },
  { name: 'socialAccount', path: '/api/settings/social_account', extra: {} },
  { name: 'partners', path: '/api/settings/partners', extra: {} },
  { name: 'adsVisit', path: '/api/settings/adsvisit', extra: { fbp: 'fb.1.1700000000.isolation' } },
  { name: 'seo', path: '/api/seo', extra: { page_name: 'home' } },
  { name: 'getHotGames', path: '/api/product/get_hot_games', extra: { game_type: 'hot' } },
] as const;

describe.each(backends)('site content calls on %s', (backend) => {
  let server: TestServer;
  let slot5Id: number;
  let casino1Id: number;

  beforeAll(async () => {
    // A proxy on the loopback peer (app.inject's address) tells the visitor's address in X-Forwarded-For.
    server = await createTestServer({ backend, trustProxy: ['loopback'] });
    slot5Id = await siteIdOf(server.database.db, 'slot5');
    casino1Id = await siteIdOf(server.database.db, 'casino1');
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown, headers: Record<string, string> = {}) => postJson(server.app, path, payload, { headers });

  describe('validation and site checks of every public call', () => {
    it.each(PUBLIC_CALLS)('$name: a wrong external_id type names the field', async ({ path, extra }) => {
      const { response, body } = await post(path, { ...SLOT5, ...extra, external_id: 5 });
      expect(response.statusCode).toBe(400);
      expectValidationError(body, 'external_id');
    });

    it.each(PUBLIC_CALLS)('$name: a missing domain_name and an unknown field are named', async ({ path, extra }) => {
      const { body } = await post(path, { external_id: 'slot5', ...extra, surprise: 1 });
      expectValidationError(body, 'domain_name');
      expect((body.errors as Record<string, string[]>).surprise).toEqual(['unknownField']);
    });

    it.each(PUBLIC_CALLS)('$name: a domain_name and external_id of two different sites answer siteNotFound', async ({ path, extra }) => {
      const { response, body } = await post(path, { ...MISMATCHED, ...extra });
      expect(body).toEqual({ statusCode: 0, message: 'siteNotFound' });
      expect(response.statusCode).toBe(404);
    });

    it.each(PUBLIC_CALLS.filter((call) => !['adsVisit', 'seo'].includes(call.name)))(
      '$name: a site under maintenance answers underMaintenance',
      async ({ path, extra }) => {
        const { body } = await post(path, { ...MAINTENANCE, ...extra });
        expect(body).toEqual({ statusCode: 0, message: 'underMaintenance' });
      },
    );

    it('seo and adsvisit still answer during maintenance (meta tags, visit counting)', async () => {
      expectReply('seo', (await post('/api/seo', { ...MAINTENANCE, page_name: 'home' })).body);
      expectReply('adsVisit', (await post('/api/settings/adsvisit', { ...MAINTENANCE, fbp: 'fb.1.maintenance' })).body);
    });

    it('an inactive or expired site is refused by the domain-only lookup as by public calls', async () => {
      const { db } = server.database;
      // Inside a transaction that is rolled back: the change never reaches other tests.
      await db
        .transaction(async (tx) => {
          const txDb = tx as unknown as typeof db;
          expect((await resolveSiteByDomain(databaseSiteLookup(txDb), 'slot5.localhost')).ok).toBe(true);
          await tx.execute(sql`update sites set status = false where external_id = 'slot5'`);
          expect(await resolveSiteByDomain(databaseSiteLookup(txDb), 'slot5.localhost')).toEqual({ ok: false, message: 'siteInactive' });
          await tx.execute(sql`update sites set status = true, expired_date = now() - interval '1 day' where external_id = 'slot5'`);
          expect(await resolveSiteByDomain(databaseSiteLookup(txDb), 'slot5.localhost')).toEqual({ ok: false, message: 'siteExpired' });
          expect(await resolveSiteByDomain(databaseSiteLookup(txDb), 'nowhere.localhost')).toEqual({ ok: false, message: 'siteNotFound' });
          tx.rollback();
        })
        .catch((error: Error) => {
          if (!/rollback/i.test(error.message)) throw error;
        });
      expect((await resolveSiteByDomain(server.app.services.siteLookup, 'slot5.localhost')).ok).toBe(true);
    });
  });

  describe('home lists', () => {
    it('fetch_slide answers the active slides of the site in display order, with local banner artwork', async () => {
      const reply = expectReply('fetchSlide', (await post('/api/home/fetch_slide', SLOT5)).body);
      expect(reply.value.length).toBeGreaterThanOrEqual(3);
      expect(reply.value.length).toBeLessThanOrEqual(5);
      expect(reply.value.map((slide) => slide.sort)).toEqual([...reply.value.map((slide) => slide.sort)].sort((a, b) => a - b));
      for (const slide of reply.value) {
        expect(slide.image_url).toMatch(/^\/api\/media\/banner\/slot5\/[a-z]+\.svg$/);
        expect(slide.title).not.toBe('');
      }
      expect(reply.value[0]!.title).toContain('Candy Reels');
    });

    it('fetch_slide leaves out inactive slides', async () => {
      const { db } = server.database;
      const [hidden] = await db
        .insert(slides)
        .values({ siteId: slot5Id, title: 'Hidden slide', imageUrl: '/x.svg', sort: 0, active: false })
        .returning({ id: slides.id });
      const reply = expectReply('fetchSlide', (await post('/api/home/fetch_slide', SLOT5)).body);
      expect(reply.value.map((slide) => slide.id)).not.toContain(hidden!.id);
      await db.delete(slides).where(eq(slides.id, hidden!.id));
    });

    it('fetch_announment answers the active announcements, newest first', async () => {
      const reply = expectReply('fetchAnnouncement', (await post('/api/home/fetch_announment', SLOT5)).body);
      expect(reply.value.length).toBeGreaterThanOrEqual(1);
      const times = reply.value.map((item) => Date.parse(item.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const inactive = await server.database.db
        .select({ id: announcements.id })
        .from(announcements)
        .where(and(eq(announcements.siteId, slot5Id), eq(announcements.active, false)));
      expect(inactive.length).toBeGreaterThan(0);
      for (const { id } of inactive) expect(reply.value.map((item) => item.id)).not.toContain(id);
    });

    it('marquee answers 4 to 6 texts in order', async () => {
      const reply = expectReply('marquee', (await post('/api/home/marquee', SLOT5)).body);
      expect(reply.value.length).toBeGreaterThanOrEqual(4);
      expect(reply.value.length).toBeLessThanOrEqual(6);
      expect(reply.value[0]!.text).toContain('Candy Reels');
    });

    it('referral answers the programme text as sanitised HTML', async () => {
      const reply = expectReply('referral', (await post('/api/home/referral', SLOT5)).body);
      expect(reply.setting_value).toContain('<h2>Invite friends to Candy Reels</h2>');
      expect(reply.setting_value).toContain('THB');
      expectSafeHtml(reply.setting_value);
    });

    it('referral sanitises a malicious stored text when read', async () => {
      const { db } = server.database;
      const sportsbook4 = await siteIdOf(db, 'sportsbook4');
      await db.update(siteSettings).set({ value: MALICIOUS_BODY }).where(and(eq(siteSettings.siteId, sportsbook4), eq(siteSettings.key, 'referral')));
      const reply = expectReply('referral', (await post('/api/home/referral', { domain_name: 'sportsbook4.localhost', external_id: 'sportsbook4' })).body);
      expectSafeHtml(reply.setting_value);
      expect(reply.setting_value).toContain('<a href="/faqs">the FAQs</a>');
    });

    it('referral answers an empty text for a site without a referral programme', async () => {
      const { db } = server.database;
      const sportsbook3 = await siteIdOf(db, 'sportsbook3');
      await db.delete(siteSettings).where(and(eq(siteSettings.siteId, sportsbook3), eq(siteSettings.key, 'referral')));
      const reply = expectReply('referral', (await post('/api/home/referral', { domain_name: 'sportsbook3.localhost', external_id: 'sportsbook3' })).body);
      expect(reply.setting_value).toBe('');
    });
  });

  describe('social accounts and partners', () => {
    it('social_account answers 3 to 5 accounts with absolute links and local icons', async () => {
      const reply = expectReply('socialAccount', (await post('/api/settings/social_account', SLOT5)).body);
      expect(reply.accountList.length).toBeGreaterThanOrEqual(3);
      expect(reply.accountList.length).toBeLessThanOrEqual(5);
      expect(reply.accountList.map((account) => account.type)).toEqual(expect.arrayContaining(['facebook', 'telegram']));
      for (const account of reply.accountList) {
        expect(account.link).toMatch(/^https:\/\/[a-z.]+\.example\.com\//);
        expect(account.icon).toBe(`/api/media/social/${account.type}.svg`);
      }
    });

    it('partners answers 4 to 6 partners with links, names and local marks', async () => {
      const reply = expectReply('partners', (await post('/api/settings/partners', SLOT5)).body);
      expect(reply.partners.length).toBeGreaterThanOrEqual(4);
      expect(reply.partners.length).toBeLessThanOrEqual(6);
      for (const partner of reply.partners) {
        expect(partner.href).toMatch(/^https:\/\//);
        expect(partner.img_url).toMatch(/^\/api\/media\/partner\/[a-z0-9-]+\.svg$/);
        expect(partner.partner_name).not.toBe('');
      }
    });
  });

  describe('tenant isolation: slot5 content never reaches casino1', () => {
    it('slides, announcements and marquee ids of each site belong to that site only', async () => {
      const { db } = server.database;
      for (const [table, path, name] of [
        [slides, '/api/home/fetch_slide', 'fetchSlide'],
        [announcements, '/api/home/fetch_announment', 'fetchAnnouncement'],
        [marquees, '/api/home/marquee', 'marquee'],
      ] as const) {
        const a = expectReply(name, (await post(path, SLOT5)).body).value.map((row) => row.id);
        const b = expectReply(name, (await post(path, CASINO1)).body).value.map((row) => row.id);
        expect(a.length).toBeGreaterThan(0);
        expect(b.filter((id) => a.includes(id))).toEqual([]);
        const owners = await db.select({ siteId: table.siteId }).from(table).where(inArray(table.id, [...a]));
        expect(new Set(owners.map((row) => row.siteId))).toEqual(new Set([slot5Id]));
        const otherOwners = await db.select({ siteId: table.siteId }).from(table).where(inArray(table.id, [...b]));
        expect(new Set(otherOwners.map((row) => row.siteId))).toEqual(new Set([casino1Id]));
      }
    });

    it("a slide, partner, social account, announcement, marquee and SEO page added to slot5 appear only on slot5", async () => {
      const { db } = server.database;
      const marker = 'ISOLATION-MARKER-slot5';
      await db.insert(slides).values({ siteId: slot5Id, title: marker, imageUrl: '/api/media/banner/slot5/vip.svg', sort: 99 });
      await db.insert(partners).values({ siteId: slot5Id, partnerName: marker, href: 'https://partner.example.com/', imgUrl: '/x.svg', sort: 99 });
      await db.insert(socialAccounts).values({ siteId: slot5Id, type: 'whatsapp', name: marker, link: 'https://wa.example.com/x', icon: '/x.svg', sort: 99 });
      await db.insert(announcements).values({ siteId: slot5Id, title: marker, body: marker });
      await db.insert(marquees).values({ siteId: slot5Id, text: marker, sort: 99 });
      await db.insert(seoPages).values({ siteId: slot5Id, pageName: 'isolation', metaTitle: marker });

      const calls = [
        ['/api/home/fetch_slide', {}],
        ['/api/settings/partners', {}],
        ['/api/settings/social_account', {}],
        ['/api/home/fetch_announment', {}],
        ['/api/home/marquee', {}],
        ['/api/seo', { page_name: 'isolation' }],
      ] as const;
      for (const [path, extra] of calls) {
        const own = await post(path, { ...SLOT5, ...extra });
        expect(JSON.stringify(own.body), path).toContain(marker);
        const other = await post(path, { ...CASINO1, ...extra });
        expect(other.body.statusCode, path).toBe(1);
        expect(JSON.stringify(other.body), path).not.toContain(marker);
      }
      expect((await post('/api/seo', { ...CASINO1, page_name: 'isolation' })).body.value).toBeNull();
    });

    it('SEO records of the two sites are their own', async () => {
      const a = expectReply('seo', (await post('/api/seo', { ...SLOT5, page_name: 'home' })).body).value!;
      const b = expectReply('seo', (await post('/api/seo', { ...CASINO1, page_name: 'home' })).body).value!;
      expect(a.id).not.toBe(b.id);
      expect(a.meta_title).toContain('Candy Reels');
      expect(b.meta_title).toContain('Golden Crown Casino');
      expect(JSON.stringify(b)).not.toContain('Candy Reels');
      const [owner] = await server.database.db.select({ siteId: seoPages.siteId }).from(seoPages).where(eq(seoPages.id, a.id));
      expect(owner?.siteId).toBe(slot5Id);
    });
  });

  describe('get_analytics', () => {
    it('answers no script for a demo site (analytics off) though inactive rows exist', async () => {
      const { body } = await post('/api/settings/get_analytics', { domain_name: 'slot5.localhost' });
      expect(expectReply('getAnalytics', body).value).toEqual([]);
      const rows = await server.database.db.select().from(analyticsScripts).where(eq(analyticsScripts.siteId, slot5Id));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => !row.active)).toBe(true);
    });

    it("answers the active scripts of that site only, as stored, with their section", async () => {
      const { db } = server.database;
      const script = '<script>window.slot5Analytics = true;</script>';
      await db.insert(analyticsScripts).values([
        { siteId: slot5Id, section: 'HEAD', script, active: true },
        { siteId: slot5Id, section: 'BODY', script: '<noscript>slot5</noscript>', active: true },
      ]);
      const own = expectReply('getAnalytics', (await post('/api/settings/get_analytics', { domain_name: 'SLOT5.localhost:3000' })).body);
      expect(own.value).toEqual([
        { section: 'HEAD', script },
        { section: 'BODY', script: '<noscript>slot5</noscript>' },
      ]);
      const other = expectReply('getAnalytics', (await post('/api/settings/get_analytics', { domain_name: 'casino1.localhost' })).body);
      expect(other.value).toEqual([]);
      await db.delete(analyticsScripts).where(and(eq(analyticsScripts.siteId, slot5Id), eq(analyticsScripts.active, true)));
    });

    it('refuses an unknown domain, a wrong type and an external_id it does not take', async () => {
      expect((await post('/api/settings/get_analytics', { domain_name: 'nowhere.localhost' })).body).toEqual({ statusCode: 0, message: 'siteNotFound' });
      expectValidationError((await post('/api/settings/get_analytics', { domain_name: 7 })).body, 'domain_name');
      expectValidationError((await post('/api/settings/get_analytics', {})).body, 'domain_name');
      expectValidationError((await post('/api/settings/get_analytics', { domain_name: 'slot5.localhost', external_id: 'slot5' })).body, 'external_id');
    });
  });

  describe('adsvisit', () => {
    const countVisits = async (siteId: number) => {
      const [row] = await queryRows<{ count: number }>(server.database.db, sql`select count(*)::int as count from ad_visits where site_id = ${siteId}`);
      return row!.count;
    };

    it('stores one visit per visitor and site; a repeat answers OK and stores nothing', async () => {
      const site = { domain_name: 'slot7.localhost', external_id: 'slot7' };
      const siteId = await siteIdOf(server.database.db, 'slot7');
      const before = await countVisits(siteId);
      const first = await post('/api/settings/adsvisit', { ...site, fbp: 'fb.1.1700000000.111', appsflyer_id: 'af-1' });
      expect(expectReply('adsVisit', first.body)).toEqual({ statusCode: 1, message: 'OK' });
      const again = await post('/api/settings/adsvisit', { ...site, fbp: 'fb.1.1700000000.111', appsflyer_id: 'af-other' });
      expect(again.body).toEqual({ statusCode: 1, message: 'OK' });
      expect(await countVisits(siteId)).toBe(before + 1);

      // Another fbp is another visitor; the same fbp on another site is that site's visitor.
      await post('/api/settings/adsvisit', { ...site, fbp: 'fb.1.1700000000.222' });
      expect(await countVisits(siteId)).toBe(before + 2);
      await post('/api/settings/adsvisit', { domain_name: 'slot8.localhost', external_id: 'slot8', fbp: 'fb.1.1700000000.111' });
      expect(await countVisits(await siteIdOf(server.database.db, 'slot8'))).toBe(1);

      const [row] = await server.database.db
        .select()
        .from(adVisits)
        .where(and(eq(adVisits.siteId, siteId), eq(adVisits.visitorKey, 'fbp:fb.1.1700000000.111')));
      expect(row).toMatchObject({ fbp: 'fb.1.1700000000.111', appsflyerId: 'af-1' });
    });

    it('without fbp the visitor is the appsflyer_id, then the client address and user agent', async () => {
      const site = { domain_name: 'slot9.localhost', external_id: 'slot9' };
      const siteId = await siteIdOf(server.database.db, 'slot9');
      await post('/api/settings/adsvisit', { ...site, appsflyer_id: 'af-123' });
      await post('/api/settings/adsvisit', { ...site, fbp: '', appsflyer_id: 'af-123' });
      expect(await countVisits(siteId)).toBe(1);

      const browser = { 'user-agent': 'Mozilla/5.0 (Test) Browser/1', 'x-forwarded-for': '203.0.113.7' };
      await post('/api/settings/adsvisit', site, browser);
      await post('/api/settings/adsvisit', site, browser);
      expect(await countVisits(siteId)).toBe(2);
      await post('/api/settings/adsvisit', site, { ...browser, 'user-agent': 'Mozilla/5.0 (Other) Browser/2' });
      expect(await countVisits(siteId)).toBe(3);
      const keys = (await server.database.db.select({ key: adVisits.visitorKey }).from(adVisits).where(eq(adVisits.siteId, siteId))).map((row) => row.key);
      expect(keys).toContain('af:af-123');
      expect(keys).toContain(visitorKey({ ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Test) Browser/1' }));
      // The key of an anonymous visitor is a hash: it holds neither the address nor the agent.
      expect(keys.join(' ')).not.toContain('203.0.113.7');
    });

    it('an oversized tracking field names the field; a flood from one address is limited', async () => {
      const site = { domain_name: 'sportsbook2.localhost', external_id: 'sportsbook2' };
      expectValidationError((await post('/api/settings/adsvisit', { ...site, fbp: 'x'.repeat(257) })).body, 'fbp');
      expectValidationError((await post('/api/settings/adsvisit', { ...site, appsflyer_id: 12 })).body, 'appsflyer_id');
      const headers = { 'x-forwarded-for': '198.51.100.9' };
      let limited: Record<string, unknown> | undefined;
      for (let i = 0; i <= ADS_VISIT_LIMIT.limit && !limited; i++) {
        const { body } = await post('/api/settings/adsvisit', { ...site, fbp: `fb.flood.${i}` }, headers);
        if (body.statusCode !== 1) limited = body;
      }
      expect(limited).toEqual({ statusCode: 0, message: 'tooManyRequests' });
      // Another address is not limited.
      expect((await post('/api/settings/adsvisit', { ...site, fbp: 'fb.calm' }, { 'x-forwarded-for': '198.51.100.10' })).body.statusCode).toBe(1);
    });
  });

  describe('seo', () => {
    it.each(['home', 'slots', 'casino', 'sports', 'promotions'])('answers the full record of %s', async (pageName) => {
      const reply = expectReply('seo', (await post('/api/seo', { ...SLOT5, page_name: pageName })).body);
      const record = reply.value!;
      expect(record.page_name).toBe(pageName);
      expect(record.meta_title).toContain('Candy Reels');
      for (const key of ['en_item_name', 'en_body', 'local_item_name', 'local_body', 'meta_desc', 'meta_keywords', 'meta_url', 'meta_canonical', 'meta_author', 'meta_publisher', 'meta_lang', 'meta_image_url'] as const) {
        expect(record[key], key).not.toBe('');
      }
      expectSafeHtml(record.en_body);
      expectSafeHtml(record.local_body);
    });

    it('answers value null for a page the site has no record for; page names are case-insensitive', async () => {
      expect(expectReply('seo', (await post('/api/seo', { ...SLOT5, page_name: 'no-such-page' })).body).value).toBeNull();
      expect(expectReply('seo', (await post('/api/seo', { ...SLOT5, page_name: 'SLOTS' })).body).value?.page_name).toBe('slots');
    });

    it('refuses a malformed page name, naming it', async () => {
      expectValidationError((await post('/api/seo', { ...SLOT5, page_name: '../admin' })).body, 'page_name');
      expectValidationError((await post('/api/seo', { ...SLOT5 })).body, 'page_name');
      expectValidationError((await post('/api/seo', { ...SLOT5, page_name: 'x'.repeat(65) })).body, 'page_name');
    });

    it('sanitises the page texts of a malicious record when read', async () => {
      const { db } = server.database;
      await db.insert(seoPages).values({ siteId: slot5Id, pageName: 'xss', enBody: MALICIOUS_BODY, localBody: MALICIOUS_BODY });
      const record = expectReply('seo', (await post('/api/seo', { ...SLOT5, page_name: 'xss' })).body).value!;
      expectSafeHtml(record.en_body);
      expectSafeHtml(record.local_body);
      expect(record.en_body).toContain('<strong>friend</strong>');
    });
  });

  describe('get_hot_games', () => {
    type HotGame = { provider_code: string; game_code: string; game_type: string; game_image: string };
    const hotGames = async (site: { domain_name: string; external_id: string }, gameType: string): Promise<HotGame[]> =>
      expectReply('getHotGames', (await post('/api/product/get_hot_games', { ...site, game_type: gameType })).body).value;

    const flagsOf = async (list: HotGame[]) => {
      const rows = await server.database.db
        .select({ code: games.gameCode, provider: providers.code, hot: games.hot, categories: games.categories })
        .from(games)
        .innerJoin(providers, eq(providers.id, games.providerId));
      const byKey = new Map(rows.map((row) => [`${row.provider}/${row.code}`, row]));
      return list.map((game) => byKey.get(`${game.provider_code}/${game.game_code}`)!);
    };

    it("'hot' answers at most 15 games flagged hot, across categories, with their artwork", async () => {
      const list = await hotGames(SLOT5, 'hot');
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(GAME_LIST_FALLBACKS.hot);
      expect((await flagsOf(list)).every((row) => row?.hot)).toBe(true);
      expect(new Set(list.map((game) => game.game_type)).size).toBeGreaterThan(1);
      for (const game of list) expect(game.game_image).toBe(gameArtUrl(game.provider_code, game.game_code));
    });

    it('a category answers its games, hot ones first', async () => {
      const list = await hotGames(SLOT5, 'slots');
      expect(list.length).toBe(GAME_LIST_FALLBACKS.hot);
      const flags = await flagsOf(list);
      expect(flags.every((row) => row?.categories.includes('slots'))).toBe(true);
      const hot = flags.map((row) => row!.hot);
      expect(hot).toEqual([...hot].sort((a, b) => Number(b) - Number(a)));
      expect(await hotGames(SLOT5, 'horseracing')).not.toEqual([]);
    });

    it('answers only games of the providers the site has enabled', async () => {
      const { db } = server.database;
      const before = await hotGames(SLOT5, 'sabong');
      expect(new Set(before.map((game) => game.provider_code))).toEqual(new Set(['SV388', 'WS168']));
      const [sv388] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, 'SV388'));
      await db
        .update(siteProviders)
        .set({ enabled: false })
        .where(and(eq(siteProviders.siteId, slot5Id), eq(siteProviders.providerId, sv388!.id)));
      try {
        const after = await hotGames(SLOT5, 'sabong');
        expect(after.length).toBeGreaterThan(0);
        expect(after.map((game) => game.provider_code)).not.toContain('SV388');
        // The switch is slot5's own: casino1 still offers the provider.
        expect((await hotGames(CASINO1, 'sabong')).map((game) => game.provider_code)).toContain('SV388');

        // A provider leading slot5's hot list disappears from it when disabled.
        const hot = await hotGames(SLOT5, 'hot');
        const leader = hot[0]!.provider_code;
        const [leaderRow] = await db.select({ id: providers.id }).from(providers).where(eq(providers.code, leader));
        await db
          .update(siteProviders)
          .set({ enabled: false })
          .where(and(eq(siteProviders.siteId, slot5Id), eq(siteProviders.providerId, leaderRow!.id)));
        expect((await hotGames(SLOT5, 'hot')).map((game) => game.provider_code)).not.toContain(leader);
      } finally {
        await db.update(siteProviders).set({ enabled: true }).where(eq(siteProviders.siteId, slot5Id));
      }
    });

    it('refuses an unknown game type, naming it', async () => {
      const { body } = await post('/api/product/get_hot_games', { ...SLOT5, game_type: 'poker' });
      expectValidationError(body, 'game_type');
      expect((body.errors as Record<string, string[]>).game_type).toEqual(['invalidValue']);
      expectValidationError((await post('/api/product/get_hot_games', SLOT5)).body, 'game_type');
    });
  });

  describe('content artwork routes (registerContentMedia)', () => {
    it('serve banners, partner marks and social icons as SVG, and 404 for unknown ones', async () => {
      const app = Fastify();
      await registerContentMedia(app, server.database.db);
      await app.ready();
      try {
        const slide = expectReply('fetchSlide', (await post('/api/home/fetch_slide', SLOT5)).body).value[0]!;
        const partner = expectReply('partners', (await post('/api/settings/partners', SLOT5)).body).partners[0]!;
        const social = expectReply('socialAccount', (await post('/api/settings/social_account', SLOT5)).body).accountList[0]!;
        for (const url of [slide.image_url, partner.img_url, social.icon]) {
          const response = await app.inject({ method: 'GET', url });
          expect(response.statusCode, url).toBe(200);
          expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
          expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
          expect(response.body).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/);
        }
        expect((await app.inject({ method: 'GET', url: slide.image_url })).body).toContain('CANDY REELS');
        for (const url of ['/api/media/banner/slot5/nope.svg', '/api/media/banner/nosite/vip.svg', '/api/media/partner/nobody.svg', '/api/media/social/myspace.svg', '/api/media/social/x.png']) {
          expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
        }
      } finally {
        await app.close();
      }
    });
  });
});
