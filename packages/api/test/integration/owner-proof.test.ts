/**
 * Changes that redirect money need the player's proof (issue 21 §7, ADR 0022): a stolen session
 * token alone can neither rename the player nor add, remove or switch a payout account. Each
 * proven change is audited (actor `player:<account id>`) and sends an inbox notice; wrong proofs
 * count under update_password's per-account limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { bankAccounts, inboxItems, operatorAudit, players } from '../../src/db/schema.js';
import { createTestServer, type TestServer } from './helpers.js';
import { call, createPlayer, latestTac, loginToken, otherCode, siteOf, type TestPlayer } from './auth-fixtures.js';
import { BANKING, firstBank } from './banking-fixtures.js';

const CASINO1 = 'casino1.localhost';
const PROFILE = '/api/settings/profile_update';

describe('proof for changes of the name and bank accounts', () => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => call(server.app, path, payload);

  async function loggedIn(): Promise<TestPlayer & { auth: string }> {
    const player = await createPlayer(server.database.db, 'casino1', { fullName: 'Juan Dela Cruz' });
    return { ...player, auth: await loginToken(server.app, CASINO1, player.accountId, player.password) };
  }
  const session = (player: TestPlayer & { auth: string }) => ({ account_id: player.accountId, auth: player.auth });

  async function fullNameOf(player: TestPlayer): Promise<string> {
    const [row] = await db.select({ fullName: players.fullName }).from(players).where(eq(players.id, player.id));
    return row!.fullName;
  }
  const noticesOf = (player: TestPlayer) => db.select().from(inboxItems).where(eq(inboxItems.playerId, player.id)).orderBy(inboxItems.id);
  const auditOf = (player: TestPlayer) =>
    db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.actor, `player:${player.accountId}`), eq(operatorAudit.siteId, player.siteId)))
      .orderBy(operatorAudit.id);

  it('refuses a new full name without the password or with a wrong one, and takes it with the right one (notice and audit)', async () => {
    const me = await loggedIn();
    const rename = { ...session(me), full_name: 'Maria Clara', contact_email: 'maria@example.com' };
    expect((await post(PROFILE, rename)).body).toEqual({ statusCode: 0, message: 'invalidPassword' });
    expect((await post(PROFILE, { ...rename, password: 'wrong-password' })).body).toEqual({ statusCode: 0, message: 'invalidPassword' });
    expect(await fullNameOf(me)).toBe('Juan Dela Cruz');
    expect(await noticesOf(me)).toEqual([]);

    expect((await post(PROFILE, { ...rename, password: me.password })).body).toMatchObject({ statusCode: 1, value: [{ full_name: 'Maria Clara' }] });
    expect(await fullNameOf(me)).toBe('Maria Clara');
    const notices = await noticesOf(me);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('Your name was changed');
    expect(notices[0]!.body).toContain('Maria Clara');
    const audit = await auditOf(me);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'player.full_name', targetType: 'player', targetId: me.accountId, operatorId: null });
    expect(audit[0]!.details).toMatchObject({ full_name: 'Maria Clara', previous_full_name: 'Juan Dela Cruz', proof: 'password' });
  });

  it('changes only the email without a proof (no notice, no audit)', async () => {
    const me = await loggedIn();
    const { body } = await post(PROFILE, { ...session(me), full_name: 'Juan Dela Cruz', contact_email: 'juan.new@example.com' });
    expect(body).toMatchObject({ statusCode: 1, value: [{ contact_email: 'juan.new@example.com', full_name: 'Juan Dela Cruz' }] });
    expect(await noticesOf(me)).toEqual([]);
    expect(await auditOf(me)).toEqual([]);
  });

  it('takes a fresh login code instead of the password, once', async () => {
    const me = await loggedIn();
    expect((await post('/api/auth/tac/request_login', { ...siteOf(CASINO1), account_id: me.accountId })).body.statusCode).toBe(1);
    const code = await latestTac(server.app, CASINO1, me.accountId);
    const rename = { ...session(me), full_name: 'Maria Clara', contact_email: 'maria@example.com' };
    expect((await post(PROFILE, { ...rename, tac: otherCode(code) })).body.message).toBe('invalidTac');
    expect((await post(PROFILE, { ...rename, tac: code })).body.statusCode).toBe(1);
    expect((await auditOf(me))[0]!.details).toMatchObject({ proof: 'tac' });
    // Used up: the same code does not prove a second change.
    expect((await post(PROFILE, { ...rename, full_name: 'Juan Dela Cruz', tac: code })).body.message).toBe('invalidTac');
    expect(await fullNameOf(me)).toBe('Maria Clara');
  });

  it('adds, switches and removes bank accounts only with the password; each change is audited and noticed', async () => {
    const me = await loggedIn();
    const bankId = await firstBank(db, me.siteId);
    const add = { ...session(me), bank_id: bankId, account_name: 'Juan Dela Cruz', account_number: '1234567890' };
    expect((await post(BANKING.accountAdd, add)).body).toEqual({ statusCode: 0, message: 'invalidPassword' });
    expect((await post(BANKING.accountAdd, { ...add, password: 'not-the-password' })).body).toEqual({ statusCode: 0, message: 'invalidPassword' });
    expect(await db.select().from(bankAccounts).where(eq(bankAccounts.playerId, me.id))).toEqual([]);

    expect((await post(BANKING.accountAdd, { ...add, password: me.password })).body.statusCode).toBe(1);
    const second = await post(BANKING.accountAdd, { ...add, account_number: '5550001111', password: me.password });
    const accounts = second.body.value as { bank_account_id: number; account_number: string; is_default: boolean }[];
    const other = accounts.find((account) => account.account_number === '5550001111')!;
    expect(other.is_default).toBe(false);

    const byId = { ...session(me), bank_account_id: other.bank_account_id };
    expect((await post(BANKING.accountDefault, byId)).body.message).toBe('invalidPassword');
    expect((await post(BANKING.accountRemove, { ...byId, password: 'not-the-password' })).body.message).toBe('invalidPassword');
    const [still] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, other.bank_account_id));
    expect(still).toMatchObject({ isDefault: false, removedAt: null });

    expect((await post(BANKING.accountDefault, { ...byId, password: me.password })).body.statusCode).toBe(1);
    expect((await post(BANKING.accountRemove, { ...byId, password: me.password })).body.statusCode).toBe(1);

    expect((await auditOf(me)).map((entry) => entry.action)).toEqual([
      'player.bank_account_add',
      'player.bank_account_add',
      'player.bank_account_set_default',
      'player.bank_account_remove',
    ]);
    const notices = await noticesOf(me);
    expect(notices.map((notice) => notice.title)).toEqual([
      'A bank account was added',
      'A bank account was added',
      'Your default bank account changed',
      'A bank account was removed',
    ]);
    expect(notices[3]!.body).toContain('ending in 1111');
    expect(notices.every((notice) => notice.rewardAmount === null)).toBe(true);
  });

  it('counts wrong proofs under the password limit: a stolen token cannot guess the password', async () => {
    const me = await loggedIn();
    const rename = { ...session(me), full_name: 'Maria Clara', contact_email: 'maria@example.com' };
    for (let guess = 0; guess < 10; guess += 1) {
      expect((await post(PROFILE, { ...rename, password: `guess-${guess}` })).body.message).toBe('invalidPassword');
    }
    // Even the right password is refused now, and so is update_password's check of it.
    expect((await post(PROFILE, { ...rename, password: me.password })).body.message).toBe('tooManyRequests');
    const change = await post('/api/auth/update_password', { ...session(me), password: me.password, new_password: 'brand-new-pass1' });
    expect(change.body.message).toBe('tooManyRequests');
    expect(await fullNameOf(me)).toBe('Juan Dela Cruz');
  });
});
