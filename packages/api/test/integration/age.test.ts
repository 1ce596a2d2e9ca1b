/**
 * The minimum age at signup (issue 25 §4, ADR 0040): a date of birth younger than the site's
 * minimum age (18 unless its operator set more) is refused with underAge and the minimum, before
 * anything is used up: the one-time code still opens the signup with a right date. The date is
 * kept on the player.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ageOn, underAgeReply } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { call, freshAccountId, latestTac, siteOf } from './auth-fixtures.js';
import { operatorKey, opsCall } from './banking-fixtures.js';

const CASINO1 = 'casino1.localhost';
const SLOT2 = 'slot2.localhost';

/** Today in UTC, as the server reads it. */
const today = () => new Date().toISOString().slice(0, 10);

/** The date of birth of someone `years` old today, plus `days` (a later birth: younger). */
function bornYearsAgo(years: number, days = 0): string {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  // 29 February of a year without it: the 28th, still `years` old today.
  const day = m === 2 && d === 29 ? 28 : d;
  const date = new Date(Date.UTC(y - years, m - 1, day + days));
  return date.toISOString().slice(0, 10);
}

describe.each(backends)('minimum age at signup on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => call(server.app, path, payload);

  /** An account id with a verified register code, ready to sign up. */
  async function verified(domain: string): Promise<string> {
    const accountId = freshAccountId('age');
    expect((await post('/api/auth/tac/request_new_register', { ...siteOf(domain), account_id: accountId })).body.statusCode).toBe(1);
    const tac = await latestTac(server.app, domain, accountId);
    expect((await post('/api/auth/tac/verify', { ...siteOf(domain), account_id: accountId, tac })).body.statusCode).toBe(1);
    return accountId;
  }

  const signUp = (domain: string, accountId: string, birthDate: string) =>
    post('/api/auth/signup', { ...siteOf(domain), account_id: accountId, password: 'newpass123', contact_phone: '09171234567', contact_email: `${accountId}@example.com`, birth_date: birthDate });

  const playerCount = async (accountId: string) => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from players where account_id = ${accountId}`))[0]!.n;
  const unusedCodes = async (accountId: string) =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from tac_codes where account_id = ${accountId} and consumed_at is null`))[0]!.n;

  it('refuses a player a day short of 18 with underAge and the minimum, and uses up nothing: the same code then signs up an adult', async () => {
    const accountId = await verified(CASINO1);
    const young = bornYearsAgo(18, 1);
    expect(ageOn(young, today())).toBe(17);
    const refused = await signUp(CASINO1, accountId, young);
    expect(refused.status).toBe(422);
    expect(underAgeReply.parse(refused.body)).toEqual({ statusCode: 0, message: 'underAge', minimum_age: 18 });
    expect(await playerCount(accountId)).toBe(0);
    expect(await unusedCodes(accountId)).toBeGreaterThan(0);

    const accepted = await signUp(CASINO1, accountId, '1990-01-01');
    expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ statusCode: 1 });
    const [row] = await queryRows<{ birth_date: string }>(db, sql`select birth_date::text as birth_date from players where account_id = ${accountId}`);
    expect(row!.birth_date).toBe('1990-01-01');
  });

  it('accepts a player who turns 18 today', async () => {
    const accountId = await verified(CASINO1);
    const birthday = bornYearsAgo(18);
    expect(ageOn(birthday, today())).toBe(18);
    expect((await signUp(CASINO1, accountId, birthday)).body).toMatchObject({ statusCode: 1 });
  });

  it('checks the date itself first: missing, malformed, impossible or future dates are validationError', async () => {
    const accountId = await verified(CASINO1);
    for (const birthDate of [undefined, '01/02/1990', '1990-02-30', '2999-01-01', '1899-12-31']) {
      const { body } = await post('/api/auth/signup', {
        ...siteOf(CASINO1),
        account_id: accountId,
        password: 'newpass123',
        contact_phone: '09171234567',
        contact_email: `${accountId}@example.com`,
        ...(birthDate === undefined ? {} : { birth_date: birthDate }),
      });
      expect(body, String(birthDate)).toMatchObject({ statusCode: 0, message: 'validationError' });
      expect((body.errors as Record<string, string[]>).birth_date, String(birthDate)).toBeDefined();
    }
    expect(await playerCount(accountId)).toBe(0);
  });

  it("applies a site's higher minimum age (21), set by an operator, to that site only", async () => {
    const key = await operatorKey(db, 'age-admin');
    const startupAge = async (domain: string) => ((await post('/api/startup', { domain_name: domain })).body.site as { minimum_age: number }).minimum_age;
    expect(await startupAge(SLOT2)).toBe(18);
    const set = await opsCall(server.app, '/api/ops/compliance/set', key, { site: SLOT2, minimum_age: 21, reason: 'Local market rule: 21 and over' });
    expect(set.body, JSON.stringify(set.body)).toMatchObject({ statusCode: 1, minimum_age: 21 });
    // Every page says the site's own age: the startup call answers it at once (the site cache follows the change).
    await expect.poll(() => startupAge(SLOT2)).toBe(21);
    expect(await startupAge(CASINO1)).toBe(18);

    const twenty = bornYearsAgo(20);
    const accountId = await verified(SLOT2);
    expect((await signUp(SLOT2, accountId, twenty)).body).toEqual({ statusCode: 0, message: 'underAge', minimum_age: 21 });
    expect((await signUp(SLOT2, accountId, bornYearsAgo(21))).body).toMatchObject({ statusCode: 1 });

    // Another site keeps the default.
    expect((await signUp(CASINO1, await verified(CASINO1), twenty)).body).toMatchObject({ statusCode: 1 });
    // Out of the allowed range: refused by the call's contract.
    expect((await opsCall(server.app, '/api/ops/compliance/set', key, { site: SLOT2, minimum_age: 16, reason: 'Too young a rule' })).body).toMatchObject({
      statusCode: 0,
      message: 'validationError',
    });
  });
});
