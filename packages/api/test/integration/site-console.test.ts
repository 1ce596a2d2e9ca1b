/**
 * The back office's Sites screens (issue 26 §2 Sites, ADR 0049) over HTTP with console sessions:
 * opsSites lists the operator's own sites only (a site-scoped account: its sites, and it may not
 * create), a viewer lists and reads but cannot apply, the console's round trip (export, change
 * one field, apply) changes that field only and is live at once, a site made in the console
 * answers at its domain; the editor's page may frame the one site it edits, and a site's pages
 * may be framed by the console's hosts only.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, opsSitesReply, startupReply, type OperatorRole, type SiteDefinition } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { brandOwners, operatorAudit, players, sites } from '../../src/db/schema.js';
import { consoleClient } from './backoffice-fixtures.js';
import { consoleFrameOrigins, withFrameAncestors } from '../../src/http/site-preview.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { expectReply } from './rewards-fixtures.js';
const SVG_LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#3c3"/></svg>').toString('base64');

describe.each(backends)('the console’s sites on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let adminDir: string;
  let owner: string;
  let scoped: string;
  let viewer: string;
  let casino1: number;

  /** A POST as the console's page sends it: JSON, same origin, the session cookie. */
  let client: ReturnType<typeof consoleClient>;
  const post = async (path: string, payload: unknown, cookie?: string) => {
    const sent = await client.post(path, payload, cookie);
    return { ...sent, setCookie: sent.setCookie ?? '' };
  };
  const ops = (name: keyof typeof OPERATOR_CALLS, payload: unknown, cookie: string) => post(OPERATOR_CALLS[name].path, payload, cookie).then((reply) => reply.body);
  const startup = async (domain: string) => (await postJson(server.app, '/api/startup', { domain_name: domain })).body;

  /** A new account of `role` on `siteIds` (null: every site), signed in through both steps: its cookie. */
  const logIn = async (role: OperatorRole, siteIds: number[] | null) => (await client.logIn(await client.newAccount(role, siteIds))).cookie;

  beforeAll(async () => {
    adminDir = await mkdtemp(path.join(os.tmpdir(), 'wl-admin-build-'));
    await mkdir(path.join(adminDir, 'assets'));
    await writeFile(path.join(adminDir, 'index.html'), '<!doctype html><title>Back office</title>');
    server = await createTestServer({
      backend,
      admin: { dir: adminDir, hosts: null },
    });
    client = consoleClient(server, backend, 'sites');
    db = server.database.db;
    casino1 = await siteIdOf(db, 'casino1');
    const login = await post(ADMIN_AUTH_CALLS.login.path, {
      username: 'owner',
      password: 'demo1234',
    });
    owner = login.setCookie.split(';')[0]!;
    expect((await post(ADMIN_AUTH_CALLS.skipEnrol.path, {}, owner)).body).toMatchObject({ statusCode: 1 });
    scoped = await logIn('admin', [casino1]);
    viewer = await logIn('viewer', null);
  });
  afterAll(async () => {
    await server?.close();
    if (adminDir) await rm(adminDir, { recursive: true, force: true });
  });

  it('lists every site for the brand owner, with its domains, theme, state and players counted; searched, sorted and paged on the server', async () => {
    const all = expectReply(opsSitesReply, await ops('opsSites', { page_size: 100 }, owner));
    const [all_] = await db.select({ total: count() }).from(sites);
    expect(all.total).toBe(all_!.total);
    expect(all.may_create).toBe(true);
    const row = all.value.find((site) => site.external_id === 'casino1')!;
    const [counted] = await db.select({ players: count() }).from(players).where(eq(players.siteId, casino1));
    expect(row).toMatchObject({
      theme_code: 'casino1',
      players: counted!.players,
      status: true,
      under_maintenance: false,
    });
    expect(row.domains[0]).toBe('casino1.localhost');

    const found = expectReply(opsSitesReply, await ops('opsSites', { q: 'CASINO1.local' }, owner));
    expect(found.value.map((site) => site.external_id)).toEqual(['casino1']);
    const paged = expectReply(opsSitesReply, await ops('opsSites', { page: 2, page_size: 2, sort: 'players' }, owner));
    expect(paged.value).toHaveLength(2);
    const byPlayers = expectReply(opsSitesReply, await ops('opsSites', { page_size: 4, sort: 'players' }, owner));
    expect(byPlayers.value.map((site) => site.players)).toEqual([...byPlayers.value.map((site) => site.players)].sort((a, b) => b - a));
    // A wildcard is taken literally.
    expect(expectReply(opsSitesReply, await ops('opsSites', { q: '%' }, owner)).total).toBe(0);
    expect(await ops('opsSites', { sort: 'colour' }, owner)).toMatchObject({
      message: 'validationError',
      errors: { sort: ['invalidValue'] },
    });
  });

  it('keeps a site-scoped account to its own sites: it lists and edits casino1 only and never creates a site', async () => {
    const list = expectReply(opsSitesReply, await ops('opsSites', { page_size: 100 }, scoped));
    expect(list.value.map((site) => site.external_id)).toEqual(['casino1']);
    expect(list.total).toBe(1);
    expect(list.may_create).toBe(false);
    expect(expectReply(opsSitesReply, await ops('opsSites', { q: 'casino2' }, scoped)).total).toBe(0);

    expect(await ops('opsSiteExport', { site: 'casino2.localhost' }, scoped)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    const other = (await ops('opsSiteExport', { site: 'casino2.localhost' }, owner)) as { definition: SiteDefinition };
    expect(
      await ops(
        'opsSiteApply',
        {
          definition: { ...other.definition, site_name: 'Taken over' },
          reason: 'Scope test',
        },
        scoped,
      ),
    ).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    const own = (await ops('opsSiteExport', { site: 'casino1.localhost' }, scoped)) as { definition: SiteDefinition; logos: Record<string, string> };
    const fresh = {
      ...own.definition,
      site_name: 'Scoped new',
      external_id: `scoped${backend}`,
      domains: [`scoped-${backend}.localhost`],
    };
    expect(await ops('opsSiteApply', { definition: fresh, logos: own.logos, reason: 'Scope test' }, scoped)).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    const [site2] = await db.select({ name: sites.siteName }).from(sites).where(eq(sites.externalId, 'casino2'));
    expect(site2!.name).not.toBe('Taken over');
    expect(
      await db
        .select({ id: sites.id })
        .from(sites)
        .where(eq(sites.externalId, `scoped${backend}`)),
    ).toEqual([]);
  });

  it('lets a viewer list and read sites but not apply one', async () => {
    const list = expectReply(opsSitesReply, await ops('opsSites', {}, viewer));
    expect(list.total).toBeGreaterThan(1);
    expect(list.may_create).toBe(false);
    const exported = (await ops('opsSiteExport', { site: 'casino1.localhost' }, viewer)) as {
      statusCode: number;
      definition: SiteDefinition;
      logos: Record<string, string>;
    };
    expect(exported.statusCode).toBe(1);
    expect(
      await ops(
        'opsSiteApply',
        {
          definition: { ...exported.definition, theme_color: 'ruby' },
          logos: exported.logos,
          reason: 'Viewer test',
        },
        viewer,
      ),
    ).toMatchObject({
      statusCode: 0,
      message: 'permissionDenied',
    });
    const [row] = await db.select({ color: sites.themeColor }).from(sites).where(eq(sites.id, casino1));
    expect(row!.color).not.toBe('ruby');
  });

  it("round-trips the console's edit: export, change the colour, apply; only the colour changes, live at once and audited", async () => {
    const before = (await ops('opsSiteExport', { site: 'casino1.localhost' }, owner)) as { definition: SiteDefinition; logos: Record<string, string> };
    expect(startupReply.parse(await startup('casino1.localhost')).site.theme_color).toBe(before.definition.theme_color);
    const color = before.definition.theme_color === 'emerald' ? 'sapphire' : 'emerald';
    const applied = await ops(
      'opsSiteApply',
      {
        definition: { ...before.definition, theme_color: color },
        logos: before.logos,
        reason: 'Console colour change',
      },
      scoped,
    );
    expect(applied, JSON.stringify(applied)).toMatchObject({
      statusCode: 1,
      created: false,
      site: 'casino1',
    });

    const after = (await ops('opsSiteExport', { site: 'casino1.localhost' }, owner)) as { definition: SiteDefinition; logos: Record<string, string> };
    expect(after.definition).toEqual({
      ...before.definition,
      theme_color: color,
    });
    expect(after.logos).toEqual(before.logos);
    // The site cache hears of it (PostgreSQL's NOTIFY arrives just after the commit): startup answers the new colour.
    await expect.poll(async () => ((await startup('casino1.localhost')).site as { theme_color?: string } | undefined)?.theme_color).toBe(color);

    const [entry] = await db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'site.apply'), eq(operatorAudit.siteId, casino1)))
      .orderBy(desc(operatorAudit.id))
      .limit(1);
    expect(entry).toMatchObject({ reason: 'Console colour change' });
    expect(JSON.stringify(entry)).toContain(`console:sites`);
    const details = entry!.details as {
      before: SiteDefinition;
      after: SiteDefinition;
    };
    expect([details.before.theme_color, details.after.theme_color]).toEqual([before.definition.theme_color, color]);

    // A field the schema refuses comes back by name, and nothing changes.
    const refused = await ops(
      'opsSiteApply',
      {
        definition: { ...after.definition, theme_color: 'ocean' },
        logos: after.logos,
        reason: 'Bad colour',
      },
      owner,
    );
    expect(refused).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: { 'definition.theme_color': ['invalidValue'] },
    });
  });

  it("adds a partner and a social account in the console's edit: the player site's panels show them at once, and the rest is kept", async () => {
    const before = (await ops('opsSiteExport', { site: 'casino3.localhost' }, owner)) as { definition: SiteDefinition; logos: Record<string, string> };
    const partner = {
      partner_name: 'Console Partner',
      href: 'https://partner.example.com/',
      img_url: '/api/media/partner/pragmatic-play.svg',
    };
    const social = {
      type: 'whatsapp' as const,
      name: 'Casino Three',
      link: 'https://wa.example.com/casino3',
    };
    const definition = {
      ...before.definition,
      partners: [partner, ...before.definition.partners],
      social_accounts: [...before.definition.social_accounts, social],
    };
    const applied = await ops('opsSiteApply', { definition, logos: before.logos, reason: 'New partner' }, owner);
    expect(applied, JSON.stringify(applied)).toMatchObject({
      statusCode: 1,
      created: false,
    });
    const site = { domain_name: 'casino3.localhost', external_id: 'casino3' };
    const partners = (await postJson(server.app, '/api/settings/partners', site)).body.partners as unknown[];
    expect(partners).toEqual([partner, ...before.definition.partners]);
    const accounts = (await postJson(server.app, '/api/settings/social_account', site)).body.accountList as { type: string }[];
    expect(accounts.at(-1)).toEqual({
      ...social,
      icon: '/api/media/social/whatsapp.svg',
    });
    const after = (await ops('opsSiteExport', { site: 'casino3.localhost' }, owner)) as { definition: SiteDefinition };
    expect(after.definition).toEqual(definition);

    // A viewer may read them but not change them.
    const denied = await post(
      OPERATOR_CALLS.opsSiteApply.path,
      {
        definition: before.definition,
        logos: before.logos,
        reason: 'Viewer try',
      },
      viewer,
    );
    expect(denied.body.message).toBe('permissionDenied');
  });

  it('creates a site cloned from another, with an uploaded logo, that answers at its new domain at once', async () => {
    const source = (await ops('opsSiteExport', { site: 'casino2.localhost' }, owner)) as { definition: SiteDefinition; logos: Record<string, string> };
    const domain = `console-${backend}.localhost`;
    expect((await startup(domain)).message).toBe('siteNotFound');
    const definition = {
      ...source.definition,
      site_name: 'Console Casino',
      domains: [domain],
      external_id: `console${backend}`,
      logos: { ...source.definition.logos, logo2: 'logo2-x.svg' },
    };
    const created = await ops(
      'opsSiteApply',
      {
        definition,
        logos: { ...source.logos, 'logo2-x.svg': SVG_LOGO },
        reason: 'Created in the console',
      },
      owner,
    );
    expect(created, JSON.stringify(created)).toMatchObject({
      statusCode: 1,
      created: true,
      domains: [domain],
    });
    await expect.poll(async () => (await startup(domain)).statusCode).toBe(1);
    const reply = startupReply.parse(await startup(domain));
    expect(reply.site).toMatchObject({
      site_name: 'Console Casino',
      theme_code: source.definition.theme_code,
      currency: source.definition.currency,
    });
    const logo = await server.app.inject({
      method: 'GET',
      url: reply.site.logo2,
    });
    expect(logo.statusCode).toBe(200);
    expect(expectReply(opsSitesReply, await ops('opsSites', { q: domain }, owner)).value[0]).toMatchObject({ site_name: 'Console Casino', players: 0 });

    // The brand owner's account made it for its own brand owner, and now works on it.
    const [made] = await db
      .select({ owner: sites.brandOwnerId })
      .from(sites)
      .where(eq(sites.externalId, `console${backend}`));
    const [first] = await db.select({ id: brandOwners.id }).from(brandOwners).orderBy(brandOwners.id).limit(1);
    expect(made!.owner).toBe(first!.id);
    expect(await ops('opsSiteExport', { site: domain }, owner)).toMatchObject({ statusCode: 1 });

    // A domain of another site is refused by its index.
    const clash = await ops(
      'opsSiteApply',
      {
        definition: {
          ...definition,
          external_id: `clash${backend}`,
          domains: ['casino3.localhost'],
        },
        logos: { ...source.logos, 'logo2-x.svg': SVG_LOGO },
        reason: 'Clash',
      },
      owner,
    );
    expect(clash).toMatchObject({
      message: 'validationError',
      errors: { 'definition.domains.0': ['domainInUse'] },
    });
  });

  it("lets the site editor's page frame the site it edits, and nothing else", async () => {
    const page = async (url: string) =>
      (
        await server.app.inject({
          method: 'GET',
          url,
          headers: { host: 'localhost:3000' },
        })
      ).headers['content-security-policy'] as string;
    const editor = await page('/admin/sites/casino1.localhost');
    expect(editor).toContain('frame-src http://casino1.localhost:3000');
    expect(editor).toContain("frame-ancestors 'none'");
    expect(await page('/admin/sites/casino1.localhost?saved=1')).toContain('frame-src http://casino1.localhost:3000');
    for (const other of ['/admin/sites/nowhere.localhost', '/admin/sites/new', '/admin/payments', '/admin/sites/evil.example%20https:', '/admin/sites/casino1.localhost/x']) {
      expect(await page(other), other).not.toContain('frame-src');
    }
  });

  it("lets a site's pages be framed by the console's hosts only", () => {
    const request = (host: string, protocol = 'http') =>
      ({
        host,
        hostname: host.replace(/:\d+$/, ''),
        protocol,
      }) as unknown as FastifyRequest;
    const policy = "default-src 'self'; frame-ancestors 'self'; object-src 'none'";
    // ADMIN_HOSTS set: those hosts, on the request's scheme and port.
    expect(consoleFrameOrigins(request('casino1.example.com', 'https'), ['ops.example.com'])).toEqual(['https://ops.example.com']);
    expect(withFrameAncestors(policy, consoleFrameOrigins(request('casino1.localhost:3000'), ['ops.localhost']))).toBe(
      "default-src 'self'; frame-ancestors 'self' http://ops.localhost:3000; object-src 'none'",
    );
    // Unset (the demo): the console at localhost may frame the *.localhost sites, nothing else is added.
    expect(consoleFrameOrigins(request('casino1.localhost:3000'), null)).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(consoleFrameOrigins(request('casino.example.com'), null)).toEqual([]);
    expect(withFrameAncestors(policy, [])).toBe(policy);
  });
});
