/**
 * The back office's CMS pages and SEO records (issue 26 §2 Content, ADR 0053), over HTTP with
 * console sessions: a page saved in one language reads back and shows on the player site's
 * siteinfodetail at once; scripts, handlers and javascript: addresses go on save and in the
 * preview; a language the site does not offer is refused; the content role may write, a viewer or
 * support account may not; another site's operator is refused; every change is audited with its
 * reason, before and after. SEO records are written (meta fields plain text) and the site's seo
 * call answers them at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, opsCmsPageReply, opsCmsPagesReply, opsSeoPagesReply, type OperatorRole } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { cmsPages, operatorAudit, sites } from '../../src/db/schema.js';
import { consoleClient } from './backoffice-fixtures.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { expectReply } from './rewards-fixtures.js';
import { buildOpenApiDocument } from '../../src/docs/openapi.js';
const CASINO1 = 'casino1.localhost';
const CASINO2 = 'casino2.localhost';
const UNSAFE = '<h2 onclick="steal()">Hi</h2><script>alert(1)</script><p>Read <a href="javascript:alert(2)">this</a> <img src="x" onerror="alert(3)"> and <strong>that</strong>.</p>';

describe.each(backends)('the console’s CMS pages and SEO on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let owner: string;
  let editor1: string;
  let viewer: string;
  let support: string;
  let casino1: number;

  let client: ReturnType<typeof consoleClient>;
  const post = (path: string, payload: unknown, cookie?: string) => client.post(path, payload, cookie);
  const ops = async (name: keyof typeof OPERATOR_CALLS, payload: unknown, cookie: string) => (await post(OPERATOR_CALLS[name].path, payload, cookie)).body as Record<string, unknown>;
  /** casino1's CMS pages as its content pages ask for them, in a language. */
  const siteCms = async (language: string) =>
    (
      await postJson(server.app, '/api/settings/siteinfodetail', {
        domain_name: CASINO1,
        external_id: 'casino1',
        language,
      })
    ).body as {
      statusCode: number;
      cms: Record<
        string,
        {
          status: boolean;
          en_body: string;
          local_body: string;
          local_language: string | null;
        }
      >;
    };
  const siteSeo = async (pageName: string) =>
    (
      await postJson(server.app, '/api/seo', {
        domain_name: CASINO1,
        external_id: 'casino1',
        page_name: pageName,
      })
    ).body as { statusCode: number; value: Record<string, unknown> | null };

  /** A new account of `role` on `siteIds` (null: every site), signed in through both steps: its cookie. */
  const logIn = async (role: OperatorRole, siteIds: number[] | null) => (await client.logIn(await client.newAccount(role, siteIds))).cookie;

  const lastAudit = async (action: string) => (await db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(desc(operatorAudit.id)).limit(1))[0]!;

  /** Nothing that runs code survived. */
  function expectSafe(html: string) {
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:/i);
  }

  beforeAll(async () => {
    server = await createTestServer({ backend });
    client = consoleClient(server, backend, 'cms');
    db = server.database.db;
    casino1 = await siteIdOf(db, 'casino1');
    const login = await post(ADMIN_AUTH_CALLS.login.path, {
      username: 'owner',
      password: 'demo1234',
    });
    owner = login.setCookie!.split(';')[0]!;
    expect((await post(ADMIN_AUTH_CALLS.skipEnrol.path, {}, owner)).body).toMatchObject({ statusCode: 1 });
    editor1 = await logIn('content', [casino1]);
    viewer = await logIn('viewer', null);
    support = await logIn('support', null);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('documents each call with an example payload that passes its contract', () => {
    const doc = buildOpenApiDocument({ bodyLimitBytes: 64 * 1024 });
    for (const name of ['opsCmsPages', 'opsCmsPage', 'opsCmsPageSave', 'opsCmsPreview', 'opsSeoPages', 'opsSeoPageSave'] as const) {
      const call = OPERATOR_CALLS[name];
      const example = doc.paths[call.path]!.post!.requestBody!.content['application/json'].example;
      const parsed = call.payload.safeParse(example);
      expect(parsed.success, `${name}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
  });

  it('lists the pages per language, saves a body (sanitised) that reads back and shows on the site at once, audited with its reason', async () => {
    const listed = expectReply(opsCmsPagesReply, await ops('opsCmsPages', { site: CASINO1 }, editor1));
    expect(listed.languages).toContain('VI');
    expect(listed.pages.map((page) => page.page)).toContain('about_us');
    const aboutVi = listed.pages.find((page) => page.page === 'about_us')!.languages.find((entry) => entry.locale === 'VI')!;
    expect(aboutVi).toMatchObject({
      has_body: true,
      status: true,
      updated_at: expect.any(String),
    });

    const before = expectReply(opsCmsPageReply, await ops('opsCmsPage', { site: CASINO1, page: 'about_us' }, editor1));
    const previousVi = before.bodies.find((entry) => entry.locale === 'VI')!;
    expect(previousVi.exists).toBe(true);

    const saved = await ops(
      'opsCmsPageSave',
      {
        site: CASINO1,
        page: 'about_us',
        locale: 'VI',
        body: `<h2>Về chúng tôi</h2>${UNSAFE}`,
        status: true,
        reason: 'new about page',
      },
      editor1,
    );
    expect(saved).toMatchObject({
      statusCode: 1,
      status: true,
      audit_id: expect.any(Number),
      updated_at: expect.any(String),
    });
    const body = saved.body as string;
    expectSafe(body);
    expect(body).toContain('<h2>Về chúng tôi</h2>');
    expect(body).toContain('<strong>that</strong>');

    const read = expectReply(opsCmsPageReply, await ops('opsCmsPage', { site: CASINO1, page: 'about_us' }, editor1));
    expect(read.bodies.find((entry) => entry.locale === 'VI')).toMatchObject({
      exists: true,
      body,
      status: true,
    });
    // The player site, right after: the new body in Vietnamese, the English one unchanged.
    const shown = await siteCms('VI');
    expect(shown.cms.about_us).toMatchObject({
      local_body: body,
      local_language: 'VI',
      status: true,
    });
    expect(shown.cms.about_us!.en_body).toBe(before.bodies.find((entry) => entry.locale === 'EN')!.body);

    const audit = await lastAudit('content.cms.update');
    expect(audit).toMatchObject({
      id: saved.audit_id,
      siteId: casino1,
      targetType: 'cms_page',
      targetId: 'about_us:VI',
      reason: 'new about page',
    });
    expect(audit.details).toMatchObject({
      page: 'about_us',
      locale: 'VI',
      before: { status: true, body: previousVi.body },
      after: { status: true, body },
    });

    // Switched off in Vietnamese: the site's status for a Vietnamese visitor follows.
    expect(
      await ops(
        'opsCmsPageSave',
        {
          site: CASINO1,
          page: 'about_us',
          locale: 'VI',
          body,
          status: false,
          reason: 'hide for now',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 1, status: false });
    expect((await siteCms('VI')).cms.about_us!.status).toBe(false);
  });

  it('creates a page in a language that had none (audited as a create), and an empty body clears it', async () => {
    await db.delete(cmsPages).where(sql`${cmsPages.siteId} = ${casino1} AND ${cmsPages.page} = 'faqs' AND ${cmsPages.locale} = 'ESP'`);
    const page = expectReply(opsCmsPageReply, await ops('opsCmsPage', { site: CASINO1, page: 'faqs' }, owner));
    expect(page.bodies.find((entry) => entry.locale === 'ESP')).toMatchObject({ exists: false, body: '', status: true, updated_at: null });
    const saved = await ops(
      'opsCmsPageSave',
      {
        site: CASINO1,
        page: 'faqs',
        locale: 'ESP',
        body: '<h3>¿Pregunta?</h3><p>Respuesta.</p>',
        status: true,
        reason: 'spanish faqs',
      },
      owner,
    );
    expect(saved).toMatchObject({
      statusCode: 1,
      body: '<h3>¿Pregunta?</h3><p>Respuesta.</p>',
    });
    expect((await lastAudit('content.cms.create')).details).toMatchObject({
      before: null,
      after: { body: '<h3>¿Pregunta?</h3><p>Respuesta.</p>' },
    });
    expect((await siteCms('ESP')).cms.faqs).toMatchObject({
      local_language: 'ESP',
      local_body: '<h3>¿Pregunta?</h3><p>Respuesta.</p>',
    });
    expect(
      await ops(
        'opsCmsPageSave',
        {
          site: CASINO1,
          page: 'faqs',
          locale: 'ESP',
          body: '',
          status: true,
          reason: 'cleared',
        },
        owner,
      ),
    ).toMatchObject({ statusCode: 1, body: '' });
    const listed = expectReply(opsCmsPagesReply, await ops('opsCmsPages', { site: CASINO1 }, owner));
    expect(listed.pages.find((entry) => entry.page === 'faqs')!.languages.find((entry) => entry.locale === 'ESP')).toMatchObject({ has_body: false, status: true });
  });

  it('previews a body sanitised, storing nothing', async () => {
    const before = expectReply(opsCmsPageReply, await ops('opsCmsPage', { site: CASINO1, page: 'banking' }, viewer));
    const preview = await ops('opsCmsPreview', { site: CASINO1, body: UNSAFE }, viewer);
    expect(preview).toMatchObject({ statusCode: 1 });
    expectSafe(preview.body as string);
    expect(preview.body).toContain('<strong>that</strong>');
    expect(preview.body).toContain('<h2>Hi</h2>');
    expect(expectReply(opsCmsPageReply, await ops('opsCmsPage', { site: CASINO1, page: 'banking' }, viewer))).toEqual(before);
  });

  it('refuses a language the site does not offer, an unknown page and a body over 64 KiB; a body near the limit is taken', async () => {
    const casino2 = await siteIdOf(db, 'casino2');
    const [languages] = await db.select({ languages: sites.languages }).from(sites).where(eq(sites.id, casino2));
    await db
      .update(sites)
      .set({ languages: ['VI', 'ESP'] })
      .where(eq(sites.id, casino2));
    try {
      const refused = await ops(
        'opsCmsPageSave',
        {
          site: CASINO2,
          page: 'about_us',
          locale: 'CN',
          body: '<p>你好</p>',
          status: true,
          reason: 'not offered',
        },
        owner,
      );
      expect(refused).toMatchObject({
        statusCode: 0,
        message: 'validationError',
        errors: { locale: ['invalidValue'] },
      });
      // English, the body every page falls back to, is offered after the site's own languages.
      expect(expectReply(opsCmsPagesReply, await ops('opsCmsPages', { site: CASINO2 }, owner)).languages).toEqual(['VI', 'ESP', 'EN']);
      expect(
        await ops(
          'opsCmsPageSave',
          {
            site: CASINO2,
            page: 'about_us',
            locale: 'EN',
            body: '<p>Fallback</p>',
            status: true,
            reason: 'english fallback',
          },
          owner,
        ),
      ).toMatchObject({ statusCode: 1 });
      expect(expectReply(opsSeoPagesReply, await ops('opsSeoPages', { site: CASINO2 }, owner)).local_language).toBe('VI');
    } finally {
      await db.update(sites).set({ languages: languages!.languages }).where(eq(sites.id, casino2));
    }
    expect(
      await ops(
        'opsCmsPageSave',
        {
          site: CASINO1,
          page: 'contact',
          locale: 'EN',
          body: '',
          status: true,
          reason: 'no such page',
        },
        owner,
      ),
    ).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: { page: ['invalidValue'] },
    });
    expect(
      await ops(
        'opsCmsPageSave',
        {
          site: CASINO1,
          page: 'about_us',
          locale: 'XX',
          body: '',
          status: true,
          reason: 'no such language',
        },
        owner,
      ),
    ).toMatchObject({
      statusCode: 0,
      errors: { locale: ['invalidValue'] },
    });
    // Quotes are escaped in JSON: the request is larger than the app's default body limit (64 KiB), the body is not.
    const paragraph = '<p>Lorem ipsum <a href="/promotions">dolor</a> sit amet, <a href="/faqs">consectetur</a>.</p>';
    const near = paragraph.repeat(Math.floor((63 * 1024) / paragraph.length));
    expect(JSON.stringify({ body: near }).length).toBeGreaterThan(64 * 1024);
    const big = await ops(
      'opsCmsPageSave',
      {
        site: CASINO1,
        page: 'privacy_policy',
        locale: 'EN',
        body: near,
        status: true,
        reason: 'a long policy',
      },
      owner,
    );
    expect(big).toMatchObject({ statusCode: 1 });
    expect((big.body as string).length).toBeGreaterThan(50 * 1024);
    const tooLong = await ops('opsCmsPreview', { site: CASINO1, body: near + 'é'.repeat(3000) }, owner);
    expect(tooLong).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: { body: ['tooLong'] },
    });
  });

  it('lets the content role write, refuses a viewer and a support account, and another site’s operator', async () => {
    const write = {
      site: CASINO1,
      page: 'about_us',
      locale: 'EN',
      body: '<p>Viewer text</p>',
      status: true,
      reason: 'trying',
    };
    expect(expectReply(opsCmsPagesReply, await ops('opsCmsPages', { site: CASINO1 }, viewer)).pages.length).toBeGreaterThan(0);
    expect(await ops('opsCmsPageSave', write, viewer)).toMatchObject({
      statusCode: 0,
      message: 'permissionDenied',
    });
    expect(await ops('opsCmsPageSave', write, support)).toMatchObject({
      statusCode: 0,
      message: 'permissionDenied',
    });
    expect(await ops('opsSeoPageSave', { ...seoFields('slots'), reason: 'trying' }, viewer)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect((await siteCms('EN')).cms.about_us!.en_body).not.toContain('Viewer text');
    expect(await lastAudit('call.refused')).toMatchObject({
      targetId: 'opsSeoPageSave',
      reason: 'permissionDenied',
    });

    // editor1 works on casino1 only.
    expect(await ops('opsCmsPage', { site: CASINO2, page: 'about_us' }, editor1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsCmsPageSave', { ...write, site: CASINO2, body: '<p>Not mine</p>' }, editor1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsSeoPages', { site: CASINO2 }, editor1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsSeoPageSave', { ...seoFields('slots'), site: CASINO2, reason: 'probing' }, editor1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsCmsPreview', { site: CASINO2, body: '<p>x</p>' }, editor1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsCmsPageSave', write, editor1)).toMatchObject({
      statusCode: 1,
    });
  });

  function seoFields(pageName: string) {
    return {
      site: CASINO1,
      page_name: pageName,
      en_item_name: 'Online slots',
      en_body: `<p>Spin the reels.</p>${UNSAFE}`,
      local_item_name: 'Máy đánh bạc',
      local_body: '<p>Quay.</p><script>alert(1)</script>',
      meta_title: 'Slots | Golden Crown',
      meta_desc: 'Hundreds of slots, odds < 2.0 never matter.',
      meta_keywords: 'slots, jackpot',
      meta_url: '/slots',
      meta_canonical: 'https://casino1.example/slots',
      meta_author: 'Golden Crown',
      meta_publisher: 'Golden Crown',
      meta_lang: 'en',
      meta_image_url: '/api/media/logo/casino1.png',
    };
  }

  it('writes an SEO record (bodies sanitised, meta plain text) that the site answers at once; markup and unsafe addresses are refused', async () => {
    const listed = expectReply(opsSeoPagesReply, await ops('opsSeoPages', { site: CASINO1 }, editor1));
    expect(listed.page_names).toContain('home');
    expect(listed.page_names).toContain('about');
    const slots = listed.records.find((record) => record.page_name === 'slots')!;
    expect(slots).toBeDefined();

    const saved = await ops(
      'opsSeoPageSave',
      {
        ...seoFields('slots'),
        meta_author: slots.meta_author,
        reason: 'better titles',
      },
      editor1,
    );
    expect(saved).toMatchObject({
      statusCode: 1,
      created: false,
      record: {
        page_name: 'slots',
        meta_title: 'Slots | Golden Crown',
        meta_canonical: 'https://casino1.example/slots',
      },
    });
    const record = saved.record as Record<string, string>;
    expectSafe(record.en_body!);
    expect(record.en_body).toContain('<p>Spin the reels.</p>');
    expect(record.local_body).toBe('<p>Quay.</p>');
    expect((await siteSeo('slots')).value).toMatchObject({
      meta_title: 'Slots | Golden Crown',
      en_body: record.en_body,
      local_body: '<p>Quay.</p>',
    });
    const audit = await lastAudit('content.seo.update');
    expect(audit).toMatchObject({
      id: saved.audit_id,
      targetType: 'seo_page',
      targetId: 'slots',
      reason: 'better titles',
    });
    expect(audit.details).toMatchObject({
      page_name: 'slots',
      before: { meta_title: slots.meta_title },
      after: { meta_title: 'Slots | Golden Crown' },
    });
    // Only the fields that changed are kept: the author is the one it had.
    expect((audit.details as { after: Record<string, unknown> }).after).not.toHaveProperty('meta_author');

    // A page without a record gets one; its fields may be empty.
    expect((await siteSeo('faqs')).value).toBeNull();
    const created = await ops(
      'opsSeoPageSave',
      {
        ...seoFields('faqs'),
        en_item_name: '',
        en_body: '',
        local_item_name: '',
        local_body: '',
        meta_desc: '',
        meta_keywords: '',
        meta_url: '',
        meta_canonical: '',
        meta_lang: '',
        meta_image_url: '',
        reason: 'faqs title',
      },
      editor1,
    );
    expect(created).toMatchObject({ statusCode: 1, created: true });
    expect((await siteSeo('faqs')).value).toMatchObject({
      meta_title: 'Slots | Golden Crown',
      meta_desc: '',
    });
    expect((await lastAudit('content.seo.create')).details).toMatchObject({
      before: null,
      after: { meta_title: 'Slots | Golden Crown' },
    });

    const refused = await ops(
      'opsSeoPageSave',
      {
        ...seoFields('slots'),
        meta_title: 'Slots <script>x</script>',
        meta_url: 'javascript:alert(1)',
        meta_canonical: '//evil.example/x',
        meta_lang: 'en"><',
        page_name: 'nope',
        reason: 'bad',
      },
      editor1,
    );
    expect(refused).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: {
        meta_title: ['invalidFormat'],
        meta_url: ['invalidFormat'],
        meta_canonical: ['invalidFormat'],
        meta_lang: ['invalidFormat'],
        page_name: ['invalidValue'],
      },
    });
    expect((await siteSeo('slots')).value).toMatchObject({
      meta_title: 'Slots | Golden Crown',
    });
  });
});
