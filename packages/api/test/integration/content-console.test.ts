/**
 * The back office's Content screen, first part (issue 26 §2 Content, ADR 0052), over HTTP with
 * console sessions: announcements, marquee texts and slides created, changed, switched off,
 * reordered and deleted show in the site's public calls at once; every change is audited with its
 * reason, before and after; a site-scoped account works on its sites only; a viewer reads but may
 * not change; markup, unsafe links and foreign images are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, opsContentReply, type OperatorRole } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { marquees, operatorAudit, slides } from '../../src/db/schema.js';
import { consoleClient } from './backoffice-fixtures.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { expectReply } from './rewards-fixtures.js';
const CASINO1 = 'casino1.localhost';
const CASINO2 = 'casino2.localhost';
describe.each(backends)('the console’s content on %s', { timeout: 120_000 }, (backend) => {
  // Per backend: the names below (content1<backend>, ...) are counted from 1 on each database.
  let server: TestServer;
  let db: Db;
  let owner: string;
  let editor1: string;
  let viewer: string;
  let casino1: number;

  let client: ReturnType<typeof consoleClient>;
  const post = (path: string, payload: unknown, cookie?: string) => client.post(path, payload, cookie);
  const ops = async (name: keyof typeof OPERATOR_CALLS, payload: unknown, cookie: string) => (await post(OPERATOR_CALLS[name].path, payload, cookie)).body as Record<string, unknown>;
  /** A public call of the player site, as its pages make it. */
  const site = async (path: string) =>
    (
      await postJson(server.app, path, {
        domain_name: CASINO1,
        external_id: 'casino1',
      })
    ).body as { statusCode: number; value: Record<string, unknown>[] };

  /** A new account of `role` on `siteIds` (null: every site), signed in through both steps: its cookie. */
  const logIn = async (role: OperatorRole, siteIds: number[] | null) => (await client.logIn(await client.newAccount(role, siteIds))).cookie;

  const lastAudit = async (action: string) => (await db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(desc(operatorAudit.id)).limit(1))[0]!;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    client = consoleClient(server, backend, 'content');
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
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates, edits, switches off and deletes an announcement: the site’s announcement call follows at once, each step audited', async () => {
    const created = await ops(
      'opsAnnouncementSave',
      {
        site: CASINO1,
        title: 'Maintenance tonight',
        body: 'From 02:00 to 03:00 UTC.\nThank you.',
        reason: 'planned maintenance',
      },
      editor1,
    );
    expect(created).toMatchObject({
      statusCode: 1,
      id: expect.any(Number),
      audit_id: expect.any(Number),
    });
    const id = created.id as number;
    let shown = await site('/api/home/fetch_announment');
    expect(shown.value[0]).toMatchObject({
      id,
      title: 'Maintenance tonight',
      body: 'From 02:00 to 03:00 UTC.\nThank you.',
    });
    const audit = await lastAudit('content.announcement.create');
    expect(audit).toMatchObject({
      id: created.audit_id,
      siteId: casino1,
      targetType: 'announcement',
      targetId: String(id),
      reason: 'planned maintenance',
    });
    expect(audit.details).toMatchObject({
      before: null,
      after: { id, title: 'Maintenance tonight', active: true },
    });

    // The console lists it first, with the site's others.
    const listed = expectReply(opsContentReply, await ops('opsContent', { site: CASINO1, kind: 'announcements' }, editor1));
    expect(listed.announcements[0]).toMatchObject({ id, active: true });
    expect(listed.total).toBeGreaterThanOrEqual(1);

    expect(
      await ops(
        'opsAnnouncementSave',
        {
          site: CASINO1,
          id,
          title: 'Maintenance moved',
          body: 'Now 04:00.',
          reason: 'new time',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 1, id });
    shown = await site('/api/home/fetch_announment');
    expect(shown.value.find((row) => row.id === id)).toMatchObject({
      title: 'Maintenance moved',
      body: 'Now 04:00.',
    });
    expect((await lastAudit('content.announcement.update')).details).toMatchObject({
      before: { title: 'Maintenance tonight' },
      after: { title: 'Maintenance moved' },
    });

    expect(
      await ops(
        'opsAnnouncementSave',
        {
          site: CASINO1,
          id,
          title: 'Maintenance moved',
          body: 'Now 04:00.',
          active: false,
          reason: 'switch off',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 1 });
    expect((await site('/api/home/fetch_announment')).value.some((row) => row.id === id)).toBe(false);
    const off = expectReply(opsContentReply, await ops('opsContent', { site: CASINO1, kind: 'announcements', state: 'off' }, editor1));
    expect(off.announcements.map((row) => row.id)).toContain(id);

    expect(
      await ops(
        'opsContentDelete',
        {
          site: CASINO1,
          kind: 'announcements',
          id,
          reason: 'no longer needed',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 1 });
    expect(expectReply(opsContentReply, await ops('opsContent', { site: CASINO1, kind: 'announcements' }, editor1)).announcements.some((row) => row.id === id)).toBe(false);
    expect((await lastAudit('content.announcement.delete')).details).toMatchObject({
      before: { id, title: 'Maintenance moved', active: false },
      after: null,
    });
    expect(await ops('opsContentDelete', { site: CASINO1, kind: 'announcements', id, reason: 'again' }, editor1)).toMatchObject({ statusCode: 0, message: 'notFound' });
  });

  it('adds a marquee text last, edits it, moves it up and deletes it: the site’s marquee follows at once', async () => {
    const before = (await site('/api/home/marquee')).value.map((row) => row.id);
    const created = await ops(
      'opsMarqueeSave',
      {
        site: CASINO1,
        text: 'Weekend cashback 10%',
        reason: 'weekend promotion',
      },
      owner,
    );
    const id = created.id as number;
    let shown = (await site('/api/home/marquee')).value;
    expect(shown.map((row) => row.id)).toEqual([...before, id]);
    expect(shown.at(-1)).toMatchObject({ text: 'Weekend cashback 10%' });

    expect(
      await ops(
        'opsMarqueeSave',
        {
          site: CASINO1,
          id,
          text: 'Weekend cashback 12%',
          reason: 'better rate',
        },
        owner,
      ),
    ).toMatchObject({ statusCode: 1 });
    const moved = await ops(
      'opsContentMove',
      {
        site: CASINO1,
        kind: 'marquee',
        id,
        direction: 'up',
        reason: 'more visible',
      },
      owner,
    );
    expect(moved).toMatchObject({ statusCode: 1 });
    shown = (await site('/api/home/marquee')).value;
    expect(shown.map((row) => row.id)).toEqual(before.length ? [...before.slice(0, -1), id, before.at(-1)] : [id]);
    expect(shown.find((row) => row.id === id)).toMatchObject({
      text: 'Weekend cashback 12%',
    });
    const audit = await lastAudit('content.marquee.move');
    expect(audit).toMatchObject({
      reason: 'more visible',
      targetId: String(id),
    });
    expect(audit.details).toMatchObject({
      direction: 'up',
      before: { order: [...before, id] },
      after: { order: moved.order },
    });
    // The console lists the same order.
    const listed = expectReply(opsContentReply, await ops('opsContent', { site: CASINO1, kind: 'marquee', page_size: 100 }, owner));
    expect(listed.marquee.filter((row) => row.active).map((row) => row.id)).toEqual(shown.map((row) => row.id));

    expect(await ops('opsContentDelete', { site: CASINO1, kind: 'marquee', id, reason: 'weekend over' }, owner)).toMatchObject({ statusCode: 1 });
    expect((await site('/api/home/marquee')).value.map((row) => row.id)).not.toContain(id);
  });

  it('adds, edits, switches off, moves and deletes a slide: the site’s slides follow at once', async () => {
    const created = await ops(
      'opsSlideSave',
      {
        site: CASINO1,
        title: 'Spring tournament',
        image_url: '/api/media/banner/casino1/casino.svg',
        link: '/promotions',
        reason: 'spring campaign',
      },
      editor1,
    );
    expect(created).toMatchObject({ statusCode: 1 });
    const id = created.id as number;
    let shown = (await site('/api/home/fetch_slide')).value;
    expect(shown.at(-1)).toMatchObject({
      id,
      title: 'Spring tournament',
      image_url: '/api/media/banner/casino1/casino.svg',
      link: '/promotions',
    });

    expect(
      await ops(
        'opsSlideSave',
        {
          site: CASINO1,
          id,
          title: 'Spring tournament',
          image_url: 'https://cdn.example.com/spring.webp',
          link: 'https://example.com/spring',
          reason: 'new artwork',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 1 });
    expect((await site('/api/home/fetch_slide')).value.find((row) => row.id === id)).toMatchObject({
      image_url: 'https://cdn.example.com/spring.webp',
      link: 'https://example.com/spring',
    });
    expect((await lastAudit('content.slide.update')).details).toMatchObject({
      before: { image_url: '/api/media/banner/casino1/casino.svg' },
      after: { image_url: 'https://cdn.example.com/spring.webp' },
    });

    // No link at all is a slide that leads nowhere.
    expect(
      await ops(
        'opsSlideSave',
        {
          site: CASINO1,
          id,
          title: 'Spring tournament',
          image_url: 'https://cdn.example.com/spring.webp',
          link: null,
          reason: 'no page yet',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 1 });
    expect((await site('/api/home/fetch_slide')).value.find((row) => row.id === id)).toMatchObject({ link: null });

    await ops(
      'opsContentMove',
      {
        site: CASINO1,
        kind: 'slides',
        id,
        direction: 'up',
        reason: 'earlier',
      },
      editor1,
    );
    const order = (await db.select({ id: slides.id }).from(slides).where(eq(slides.siteId, casino1)).orderBy(slides.sort, slides.id)).map((row) => row.id);
    shown = (await site('/api/home/fetch_slide')).value;
    expect(shown.map((row) => row.id)).toEqual(order);
    expect(order.indexOf(id)).toBe(order.length - 2);

    expect(
      await ops(
        'opsSlideSave',
        {
          site: CASINO1,
          id,
          title: 'Spring tournament',
          image_url: 'https://cdn.example.com/spring.webp',
          active: false,
          reason: 'paused',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 1 });
    expect((await site('/api/home/fetch_slide')).value.some((row) => row.id === id)).toBe(false);
    expect(await ops('opsContentDelete', { site: CASINO1, kind: 'slides', id, reason: 'campaign over' }, editor1)).toMatchObject({ statusCode: 1 });
    expect(await db.select().from(slides).where(eq(slides.id, id))).toEqual([]);
  });

  it('refuses markup in plain texts, links to other schemes and images from elsewhere', async () => {
    const refused = async (name: keyof typeof OPERATOR_CALLS, payload: Record<string, unknown>, field: string) => {
      const body = await ops(name, { site: CASINO1, reason: 'trying', ...payload }, owner);
      expect(body, JSON.stringify(body)).toMatchObject({
        statusCode: 0,
        message: 'validationError',
        errors: { [field]: ['invalidFormat'] },
      });
    };
    await refused('opsAnnouncementSave', { title: 'Hi', body: 'Click <img src=x onerror=alert(1)>' }, 'body');
    await refused('opsAnnouncementSave', { title: '<script>alert(1)</script>', body: 'x' }, 'title');
    await refused('opsMarqueeSave', { text: 'Win <a href="javascript:alert(1)">now</a>' }, 'text');
    await refused(
      'opsSlideSave',
      {
        title: 'x',
        image_url: '/api/media/banner/casino1/casino.svg',
        link: 'javascript:alert(1)',
      },
      'link',
    );
    await refused(
      'opsSlideSave',
      {
        title: 'x',
        image_url: '/api/media/banner/casino1/casino.svg',
        link: '//evil.example.com/',
      },
      'link',
    );
    await refused(
      'opsSlideSave',
      {
        title: 'x',
        image_url: '/api/media/banner/casino1/casino.svg',
        link: 'http://plain.example.com/',
      },
      'link',
    );
    await refused('opsSlideSave', { title: 'x', image_url: 'http://cdn.example.com/a.png' }, 'image_url');
    await refused('opsSlideSave', { title: 'x', image_url: 'data:image/svg+xml;base64,AAAA' }, 'image_url');
    await refused('opsSlideSave', { title: 'x', image_url: '/uploads/a.png' }, 'image_url');
    // Text that merely mentions a comparison is plain text.
    const ok = await ops(
      'opsMarqueeSave',
      {
        site: CASINO1,
        text: 'Odds < 2.0 and > 1.5 pay out fast',
        active: false,
        reason: 'plain text',
      },
      owner,
    );
    expect(ok).toMatchObject({ statusCode: 1 });
    await ops('opsContentDelete', { site: CASINO1, kind: 'marquee', id: ok.id, reason: 'clean up' }, owner);
    // A reason is required for every change.
    expect(await ops('opsMarqueeSave', { site: CASINO1, text: 'x' }, owner)).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: { reason: expect.any(Array) },
    });
  });

  it('keeps a site-scoped account to its sites: another site is neither read nor changed, not even by id', async () => {
    expect(await ops('opsContent', { site: CASINO2, kind: 'marquee' }, editor1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(await ops('opsMarqueeSave', { site: CASINO2, text: 'Not mine', reason: 'probing' }, editor1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    const [theirs] = await db
      .select({ id: marquees.id, text: marquees.text })
      .from(marquees)
      .where(eq(marquees.siteId, await siteIdOf(db, 'casino2')))
      .limit(1);
    expect(await ops('opsContentDelete', { site: CASINO2, kind: 'marquee', id: theirs!.id, reason: 'probing' }, editor1)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    // Its own site's domain with another site's row: not found, and the row stands.
    expect(
      await ops(
        'opsMarqueeSave',
        {
          site: CASINO1,
          id: theirs!.id,
          text: 'Taken over',
          reason: 'probing',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 0, message: 'notFound' });
    expect(await ops('opsContentDelete', { site: CASINO1, kind: 'marquee', id: theirs!.id, reason: 'probing' }, editor1)).toMatchObject({ statusCode: 0, message: 'notFound' });
    expect(
      await ops(
        'opsContentMove',
        {
          site: CASINO1,
          kind: 'marquee',
          id: theirs!.id,
          direction: 'up',
          reason: 'probing',
        },
        editor1,
      ),
    ).toMatchObject({ statusCode: 0, message: 'notFound' });
    expect((await db.select({ text: marquees.text }).from(marquees).where(eq(marquees.id, theirs!.id)))[0]).toEqual({ text: theirs!.text });
    // The refusals are in the audit log (probing is what a stolen session does first).
    const refusals = await db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'call.refused'), eq(operatorAudit.accountId, sql`(select id from operator_accounts where username = ${'content1' + backend})`)));
    expect(refusals.length).toBeGreaterThan(0);
  });

  it('lets a viewer read but not change; the content role may change', async () => {
    const listed = expectReply(opsContentReply, await ops('opsContent', { site: CASINO2, kind: 'slides' }, viewer));
    expect(listed.slides.length).toBeGreaterThan(0);
    expect(await ops('opsMarqueeSave', { site: CASINO2, text: 'Viewer text', reason: 'trying' }, viewer)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(
      await ops(
        'opsContentDelete',
        {
          site: CASINO2,
          kind: 'slides',
          id: listed.slides[0]!.id,
          reason: 'trying',
        },
        viewer,
      ),
    ).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect(
      await ops(
        'opsContentMove',
        {
          site: CASINO2,
          kind: 'slides',
          id: listed.slides[0]!.id,
          direction: 'down',
          reason: 'trying',
        },
        viewer,
      ),
    ).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    const me = (await post(ADMIN_AUTH_CALLS.me.path, {}, editor1)).body as {
      operator: { permissions: string[] };
    };
    expect(me.operator.permissions).toContain('content.manage');
  });
});
