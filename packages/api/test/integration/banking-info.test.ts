/**
 * banking_info (the /banking page's public call, ADR 0015): the asked site's deposit methods
 * without the receiving account numbers, its limits and its banks; another site's data never, a
 * site without banking notFound, and the usual site failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bankingInfoReply, depositMethodsReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { bankingSettings } from '../../src/db/schema.js';
import { backends, createTestServer, siteIdOf, siteOf, type TestServer } from './helpers.js';
import { credentials, expectFailure, expectReply, post, sessionOf } from './rewards-fixtures.js';
import { BANKING } from './banking-fixtures.js';

const INFO = '/api/banking/info';

describe.each(backends)('banking_info on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers the site's methods, limits and banks, as the logged-in calls do but without account numbers", async () => {
    const { status, body } = await post(server.app, INFO, siteOf('casino1.localhost'));
    expect(status).toBe(200);
    const info = expectReply(bankingInfoReply, body);
    expect(info.currency).toBe('PHP');
    expect(info.methods.length).toBeGreaterThan(0);
    expect(info.banks.length).toBeGreaterThan(0);
    expect(Number(info.limits.min_deposit)).toBeLessThan(Number(info.limits.max_deposit));

    const demo = await sessionOf(db, 'casino1', 'demo');
    const methods = expectReply(depositMethodsReply, (await post(server.app, BANKING.methods, credentials(demo))).body);
    expect(info.methods.map((method) => method.method_id)).toEqual(methods.value.map((method) => method.method_id));
    expect(info.limits).toMatchObject({ min_deposit: methods.min_deposit, max_deposit: methods.max_deposit });
    for (const method of methods.value) {
      const shown = info.methods.find((entry) => entry.method_id === method.method_id)!;
      expect(shown.banks).toEqual([...new Set(method.receiving_accounts.map((account) => account.bank_name))]);
    }
    // No receiving account number anywhere in the public reply.
    const text = JSON.stringify(body);
    for (const account of methods.value.flatMap((method) => method.receiving_accounts)) expect(text).not.toContain(account.account_number);
  });

  it("answers each site's own data: another site's currency, methods and banks", async () => {
    const casino1 = expectReply(bankingInfoReply, (await post(server.app, INFO, siteOf('casino1.localhost'))).body);
    const slot5 = expectReply(bankingInfoReply, (await post(server.app, INFO, siteOf('slot5.localhost'))).body);
    expect(slot5.currency).not.toBe(casino1.currency);
    const ids = new Set(casino1.methods.map((method) => method.method_id));
    expect(slot5.methods.some((method) => ids.has(method.method_id))).toBe(false);
    const banks = new Set(casino1.banks.map((bank) => bank.bank_id));
    expect(slot5.banks.some((bank) => banks.has(bank.bank_id))).toBe(false);
  });

  it('refuses a mismatched site, a site under maintenance, a bad payload, and a site without banking', async () => {
    expectFailure((await post(server.app, INFO, { domain_name: 'casino1.localhost', external_id: 'slot5' })).body, 'siteNotFound');
    expectFailure((await post(server.app, INFO, siteOf('maintenance.localhost'))).body, 'underMaintenance');
    const invalid = await post(server.app, INFO, { domain_name: 42 });
    expectFailure(invalid.body, 'validationError');
    expect(invalid.body.errors).toHaveProperty('domain_name');
    expectFailure((await post(server.app, INFO, { ...siteOf('casino1.localhost'), extra: true })).body, 'validationError');

    await db.delete(bankingSettings).where(eq(bankingSettings.siteId, await siteIdOf(db, 'casino9')));
    expectFailure((await post(server.app, INFO, siteOf('casino9.localhost'))).body, 'notFound');
  });
});
