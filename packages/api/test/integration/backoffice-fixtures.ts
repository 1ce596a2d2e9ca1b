import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, adminLoginReply, type OperatorRole } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { brandOwners, operatorAccounts } from '../../src/db/schema.js';
import { createOperatorAccount } from '../../src/backoffice/index.js';
import { totpCodeAt } from '../../src/backoffice/totp.js';
import { postJson, type TestServer } from './helpers.js';
import { expectReply } from './rewards-fixtures.js';

/** The console's origin in these tests (the Host the requests name). */
export const CONSOLE_ORIGIN = 'http://localhost:3000';
/** The password the accounts of newAccount are made with. */
export const ACCOUNT_PASSWORD = 'right-pass-1';

/**
 * The back office as its page talks to a test server (ADR 0044): JSON POSTs from the same origin
 * with the session cookie, accounts made directly in the database, and a sign-in through both steps.
 */
export function consoleClient(server: TestServer, tag: string, prefix = 'staff') {
  const db: Db = server.database.db;
  let accounts = 0;

  async function post(path: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) {
    const { response, body } = await postJson(server.app, path, payload, {
      headers: { host: 'localhost:3000', origin: CONSOLE_ORIGIN, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}), ...headers },
    });
    const setCookie = response.headers['set-cookie'];
    return { status: response.statusCode, body, setCookie: Array.isArray(setCookie) ? setCookie[0] : setCookie };
  }
  const cookieOf = (setCookie: string | undefined) => setCookie!.split(';')[0]!;

  async function demoOwnerId(): Promise<number> {
    const [owner] = await db.select({ id: brandOwners.id }).from(brandOwners).orderBy(brandOwners.id).limit(1);
    return owner!.id;
  }

  /** A new account of the demo's brand owner with `role` on `siteIds` (null: every site); its username (`<prefix><n><tag>`). */
  async function newAccount(role: OperatorRole, siteIds: number[] | null = null): Promise<string> {
    const username = `${prefix}${++accounts}${tag}`;
    const created = await createOperatorAccount(db, { brandOwnerId: await demoOwnerId(), username, password: ACCOUNT_PASSWORD, role, siteIds, createdBy: 'test' });
    expect(created.ok).toBe(true);
    return username;
  }

  const moveLastStepBack = (username: string) => db.update(operatorAccounts).set({ totpLastStep: sql`${operatorAccounts.totpLastStep} - 2` }).where(eq(operatorAccounts.username, username));

  /** Logs an account in, enrolling its authenticator at the first login; answers the cookie and the secret. */
  async function logIn(username: string, secret?: string, password = ACCOUNT_PASSWORD): Promise<{ cookie: string; secret: string }> {
    const login = await post(ADMIN_AUTH_CALLS.login.path, { username, password });
    const step = expectReply(adminLoginReply, login.body);
    const cookie = cookieOf(login.setCookie);
    const totpSecret = step.step === 'enrol' ? step.totp_secret : secret!;
    // A fresh code: each step's code is accepted once, so the next login waits for the next step.
    await moveLastStepBack(username);
    const done = await post(ADMIN_AUTH_CALLS.totp.path, { code: totpCodeAt(totpSecret) }, cookie);
    expect(done.body, JSON.stringify(done.body)).toMatchObject({ statusCode: 1, step: 'done' });
    return { cookie, secret: totpSecret };
  }

  const ops = (name: keyof typeof OPERATOR_CALLS, payload: unknown, cookie: string, headers: Record<string, string> = {}) => post(OPERATOR_CALLS[name].path, payload, cookie, headers);

  return { db, post, cookieOf, demoOwnerId, newAccount, moveLastStepBack, logIn, ops };
}
