/**
 * Sites as code (issue 26 §3, ADR 0043): ops/sites/apply creates a site from a definition of the
 * required fields, live at its domain at once (startup, home content, banking info, signup, its
 * logo), updates it by external_id, refuses a domain of another site and invalid fields by name,
 * keeps scoped keys to their own site, audits before and after; ops/sites/export writes the same
 * definition back, which applied again changes nothing.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { OPERATOR_CALLS, opsSiteApplyPayload, startupReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { operatorAudit, sites } from '../../src/db/schema.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { call, freshAccountId, latestTac } from './auth-fixtures.js';
import { operatorKey, opsCall } from './banking-fixtures.js';

const APPLY = OPERATOR_CALLS.opsSiteApply.path;
const EXPORT = OPERATOR_CALLS.opsSiteExport.path;

/** A tiny valid SVG logo, base64. */
const SVG_LOGO = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c33"/></svg>').toString('base64');

describe.each(backends)('sites as code on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let key: string;
  let n = 0;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    key = await operatorKey(db, `sites-${backend}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The required fields of a new site, unique per test. */
  const minimal = () => {
    const id = `asc${backend.slice(0, 2)}${++n}${Date.now().toString(36).slice(-4)}`;
    return { site_name: 'Harbour Lights', domains: [`${id}.localhost`], external_id: id, theme_code: 'casino7', theme_color: 'ocean', currency: 'PHP' };
  };
  const apply = (definition: Record<string, unknown>, extra: Record<string, unknown> = {}, withKey = key) =>
    opsCall(server.app, APPLY, withKey, { definition, reason: 'Sites as code test', ...extra });
  const startup = (domain: string) => postJson(server.app, '/api/startup', { domain_name: domain });

  it('creates a site from the required fields that answers at its domain at once: startup, home content, banking, signup and its logos', async () => {
    const definition = minimal();
    const domain = definition.domains[0]!;
    // Asked before it exists: the unknown domain is cached as unknown, and must not stay so.
    expect((await startup(domain)).body.message).toBe('siteNotFound');

    const created = await apply(definition);
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ statusCode: 1, created: true, site: definition.external_id, domains: [domain] });

    const reply = startupReply.parse((await startup(domain)).body);
    expect(reply.site).toMatchObject({ site_name: 'Harbour Lights', theme_code: 'casino7', theme_color: 'ocean', currency: 'PHP', status: true, logo1: `/api/media/logo/${definition.external_id}/1.svg` });
    expect(reply.language).toEqual(['EN']);
    expect(reply.content.menu.length).toBeGreaterThan(0);
    expect(reply.provider_count.length).toBeGreaterThan(0);

    const site = { domain_name: domain, external_id: definition.external_id };
    expect((await postJson(server.app, '/api/home/fetch_slide', site)).body.statusCode).toBe(1);
    const banking = (await postJson(server.app, '/api/banking/info', site)).body;
    expect(banking, JSON.stringify(banking)).toMatchObject({ statusCode: 1 });
    expect(JSON.stringify(banking)).toContain('BDO');
    const logo = await server.app.inject({ method: 'GET', url: reply.site.logo2 });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('HL');

    // A player signs up on the new site.
    const accountId = freshAccountId('asc');
    expect((await call(server.app, '/api/auth/tac/request_new_register', { ...site, account_id: accountId })).body.statusCode).toBe(1);
    const tac = await latestTac(server.app, domain, accountId);
    expect((await call(server.app, '/api/auth/tac/verify', { ...site, account_id: accountId, tac })).body.statusCode).toBe(1);
    const signup = await call(server.app, '/api/auth/signup', {
      ...site,
      account_id: accountId,
      password: 'newpass123',
      contact_phone: '09171234567',
      contact_email: `${accountId}@example.com`,
      birth_date: '1990-01-01',
    });
    expect(signup.body, JSON.stringify(signup.body)).toMatchObject({ statusCode: 1 });

    const [audit] = await db.select().from(operatorAudit).where(eq(operatorAudit.id, created.body.audit_id as number));
    expect(audit).toMatchObject({ action: 'site.apply', targetType: 'site', reason: 'Sites as code test' });
    expect((audit!.details as { before: unknown; after: { site_name: string } }).before).toBeNull();
    expect((audit!.details as { after: { site_name: string } }).after.site_name).toBe('Harbour Lights');
  });

  it('updates the site of its external_id: a new colour, domain and uploaded logo show at once; the old domain is let go', async () => {
    const definition = minimal();
    const [first] = definition.domains;
    expect((await apply(definition)).body.statusCode).toBe(1);
    expect(startupReply.parse((await startup(first!)).body).site.theme_color).toBe('ocean');

    const second = `www.${first}`;
    const updated = await apply({ ...definition, theme_color: 'ember', domains: [second], logos: { logo2: 'mark.svg' } }, { logos: { 'mark.svg': SVG_LOGO } });
    expect(updated.body, JSON.stringify(updated.body)).toMatchObject({ statusCode: 1, created: false, domains: [second] });
    const reply = startupReply.parse((await startup(second)).body);
    expect(reply.site.theme_color).toBe('ember');
    expect(reply.site.logo2).toMatch(new RegExp(`^/api/media/logo/${definition.external_id}/logo2-[0-9a-f]{16}\\.svg$`));
    expect(reply.site.manifest_icon).toBe(reply.site.logo2);
    const logo = await server.app.inject({ method: 'GET', url: reply.site.logo2 });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await startup(first!)).body.message).toBe('siteNotFound');

    const [audit] = await db.select().from(operatorAudit).where(eq(operatorAudit.action, 'site.apply')).orderBy(desc(operatorAudit.id)).limit(1);
    const details = audit!.details as { before: { theme_color: string }; after: { theme_color: string } };
    expect([details.before.theme_color, details.after.theme_color]).toEqual(['ocean', 'ember']);
  });

  it('takes a raster logo larger than the other calls\' body limit, encoded again, and serves it', async () => {
    const png = await sharp({ create: { width: 220, height: 220, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    expect(png.length).toBeGreaterThan(64 * 1024);
    const definition = { ...minimal(), logos: { logo1: 'logos/wordmark.png' } };
    const applied = await apply(definition, { logos: { 'logos/wordmark.png': png.toString('base64') } });
    expect(applied.body, JSON.stringify(applied.body)).toMatchObject({ statusCode: 1 });
    const reply = startupReply.parse((await startup(definition.domains[0]!)).body);
    const logo = await server.app.inject({ method: 'GET', url: reply.site.logo1 });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toContain('immutable');
  });

  it('refuses a domain of another site, naming it, and changes nothing', async () => {
    const definition = minimal();
    const refused = await apply({ ...definition, domains: [definition.domains[0], 'casino1.localhost'] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 0, message: 'validationError', errors: { 'definition.domains.1': ['domainInUse'] } });
    expect(await db.select().from(sites).where(eq(sites.externalId, definition.external_id))).toEqual([]);
    expect(startupReply.parse((await startup('casino1.localhost')).body).site.external_id).toBe('casino1');
  });

  it("refuses to change an existing site's currency (its balances and books are in it)", async () => {
    const exported = (await opsCall(server.app, EXPORT, key, { site: 'casino1.localhost' })).body.definition as Record<string, unknown>;
    const refused = await apply({ ...exported, currency: exported.currency === 'USD' ? 'EUR' : 'USD' });
    expect(refused.body).toMatchObject({ statusCode: 0, message: 'validationError', errors: { 'definition.currency': ['currencyFixed'] } });
    expect((await db.select({ currency: sites.currency }).from(sites).where(eq(sites.externalId, 'casino1')))[0]!.currency).toBe(exported.currency);
  });

  it('names the invalid fields: a colour of another theme, a missing currency, an unknown provider, an unsafe SVG', async () => {
    const { currency: _currency, ...noCurrency } = minimal();
    const refused = await apply({ ...noCurrency, theme_color: 'gold' });
    expect(refused.body).toMatchObject({ message: 'validationError', errors: { 'definition.currency': ['required'] } });
    const colour = await apply({ ...minimal(), theme_color: 'gold' });
    expect(colour.body).toMatchObject({ message: 'validationError', errors: { 'definition.theme_color': ['invalidValue'] } });
    const provider = await apply({ ...minimal(), providers: [{ code: 'PG' }, { code: 'NOPE' }] });
    expect(provider.body).toMatchObject({ message: 'validationError', errors: { 'definition.providers.1.code': ['notFound'] } });
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    const svg = await apply({ ...minimal(), logos: { logo1: 'bad.svg' } }, { logos: { 'bad.svg': script } });
    expect(svg.body).toMatchObject({ message: 'validationError', errors: { 'logos.bad.svg': ['invalidImage'] } });
    const missing = await apply({ ...minimal(), logos: { logo1: 'absent.png' } });
    expect(missing.body).toMatchObject({ message: 'validationError', errors: { 'logos.absent.png': ['required'] } });
  });

  it("refuses a partner's or social account's unsafe address and a receiving account's bad number by field path, and changes nothing", async () => {
    const definition = minimal();
    const banking = { deposit_methods: [{ code: 'bank_transfer', kind: 'bank_transfer', name: 'Bank transfer', accounts: [{ bank: 'BDO', account_name: 'HARBOUR', account_number: '0012345' }, { bank: 'BPI', account_name: 'HARBOUR', account_number: 'x<1>' }] }] };
    const refused = await apply({
      ...definition,
      banking,
      partners: [
        { partner_name: 'Fine', href: '/promotions', img_url: '/api/media/partner/pg.svg' },
        { partner_name: 'Script', href: 'javascript:alert(1)', img_url: 'data:image/png;base64,AAAA' },
        { partner_name: 'Elsewhere', href: '//evil.example.com/', img_url: 'http://cdn.example.com/a.png' },
      ],
      social_accounts: [{ type: 'myspace', name: 'Old', link: 'https://myspace.example.com/' }, { type: 'x', name: 'X', link: '/x' }],
    });
    expect(refused.body).toMatchObject({
      statusCode: 0,
      message: 'validationError',
      errors: {
        'definition.banking.deposit_methods.0.accounts.1.account_number': ['invalidFormat'],
        'definition.partners.1.href': ['invalidFormat'],
        'definition.partners.1.img_url': ['invalidFormat'],
        'definition.partners.2.href': ['invalidFormat'],
        'definition.partners.2.img_url': ['invalidFormat'],
        'definition.social_accounts.0.type': ['invalidValue'],
        'definition.social_accounts.1.link': ['invalidFormat'],
      },
    });
    expect(Object.keys(refused.body.errors as object)).not.toContain('definition.partners.0.href');
    expect(await db.select({ id: sites.id }).from(sites).where(eq(sites.externalId, definition.external_id))).toEqual([]);
  });

  it('keeps a scoped key to its own site: it updates it, never creates one nor changes another', async () => {
    const scoped = await operatorKey(db, `sites-scoped-${backend}`, await siteIdOf(db, 'casino2'));
    const created = await apply(minimal(), {}, scoped);
    expect(created.status).toBe(403);
    expect(created.body.message).toBe('permissionDenied');
    expect((await apply({ ...minimal(), external_id: 'casino3', domains: ['casino3.localhost'] }, {}, scoped)).body.message).toBe('permissionDenied');
    expect((await opsCall(server.app, EXPORT, scoped, { site: 'casino3.localhost' })).body.message).toBe('permissionDenied');

    const own = (await opsCall(server.app, EXPORT, scoped, { site: 'casino2.localhost' })).body;
    expect(own.statusCode).toBe(1);
    const definition = own.definition as Record<string, unknown>;
    const updated = await apply({ ...definition, theme_color: 'jade' }, {}, scoped);
    expect(updated.body, JSON.stringify(updated.body)).toMatchObject({ statusCode: 1, created: false, site: 'casino2' });
    expect(startupReply.parse((await startup('casino2.localhost')).body).site.theme_color).toBe('jade');
  });

  it('exports a definition that applied again changes nothing (a demo site and a full definition)', async () => {
    for (const domain of ['casino1.localhost', 'slot8.localhost']) {
      const first = (await opsCall(server.app, EXPORT, key, { site: domain })).body;
      expect(first.statusCode, JSON.stringify(first)).toBe(1);
      expect(opsSiteApplyPayload.safeParse({ definition: first.definition, logos: first.logos, reason: 'round trip' }).success).toBe(true);
      expect((await apply(first.definition as Record<string, unknown>, { logos: first.logos })).body.statusCode).toBe(1);
      const second = (await opsCall(server.app, EXPORT, key, { site: domain })).body;
      expect(second.definition).toEqual(first.definition);
      expect(second.logos).toEqual(first.logos);
    }
    const full = {
      ...minimal(),
      languages: ['EN', 'PHP'],
      time_zone: 'Asia/Manila',
      logos: { logo2: 'mark.svg', logo1: 'https://cdn.example.com/wordmark.png' },
      providers: [{ code: 'PP' }, { code: 'PG', enabled: false }],
      banking: {
        min_deposit: '100',
        max_deposit: '50000',
        banks: [
          { code: 'BDO', name: 'BDO Unibank' },
          { code: 'GCASH', name: 'GCash', kind: 'e_wallet' },
        ],
        deposit_methods: [{ code: 'bank_transfer', kind: 'bank_transfer', name: 'Bank transfer', accounts: [{ bank: 'BDO', account_name: 'HARBOUR LTD', account_number: '001234567890' }] }],
      },
      compliance: { minimum_age: 21, kyc_withdrawals_above: '20000', aml: { large_deposit: { above: '50000' } } },
      vip_levels: [{ name: 'Bronze', deposit_target: '0', turnover_target: '0' }, { name: 'Silver', deposit_target: '5000', turnover_target: '50000', benefits: ['Cashback'] }],
      partners: [
        { partner_name: 'Pragmatic Play', href: 'https://pragmatic.example.com/', img_url: '/api/media/partner/pragmatic-play.svg' },
        { partner_name: 'Our promotions', href: '/promotions', img_url: 'https://cdn.example.com/promo.png' },
      ],
      social_accounts: [
        { type: 'telegram', name: '@harbour', link: 'https://telegram.example.com/harbour' },
        { type: 'x', name: '@harbour', link: 'https://x.example.com/harbour', icon: 'https://cdn.example.com/x.png' },
      ],
    };
    expect((await apply(full, { logos: { 'mark.svg': SVG_LOGO } })).body.statusCode).toBe(1);
    const first = (await opsCall(server.app, EXPORT, key, { site: full.domains[0] })).body;
    expect(first.definition).toMatchObject({ languages: ['EN', 'PHP'], logos: { logo2: 'mark.svg', logo1: 'https://cdn.example.com/wordmark.png' }, compliance: { minimum_age: 21 } });
    expect((first.definition as { providers: { code: string }[] }).providers.slice(0, 2)).toEqual([{ code: 'PP', enabled: true }, { code: 'PG', enabled: false }]);
    expect(Object.keys(first.logos as object)).toEqual(['mark.svg']);
    expect(first.definition).toMatchObject({ partners: full.partners, social_accounts: full.social_accounts });
    // The player site reads them in the definition's order; a social account without an icon shows its platform's.
    const site = { domain_name: full.domains[0], external_id: full.external_id };
    expect((await postJson(server.app, '/api/settings/partners', site)).body.partners).toEqual(full.partners);
    expect((await postJson(server.app, '/api/settings/social_account', site)).body.accountList).toEqual([
      { ...full.social_accounts[0], icon: '/api/media/social/telegram.svg' },
      full.social_accounts[1],
    ]);
    expect((await apply(first.definition as Record<string, unknown>, { logos: first.logos })).body.statusCode).toBe(1);
    const second = (await opsCall(server.app, EXPORT, key, { site: full.domains[0] })).body;
    expect(second.definition).toEqual(first.definition);
  });
});
