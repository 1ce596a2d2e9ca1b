/**
 * POST /api/sports/settings and /api/sports/settings/save (ADR 0038): the betslip's settings kept
 * with the player's account. A new player has the defaults; a save is read back, one value alone
 * keeps the other; a save reaches no other player and no other site (the same account id on
 * another site included); a value outside the contract's lists is refused and changes nothing;
 * a call without a live session is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client.js';
import { backends, createTestServer, expectDatabaseRefusal, postJson, type TestServer } from './helpers.js';
import { expectReply } from './content-fixtures.js';
import { credentials, expectFailure, expectSessionFailures, newPlayer, sessionOf, type TestSession } from './rewards-fixtures.js';

const READ = '/api/sports/settings';
const SAVE = '/api/sports/settings/save';
const DEFAULTS = { statusCode: 1, message: 'OK', odds_format: 'decimal', odds_change: 'higher', saved: false };

describe.each(backends)('sportsbook settings on %s', (backend) => {
  let server: TestServer;
  let db: Db;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
  });
  afterAll(async () => {
    await server?.close();
  });

  const read = async (player: TestSession) => {
    const { response, body } = await postJson(server.app, READ, credentials(player));
    expect(response.statusCode).toBe(200);
    return expectReply('sportsSettings', body);
  };
  const save = async (player: TestSession, values: Record<string, unknown>) => {
    const { response, body } = await postJson(server.app, SAVE, { ...credentials(player), ...values });
    return { status: response.statusCode, body };
  };
  const rowsOf = (player: TestSession) =>
    queryRows<{ site_id: number; odds_format: string; odds_change: string }>(
      db,
      sql`select site_id, odds_format, odds_change from player_sports_settings where player_id = ${player.playerId}`,
    );

  it('answers the defaults to a player who never saved any, and stores nothing for reading', async () => {
    const player = await newPlayer(db, 'casino1');
    expect(await read(player)).toEqual(DEFAULTS);
    expect(await rowsOf(player)).toEqual([]);
  });

  it('reads back what was saved; one value alone keeps the other', async () => {
    const player = await newPlayer(db, 'casino1');
    const first = await save(player, { odds_format: 'american', odds_change: 'none' });
    expect(first.status).toBe(200);
    expect(expectReply('sportsSettingsSave', first.body)).toEqual({ statusCode: 1, message: 'OK', odds_format: 'american', odds_change: 'none', saved: true });
    expect(await read(player)).toEqual({ statusCode: 1, message: 'OK', odds_format: 'american', odds_change: 'none', saved: true });

    expect((await save(player, { odds_change: 'any' })).body).toMatchObject({ odds_format: 'american', odds_change: 'any' });
    expect((await save(player, { odds_format: 'fractional' })).body).toMatchObject({ odds_format: 'fractional', odds_change: 'any' });
    expect(await read(player)).toMatchObject({ odds_format: 'fractional', odds_change: 'any', saved: true });
    // A first save of one value stores the default for the other.
    const fresh = await newPlayer(db, 'casino1');
    expect((await save(fresh, { odds_format: 'fractional' })).body).toMatchObject({ odds_format: 'fractional', odds_change: 'higher', saved: true });
    // Saving the defaults counts as saved: the account's choice, not a guest's.
    const plain = await newPlayer(db, 'casino1');
    expect((await save(plain, { odds_format: 'decimal', odds_change: 'higher' })).body).toEqual({ ...DEFAULTS, saved: true });
  });

  it("changes no other player's settings, nor the same account id's on another site", async () => {
    const casinoDemo = await sessionOf(db, 'casino1', 'demo');
    const slotDemo = await sessionOf(db, 'slot5', 'demo');
    const neighbour = await newPlayer(db, 'casino1');
    const before = { slot: await read(slotDemo), neighbour: await read(neighbour) };

    expectReply('sportsSettingsSave', (await save(casinoDemo, { odds_format: 'american', odds_change: 'any' })).body);
    expect(await read(casinoDemo)).toMatchObject({ odds_format: 'american', odds_change: 'any', saved: true });
    expect(await read(slotDemo)).toEqual(before.slot);
    expect(await read(neighbour)).toEqual(before.neighbour);
    expect(await rowsOf(casinoDemo)).toEqual([{ site_id: casinoDemo.siteId, odds_format: 'american', odds_change: 'any' }]);

    expectReply('sportsSettingsSave', (await save(slotDemo, { odds_format: 'fractional' })).body);
    expect(await read(casinoDemo)).toMatchObject({ odds_format: 'american', odds_change: 'any' });
    expect(await read(slotDemo)).toMatchObject({ odds_format: 'fractional', saved: true });
  });

  it('refuses a value outside the lists, nothing to save or a field of its own, and changes nothing', async () => {
    const player = await newPlayer(db, 'casino1');
    expectReply('sportsSettingsSave', (await save(player, { odds_format: 'fractional', odds_change: 'none' })).body);
    const kept = await read(player);

    // A valid value beside a wrong one is not saved either: the whole call is refused.
    const wrong = await save(player, { odds_format: 'hongkong', odds_change: 'any' });
    expect(wrong.status).toBe(400);
    expectFailure(wrong.body, 'validationError');
    expect(wrong.body.errors).toEqual({ odds_format: ['invalidValue'] });
    for (const values of [{ odds_change: 'HIGHER' }, { odds_change: 3 }, { odds_format: null }, { odds_format: ['american'] }]) {
      expectFailure((await save(player, values)).body, 'validationError');
    }
    const empty = await save(player, {});
    expectFailure(empty.body, 'validationError');
    expect(empty.body.errors).toEqual({ odds_format: ['required'] });
    // Whose settings they are is the session's: a site or player named in the payload is refused, not used.
    const other = await newPlayer(db, 'slot5');
    const aimed = await save(player, { odds_format: 'american', player_id: other.playerId, site_id: other.siteId });
    expectFailure(aimed.body, 'validationError');
    expect(aimed.body.errors).toEqual({ player_id: ['unknownField'], site_id: ['unknownField'] });

    expect(await read(player)).toEqual(kept);
    expect(await read(other)).toEqual(DEFAULTS);
    // The table holds the lists too, whatever writes to it.
    await expectDatabaseRefusal(db.execute(sql`update player_sports_settings set odds_format = 'hongkong' where player_id = ${player.playerId}`), {
      code: '23514',
      constraint: 'player_sports_settings_odds_format_valid',
    });
    await expectDatabaseRefusal(
      db.execute(sql`insert into player_sports_settings (site_id, player_id, odds_change) values (${other.siteId}, ${other.playerId}, 'sometimes')`),
      { code: '23514', constraint: 'player_sports_settings_odds_change_valid' },
    );
    expect(await read(player)).toEqual(kept);
  });

  it('refuses both calls without a live session of the account, as every session call does', async () => {
    const countRows = async () => (await queryRows<{ rows: number }>(db, sql`select count(*)::int as rows from player_sports_settings`))[0]!.rows;
    const stored = await countRows();
    await expectSessionFailures(server.app, db, READ);
    await expectSessionFailures(server.app, db, SAVE, { odds_format: 'american' });
    const unknown = await postJson(server.app, SAVE, { account_id: 'demo', auth: 'A'.repeat(43), odds_format: 'american' });
    expect(unknown.response.statusCode).toBe(401);
    expectFailure(unknown.body, 'sessionExpired');
    const noSession = await postJson(server.app, READ, {});
    expectFailure(noSession.body, 'validationError');
    // None of those saved anything, for anyone.
    expect(await countRows()).toBe(stored);
  });
});
