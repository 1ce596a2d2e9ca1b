/**
 * POST /api/sports/limits (ADR 0035): a site's sportsbook limits as place_bet holds a bet to them,
 * the defaults for a site without its own, its own from site_settings, and the usual site failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { siteSettings } from '../../src/db/schema.js';
import { forgetSportsLimits } from '../../src/sports/index.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { CASINO1, MAINTENANCE, MISMATCHED, expectReply, expectValidationError } from './content-fixtures.js';
import { expectFailure } from './rewards-fixtures.js';

const LIMITS = '/api/sports/limits';

describe.each(backends)('sportsbook limits on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let casino1Id: number;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    casino1Id = await siteIdOf(db, 'casino1');
  });
  afterAll(async () => {
    await server?.close();
  });

  const limitsOf = async (payload: unknown) => (await postJson(server.app, LIMITS, payload)).body;

  it('answers the defaults for a site without its own, with four places', async () => {
    const { response, body } = await postJson(server.app, LIMITS, CASINO1);
    expect(response.statusCode).toBe(200);
    expect(expectReply('sportsLimits', body)).toEqual({ statusCode: 1, message: 'OK', min_stake: '1.0000', max_stake: '10000.0000', max_payout: '100000.0000' });
  });

  it("answers the site's own limits from site_settings", async () => {
    await db
      .insert(siteSettings)
      .values([
        { siteId: casino1Id, key: 'sports.min_stake', value: '10000' },
        { siteId: casino1Id, key: 'sports.max_stake', value: '50000000.5' },
      ])
      .onConflictDoNothing();
    // Limits are read at most every few seconds per site: this test's change applies now.
    forgetSportsLimits(casino1Id);
    try {
      expect(expectReply('sportsLimits', await limitsOf(CASINO1))).toEqual({
        statusCode: 1,
        message: 'OK',
        min_stake: '10000.0000',
        max_stake: '50000000.5000',
        max_payout: '100000.0000',
      });
    } finally {
      await db.execute(sql`delete from site_settings where site_id = ${casino1Id} and key like 'sports.%'`);
      forgetSportsLimits(casino1Id);
    }
    expect(await limitsOf(CASINO1)).toMatchObject({ min_stake: '1.0000', max_stake: '10000.0000' });
  });

  it('answers the usual site failures: an unknown domain, two sites mixed, maintenance, no site fields', async () => {
    const unknown = await postJson(server.app, LIMITS, { domain_name: 'nowhere.localhost', external_id: 'nowhere' });
    expect(unknown.response.statusCode).toBe(404);
    expectFailure(unknown.body, 'siteNotFound');
    expectFailure(await limitsOf(MISMATCHED), 'siteNotFound');
    expectFailure(await limitsOf(MAINTENANCE), 'underMaintenance');
    expectValidationError(await limitsOf({ domain_name: 'casino1.localhost' }), 'external_id');
  });
});
