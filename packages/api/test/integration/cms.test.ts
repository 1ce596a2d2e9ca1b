/**
 * POST /api/settings/siteinfodetail: the five CMS pages of a site with their English and local
 * bodies, the optional language, the status rule, sanitising on write (saveCmsPage) and on read
 * (a raw malicious row put in with SQL), and tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CMS_PAGES, LOCALES, type Cms, type LocaleCode } from '@wl/contracts';
import { cmsPages } from '../../src/db/schema.js';
import { saveCmsPage } from '../../src/content/cms.js';
import { backends, createTestServer, postJson, type TestServer } from './helpers.js';
import {
  CASINO1,
  MAINTENANCE,
  MALICIOUS_BODY,
  MISMATCHED,
  SLOT5,
  XSS_CORPUS,
  expectReply,
  expectSafeHtml,
  expectValidationError,
  siteIdOf,
} from './content-fixtures.js';

const PATH = '/api/settings/siteinfodetail';
const MESSAGE_LOCALES = LOCALES.filter((locale) => locale.hasMessages).map((locale) => locale.code);

/** A phrase of each language's about_us page (with the site name filled in for slot5). */
const ABOUT_US_PHRASE: Partial<Record<LocaleCode, string>> = {
  EN: 'About Candy Reels',
  PHP: 'Tungkol sa Candy Reels',
  CN: '关于Candy Reels',
  ESP: 'Acerca de Candy Reels',
  RUS: 'О сайте Candy Reels',
  VI: 'Giới thiệu về Candy Reels',
  MS: 'Tentang Candy Reels',
  NE: 'Candy Reels को बारेमा',
  CT: '關於Candy Reels',
};

describe.each(backends)('siteinfodetail on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createTestServer({ backend });
  });
  afterAll(async () => {
    await server?.close();
  });

  const cmsOf = async (payload: Record<string, unknown>): Promise<Cms> => {
    const { response, body } = await postJson(server.app, PATH, payload);
    expect(response.statusCode, JSON.stringify(body).slice(0, 300)).toBe(200);
    return expectReply('siteInfoDetail', body).cms;
  };

  it('answers all five pages, shown, with the English body and the site-local (first non-English) body', async () => {
    const cms = await cmsOf(SLOT5);
    expect(Object.keys(cms).sort()).toEqual([...CMS_PAGES].sort());
    for (const page of CMS_PAGES) {
      expect(cms[page].status, page).toBe(true);
      expect(cms[page].en_body, page).toContain('Candy Reels');
      expect(cms[page].local_body, page).not.toBe('');
      expectSafeHtml(cms[page].en_body);
      expectSafeHtml(cms[page].local_body);
    }
    expect(cms.about_us.en_body).toContain(ABOUT_US_PHRASE.EN);
    // slot5's languages are EN, PHP, ...: its local language is Filipino.
    expect(cms.about_us.local_body).toContain(ABOUT_US_PHRASE.PHP);
    for (const page of CMS_PAGES) expect(cms[page].local_language, page).toBe('PHP');
    expect(cms.banking.en_body).toContain('THB');
    expect(cms.faqs.en_body.match(/<h3>/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it.each(MESSAGE_LOCALES)('has every page in %s, answered as the local body when asked for', async (language) => {
    const cms = await cmsOf({ ...SLOT5, language });
    expect(cms.about_us.local_body).toContain(ABOUT_US_PHRASE[language]!);
    for (const page of CMS_PAGES) expect(cms[page].local_language, page).toBe(language);
    const bodies = new Set(CMS_PAGES.map((page) => cms[page].local_body));
    expect(bodies.size).toBe(CMS_PAGES.length);
    for (const page of CMS_PAGES) expect(cms[page].local_body.length, `${language} ${page}`).toBeGreaterThan(150);
  });

  it('falls back to the site-local language for a language without pages (MMK)', async () => {
    const cms = await cmsOf({ ...SLOT5, language: 'MMK' });
    expect(cms.about_us.local_body).toContain(ABOUT_US_PHRASE.PHP);
    // The body is not in the asked language, and the reply says which it is.
    expect(cms.about_us.local_language).toBe('PHP');
    expect(cms.about_us.en_body).toContain(ABOUT_US_PHRASE.EN);
  });

  it("status is the page's status in the asked language when it has one, else the English status", async () => {
    const { db } = server.database;
    const siteId = await siteIdOf(db, 'slot6');
    const site = { domain_name: 'slot6.localhost', external_id: 'slot6' };
    await db.update(cmsPages).set({ status: false }).where(and(eq(cmsPages.siteId, siteId), eq(cmsPages.page, 'faqs'), eq(cmsPages.locale, 'VI')));
    await db.update(cmsPages).set({ status: false }).where(and(eq(cmsPages.siteId, siteId), eq(cmsPages.page, 'banking'), eq(cmsPages.locale, 'EN')));

    const vi = await cmsOf({ ...site, language: 'VI' });
    expect(vi.faqs.status).toBe(false);
    expect(vi.banking.status).toBe(true); // banking has a VI page, shown
    expect(vi.about_us.status).toBe(true);

    const none = await cmsOf(site);
    expect(none.faqs.status).toBe(true); // English status
    expect(none.banking.status).toBe(false);

    const mmk = await cmsOf({ ...site, language: 'MMK' });
    expect(mmk.faqs.status).toBe(true);
    expect(mmk.banking.status).toBe(false);
  });

  it('answers empty bodies for a page missing in both English and the local languages', async () => {
    const { db } = server.database;
    const siteId = await siteIdOf(db, 'slot7');
    const site = { domain_name: 'slot7.localhost', external_id: 'slot7' };
    await db.delete(cmsPages).where(and(eq(cmsPages.siteId, siteId), eq(cmsPages.page, 'responsible_gaming'), sql`${cmsPages.locale} in ('EN', 'PHP')`));
    const cms = await cmsOf(site);
    expect(cms.responsible_gaming).toEqual({ status: false, en_body: '', local_body: '', local_language: null });
    // Asked in a language that has the page: its body and status.
    const vi = await cmsOf({ ...site, language: 'VI' });
    expect(vi.responsible_gaming.en_body).toBe('');
    expect(vi.responsible_gaming.status).toBe(true);
    expect(vi.responsible_gaming.local_body).toContain('Chơi có trách nhiệm');
    expect(vi.responsible_gaming.local_language).toBe('VI');
  });

  it('refuses a language that is no locale code and an unknown field, naming them', async () => {
    const { body } = await postJson(server.app, PATH, { ...SLOT5, language: 'klingon' });
    expectValidationError(body, 'language');
    expect((body.errors as Record<string, string[]>).language).toEqual(['invalidValue']);
    expectValidationError((await postJson(server.app, PATH, { ...SLOT5, language: 'vi' })).body, 'language');
    expectValidationError((await postJson(server.app, PATH, { ...SLOT5, external_id: ['slot5'] })).body, 'external_id');
    expectValidationError((await postJson(server.app, PATH, { ...SLOT5, lang: 'VI' })).body, 'lang');
  });

  it('answers siteNotFound for a mismatched domain and external_id, underMaintenance under maintenance', async () => {
    expect((await postJson(server.app, PATH, MISMATCHED)).body).toEqual({ statusCode: 0, message: 'siteNotFound' });
    expect((await postJson(server.app, PATH, MAINTENANCE)).body).toEqual({ statusCode: 0, message: 'underMaintenance' });
  });

  describe('sanitising', () => {
    it('saveCmsPage stores a sanitised body: every corpus entry is cleaned on write', async () => {
      const { db } = server.database;
      const siteId = await siteIdOf(db, 'slot8');
      for (const [index, entry] of XSS_CORPUS.entries()) {
        await saveCmsPage(db, { siteId, page: 'about_us', locale: 'ESP', body: `<p>Entry ${index}</p>${entry}` });
        const [row] = await db
          .select({ body: cmsPages.body })
          .from(cmsPages)
          .where(and(eq(cmsPages.siteId, siteId), eq(cmsPages.page, 'about_us'), eq(cmsPages.locale, 'ESP')));
        expect(row!.body, entry).toContain(`<p>Entry ${index}</p>`);
        expectSafeHtml(row!.body);
      }
    });

    it('saveCmsPage keeps ordinary formatting and sets the status', async () => {
      const { db } = server.database;
      const siteId = await siteIdOf(db, 'slot8');
      const body =
        '<h2>Title</h2><h3>Sub</h3><h4>Minor</h4><p style="text-align: center">Centred <em>text</em> and <strong>bold</strong></p>' +
        '<ul><li>One</li></ul><ol><li>Two</li></ol><p><a href="https://help.example.com/x">help</a> <a href="/faqs">faqs</a></p>' +
        '<table><thead><tr><th>Method</th><th>Time</th></tr></thead><tbody><tr><td>Bank</td><td>30 min</td></tr></tbody></table>';
      await saveCmsPage(db, { siteId, page: 'banking', locale: 'EN', body, status: false });
      const cms = await cmsOf({ domain_name: 'slot8.localhost', external_id: 'slot8' });
      expect(cms.banking.status).toBe(false);
      for (const fragment of ['<h2>Title</h2>', '<h3>Sub</h3>', '<h4>Minor</h4>', '<p style="text-align: center">', '<em>text</em>', '<strong>bold</strong>', '<li>One</li>', '<ol>', '<th>Method</th>', '<td>30 min</td>', '<a href="/faqs">faqs</a>']) {
        expect(cms.banking.en_body).toContain(fragment);
      }
      expect(cms.banking.en_body).toContain('<a href="https://help.example.com/x" target="_blank" rel="noopener noreferrer nofollow">help</a>');
    });

    it('sanitises on read a malicious body put straight into cms_pages with SQL', async () => {
      const { db } = server.database;
      const siteId = await siteIdOf(db, 'slot5');
      await db.execute(
        sql`update cms_pages set body = ${MALICIOUS_BODY} where site_id = ${siteId} and page in ('about_us', 'faqs') and locale in ('EN', 'PHP', 'VI')`,
      );
      const [raw] = await db
        .select({ body: cmsPages.body })
        .from(cmsPages)
        .where(and(eq(cmsPages.siteId, siteId), eq(cmsPages.page, 'about_us'), eq(cmsPages.locale, 'EN')));
      expect(raw!.body).toContain('<script>'); // the row itself is unsafe

      for (const payload of [SLOT5, { ...SLOT5, language: 'VI' }]) {
        const cms = await cmsOf(payload);
        for (const page of ['about_us', 'faqs'] as const) {
          expectSafeHtml(cms[page].en_body);
          expectSafeHtml(cms[page].local_body);
          // The legitimate part survives (what follows an unclosed <style> or <noscript> of the corpus is eaten by the parser).
          expect(cms[page].en_body).toContain('<a href="/faqs">the FAQs</a>');
          expect(cms[page].local_body).toContain('<strong>friend</strong>');
        }
      }
    });

    it("slot5's pages never reach casino1", async () => {
      const cms = await cmsOf(CASINO1);
      const all = JSON.stringify(cms);
      expect(all).not.toContain('Candy Reels');
      expect(all).not.toContain('the FAQs</a>');
      expect(cms.about_us.en_body).toContain('About Golden Crown Casino');
    });
  });
});
