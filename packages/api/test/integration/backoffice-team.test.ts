/**
 * The back office's team (issue 26 §1, ADR 0050) over HTTP with console sessions: accounts made,
 * changed, disabled and given API keys by an owner or admin, within their own role and sites; a
 * key acting as its account; the account's own password change. The server enforces each rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, adminLoginReply, adminSessionReply, opsTeam, opsTeamCreate, opsTeamKeyCreate, opsTeamUpdate } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { operatorAudit } from '../../src/db/schema.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { consoleClient } from './backoffice-fixtures.js';
import { expectReply } from './rewards-fixtures.js';

describe.each(backends)('back-office team on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let client: ReturnType<typeof consoleClient>;
  let owner: string;
  let casino1: number;
  let casino2: number;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    client = consoleClient(server, `team${backend}`);
    casino1 = await siteIdOf(db, 'casino1');
    casino2 = await siteIdOf(db, 'casino2');
    // The demo owner, without a second factor (demo data only).
    const login = await client.post(ADMIN_AUTH_CALLS.login.path, { username: 'owner', password: 'demo1234' });
    owner = client.cookieOf(login.setCookie);
    expect((await client.post(ADMIN_AUTH_CALLS.skipEnrol.path, {}, owner)).body).toMatchObject({ statusCode: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  const ops = (name: keyof typeof OPERATOR_CALLS, payload: unknown, cookie: string) => client.ops(name, payload, cookie);
  const memberOf = async (cookie: string, username: string) => expectReply(opsTeam.reply, (await ops('opsTeam', {}, cookie)).body).value.find((member) => member.username === username);

  it('an owner creates a scoped account whose first password works once given; it enrols, sees only its site, and is listed with its sites', async () => {
    const username = `finance-${backend}`;
    const created = expectReply(opsTeamCreate.reply, (await ops('opsTeamCreate', { username: username.toUpperCase(), role: 'finance', sites: ['casino1.localhost'], reason: 'New hire' }, owner)).body);
    expect(created.password.length).toBeGreaterThanOrEqual(16);
    // The same name again: accountExists; an unknown domain or another brand owner's site opens nothing.
    expect((await ops('opsTeamCreate', { username, role: 'viewer', sites: null, reason: 'Again' }, owner)).body).toMatchObject({ message: 'accountExists' });
    expect((await ops('opsTeamCreate', { username: `x${username}`, role: 'viewer', sites: ['no-such.localhost'], reason: 'Typo' }, owner)).body).toMatchObject({ message: 'permissionDenied' });
    expect((await ops('opsTeamCreate', { username: 'no', role: 'viewer', sites: null, reason: 'Short' }, owner)).body).toMatchObject({ message: 'validationError', errors: { username: ['invalidFormat'] } });

    const { cookie } = await client.logIn(username, undefined, created.password);
    const me = expectReply(adminSessionReply, (await client.post(ADMIN_AUTH_CALLS.me.path, {}, cookie)).body);
    expect(me.operator).toMatchObject({ username, role: 'finance', totp_enrolled: true });
    expect(me.operator.sites.map((site) => site.external_id)).toEqual(['casino1']);
    // Finance does not manage the team.
    expect((await ops('opsTeam', {}, cookie)).body).toMatchObject({ message: 'permissionDenied' });

    expect(await memberOf(owner, username)).toMatchObject({ role: 'finance', totp_enrolled: true, disabled: false, sites: [{ external_id: 'casino1', domain: 'casino1.localhost' }], keys: [] });
    const [audit] = await db.select().from(operatorAudit).where(and(eq(operatorAudit.action, 'operator_account.create'), eq(operatorAudit.targetId, String(created.account_id))));
    expect(audit).toMatchObject({ actor: 'console:owner', reason: 'New hire', siteId: casino1, details: { username, after: { role: 'finance', site_ids: [casino1] } } });
  });

  it('an admin hands out no owner or admin role; a site-scoped admin grants only its sites and sees only accounts on them', async () => {
    const admin = await client.logIn(await client.newAccount('admin'));
    expect((await ops('opsTeamCreate', { username: `own-${backend}`, role: 'owner', sites: null, reason: 'Promote' }, admin.cookie)).body).toMatchObject({ message: 'permissionDenied' });
    expect((await ops('opsTeamCreate', { username: `adm-${backend}`, role: 'admin', sites: null, reason: 'Promote' }, admin.cookie)).body).toMatchObject({ message: 'permissionDenied' });
    expect((await ops('opsTeamCreate', { username: `sup-${backend}`, role: 'support', sites: null, reason: 'Desk' }, admin.cookie)).body).toMatchObject({ statusCode: 1 });

    const scopedName = await client.newAccount('admin', [casino1]);
    const scoped = await client.logIn(scopedName);
    expect((await ops('opsTeamCreate', { username: `all-${backend}`, role: 'viewer', sites: null, reason: 'Everything' }, scoped.cookie)).body).toMatchObject({ message: 'permissionDenied' });
    expect((await ops('opsTeamCreate', { username: `two-${backend}`, role: 'viewer', sites: ['casino1.localhost', 'casino2.localhost'], reason: 'Both' }, scoped.cookie)).body).toMatchObject({
      message: 'permissionDenied',
    });
    const mine = expectReply(opsTeamCreate.reply, (await ops('opsTeamCreate', { username: `c1-${backend}`, role: 'viewer', sites: ['casino1.localhost'], reason: 'Casino1 desk' }, scoped.cookie)).body);

    const team = expectReply(opsTeam.reply, (await ops('opsTeam', {}, scoped.cookie)).body).value;
    expect(team.length).toBeGreaterThan(0);
    for (const member of team) expect(member.sites?.map((site) => site.external_id).every((site) => site === 'casino1'), member.username).toBe(true);
    expect(team.map((member) => member.username)).toContain(`c1-${backend}`);
    expect(team.map((member) => member.username)).not.toContain('owner');

    // An account outside its sites (the owner's included) is not found; its own sites only, when moving one.
    const other = await client.newAccount('viewer', [casino2]);
    for (const name of [other, 'owner']) {
      const id = (await memberOf(owner, name))!.account_id;
      expect((await ops('opsTeamUpdate', { account_id: id, change: 'disable', reason: 'Try' }, scoped.cookie)).body).toMatchObject({ message: 'notFound' });
    }
    expect((await ops('opsTeamUpdate', { account_id: mine.account_id, change: 'sites', sites: ['casino2.localhost'], reason: 'Move' }, scoped.cookie)).body).toMatchObject({ message: 'permissionDenied' });
    expect((await ops('opsTeamUpdate', { account_id: mine.account_id, change: 'role', role: 'support', reason: 'Desk' }, scoped.cookie)).body).toMatchObject({ statusCode: 1, value: { role: 'support' } });
    // Nobody changes their own account here (a second person does).
    const selfId = (await memberOf(scoped.cookie, scopedName))!.account_id;
    expect((await ops('opsTeamUpdate', { account_id: selfId, change: 'role', role: 'owner', reason: 'Myself' }, scoped.cookie)).body).toMatchObject({ message: 'permissionDenied' });
  });

  it('disabling ends the sessions at once; enabling, a new password and a new enrolment each take effect at the next sign-in; nobody changes themself', async () => {
    const username = await client.newAccount('support');
    const session = await client.logIn(username);
    const id = (await memberOf(owner, username))!.account_id;

    const disabled = expectReply(opsTeamUpdate.reply, (await ops('opsTeamUpdate', { account_id: id, change: 'disable', reason: 'Left the company' }, owner)).body);
    expect(disabled.value).toMatchObject({ disabled: true });
    expect((await client.post(ADMIN_AUTH_CALLS.me.path, {}, session.cookie)).body).toMatchObject({ message: 'sessionExpired' });
    expect((await client.post(ADMIN_AUTH_CALLS.login.path, { username, password: 'right-pass-1' })).body).toMatchObject({ message: 'invalidCredentials' });
    expect((await ops('opsTeamUpdate', { account_id: id, change: 'enable', reason: 'Came back' }, owner)).body).toMatchObject({ statusCode: 1, value: { disabled: false } });

    const reset = expectReply(opsTeamUpdate.reply, (await ops('opsTeamUpdate', { account_id: id, change: 'reset_password', reason: 'Forgot it' }, owner)).body);
    expect(reset.password).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await client.post(ADMIN_AUTH_CALLS.login.path, { username, password: 'right-pass-1' })).body).toMatchObject({ message: 'invalidCredentials' });
    expect(expectReply(adminLoginReply, (await client.post(ADMIN_AUTH_CALLS.login.path, { username, password: reset.password! })).body).step).toBe('totp');

    expect((await ops('opsTeamUpdate', { account_id: id, change: 'reset_second_factor', reason: 'Lost phone' }, owner)).body).toMatchObject({ statusCode: 1, value: { totp_enrolled: false } });
    expect(expectReply(adminLoginReply, (await client.post(ADMIN_AUTH_CALLS.login.path, { username, password: reset.password! })).body).step).toBe('enrol');

    const ownerId = (await memberOf(owner, 'owner'))!.account_id;
    expect((await ops('opsTeamUpdate', { account_id: ownerId, change: 'disable', reason: 'Oops' }, owner)).body).toMatchObject({ message: 'permissionDenied' });

    const changes = await db
      .select({ action: operatorAudit.action, details: operatorAudit.details, reason: operatorAudit.reason })
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, 'operator_account'), eq(operatorAudit.targetId, String(id)), inArray(operatorAudit.action, ['operator_account.disable', 'operator_account.reset_password'])))
      .orderBy(operatorAudit.id);
    expect(changes).toEqual([
      { action: 'operator_account.disable', reason: 'Left the company', details: { username, before: { disabled: false }, after: { disabled: true } } },
      { action: 'operator_account.reset_password', reason: 'Forgot it', details: { username } },
    ]);
    expect(JSON.stringify(changes)).not.toContain(reset.password);
  });

  it("a key made for an account acts with the account's role and sites, and stops when disabled", async () => {
    const username = await client.newAccount('finance', [casino1]);
    const id = (await memberOf(owner, username))!.account_id;
    const made = expectReply(opsTeamKeyCreate.reply, (await ops('opsTeamKeyCreate', { account_id: id, name: `script-${backend}`, reason: 'Nightly export' }, owner)).body);
    expect(made.key).toMatch(/^wlop_/);
    expect((await ops('opsTeamKeyCreate', { account_id: id, name: `script-${backend}`, reason: 'Again' }, owner)).body).toMatchObject({ message: 'accountExists' });
    const byKey = (name: keyof typeof OPERATOR_CALLS, payload: unknown) => postJson(server.app, OPERATOR_CALLS[name].path, payload, { headers: { authorization: `Bearer ${made.key}` } });
    expect((await byKey('opsPending', { site: 'casino1.localhost' })).body).toMatchObject({ statusCode: 1 });
    expect((await byKey('opsPending', { site: 'casino2.localhost' })).body).toMatchObject({ message: 'permissionDenied' });
    expect((await byKey('opsTeam', {})).body).toMatchObject({ message: 'permissionDenied' });
    expect((await memberOf(owner, username))!.keys).toEqual([{ key_id: made.value.key_id, name: `script-${backend}`, created_at: made.value.created_at, disabled_at: null }]);

    expect((await ops('opsTeamKeyDisable', { key_id: made.value.key_id, reason: 'Rotated' }, owner)).body).toMatchObject({ statusCode: 1 });
    expect((await byKey('opsPending', { site: 'casino1.localhost' })).body).toMatchObject({ message: 'invalidApiKey' });
  });

  it('an account changes its own password with the current one; its other sessions end, this one goes on', async () => {
    const username = await client.newAccount('viewer');
    const first = await client.logIn(username);
    const second = await client.logIn(username, first.secret);
    const change = (payload: unknown) => client.post(ADMIN_AUTH_CALLS.password.path, payload, second.cookie);
    expect((await change({ current_password: 'wrong-pass-1', new_password: 'a-long-new-password' })).body).toMatchObject({ message: 'invalidPassword' });
    expect((await change({ current_password: 'right-pass-1', new_password: 'short' })).body).toMatchObject({ message: 'validationError', errors: { new_password: ['tooShort'] } });
    expect((await change({ current_password: 'right-pass-1', new_password: 'a-long-new-password' })).body).toMatchObject({ statusCode: 1 });
    expect((await client.post(ADMIN_AUTH_CALLS.me.path, {}, first.cookie)).body).toMatchObject({ message: 'sessionExpired' });
    expect((await client.post(ADMIN_AUTH_CALLS.me.path, {}, second.cookie)).body).toMatchObject({ statusCode: 1 });
    expect((await client.post(ADMIN_AUTH_CALLS.login.path, { username, password: 'a-long-new-password' })).body).toMatchObject({ statusCode: 1, step: 'totp' });
    // Not from another site's page.
    expect((await client.post(ADMIN_AUTH_CALLS.password.path, { current_password: 'a-long-new-password', new_password: 'another-new-password' }, second.cookie, { 'sec-fetch-site': 'cross-site' })).body).toMatchObject({
      message: 'permissionDenied',
    });
  });
});
