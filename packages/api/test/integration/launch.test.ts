/**
 * POST /api/product/launch: the site must offer the game, its provider must have an integration,
 * a game session is recorded under a hashed token and the seamless adapter answers a signed launch
 * address; popup providers open in a popup; sessions, validation and tenants are checked.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LAUNCH_SIGNED_PARAMS, catalogueGame, launchSigningString, type LaunchSignedParam } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { gameSessions, sessions } from '../../src/db/schema.js';
import { createProviderRegistry, parseGameProviders } from '../../src/games/registry.js';
import { buildApp } from '../../src/http/app.js';
import { backends, createTestServer, openSeededTestDatabase, type TestDatabase, type TestServer } from './helpers.js';
import { credentials, expectFailure, expectSessionFailures, newPlayer, post, sessionOf, siteRow } from './rewards-fixtures.js';
import { PG_LAUNCH_URL, SECRETS, gameOf, launchGame, sign, testGameProviders, withdrawProvider } from './games-fixtures.js';

const LAUNCH = '/api/product/launch';

describe.each(backends)('game launch on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let casinoId: number;
  let pgGame: { id: number; gameCode: string; gameType: string };

  beforeAll(async () => {
    // The return URL follows X-Forwarded-Proto and -Host from a trusted proxy (here the loopback peer).
    server = await createTestServer({ backend, services: { gameProviders: testGameProviders() }, trustProxy: ['loopback'] });
    db = server.database.db;
    casinoId = (await siteRow(db, 'casino1')).id;
    pgGame = await gameOf(db, casinoId, 'PG');
  });
  afterAll(async () => {
    await server?.close();
  });

  async function sessionRows(playerId: number) {
    return db.select().from(gameSessions).where(eq(gameSessions.playerId, playerId));
  }

  it('records a game session under a hashed token and answers the signed launch address of the seamless adapter', async () => {
    const player = await newPlayer(db, 'casino1');
    const site = await siteRow(db, 'casino1');
    // The provider code in any case; the page's locale and device go to the provider.
    const launched = await launchGame(server.app, player, 'pg', pgGame.gameCode, { locale: 'VI', device: 'mobile' });

    const url = new URL(launched.url);
    expect(`${url.origin}${url.pathname}`).toBe(new URL(PG_LAUNCH_URL).origin + new URL(PG_LAUNCH_URL).pathname);
    expect(url.searchParams.get('operator')).toBe('wl');
    const values = Object.fromEntries(LAUNCH_SIGNED_PARAMS.map((name) => [name, url.searchParams.get(name)!])) as Record<LaunchSignedParam, string>;
    expect(values).toMatchObject({ game: pgGame.gameCode, currency: site.currency, lang: 'vi', device: 'mobile' });
    expect(values.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Back to the game's lobby on the player's site, in the player's language. The request's host
    // (localhost, the demo site's) is no domain of casino1: casino1's own domain instead.
    expect(pgGame.gameType).toBe('slots');
    expect(values.return_url).toBe('http://casino1.localhost/vi/slots');
    expect(url.searchParams.get('signature')).toBe(sign(SECRETS.PG, launchSigningString(values)));
    expect(url.searchParams.get('signature')).not.toBe(sign('another-secret-0123456789', launchSigningString(values)));

    expect(launched.mode).toBe('iframe');
    expect(catalogueGame.parse(launched.game)).toMatchObject({ provider_code: 'PG', game_code: pgGame.gameCode });

    const rows = await sessionRows(player.playerId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.id).toBe(launched.game_session_id);
    expect(row).toMatchObject({ siteId: site.id, gameId: pgGame.id, currency: site.currency });
    expect(row!.tokenHash).toBe(createHash('sha256').update(values.token).digest('hex'));
    // Only the hash is kept: the token itself is in no column of the table.
    const raw = await queryRows<{ found: number }>(db, sql`select count(*)::int as found from game_sessions where to_jsonb(game_sessions.*)::text like ${`%${values.token}%`}`);
    expect(raw[0]!.found).toBe(0);

    // Each launch is a game session of its own, with a new token.
    const again = await launchGame(server.app, player, 'PG', pgGame.gameCode);
    expect(again.token).not.toBe(values.token);
    expect(again.game_session_id).not.toBe(launched.game_session_id);
    // Without a locale: the site's default language; the default device is desktop.
    expect(again.query.get('lang')).toBe('en');
    expect(again.query.get('device')).toBe('desktop');
    expect(again.query.get('return_url')).toBe('http://casino1.localhost/slots');
    expect(await sessionRows(player.playerId)).toHaveLength(2);
  });

  it("opens docs/product.md §9's popup providers in a popup whatever the integration says, else the integration's mode", async () => {
    const player = await newPlayer(db, 'casino1');
    const evoplay = await gameOf(db, casinoId, 'EVOPLAY');
    expect((await launchGame(server.app, player, 'EVOPLAY', evoplay.gameCode)).mode).toBe('popup');
    const jili = await gameOf(db, casinoId, 'JILI');
    const launched = await launchGame(server.app, player, 'jili', jili.gameCode);
    expect(launched.mode).toBe('redirect');
    expect(launched.url.startsWith('http://127.0.0.1:4999/jili?token=')).toBe(true);
  });

  it('answers the return address of the site the player uses, with its scheme and port from the proxy headers', async () => {
    const player = await newPlayer(db, 'casino1');
    const { body } = await post(server.app, LAUNCH, { ...credentials(player), provider_code: 'PG', game_code: pgGame.gameCode });
    expect(body.statusCode).toBe(1);
    const response = await server.app.inject({
      method: 'POST',
      url: LAUNCH,
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'casino1.localhost:8443' },
      payload: { ...credentials(player), provider_code: 'PG', game_code: pgGame.gameCode },
    });
    const url = new URL((response.json() as { value: { url: string } }).value.url);
    expect(url.searchParams.get('return_url')).toBe('https://casino1.localhost:8443/slots');
    // A host that is none of the site's domains: the site's own domain instead.
    const foreign = await server.app.inject({
      method: 'POST',
      url: LAUNCH,
      headers: { 'content-type': 'application/json', host: 'evil.example' },
      payload: { ...credentials(player), provider_code: 'PG', game_code: pgGame.gameCode },
    });
    const foreignUrl = new URL((foreign.json() as { value: { url: string } }).value.url);
    expect(foreignUrl.searchParams.get('return_url')).toBe('http://casino1.localhost/slots');
  });

  it('refuses payloads that break the contract with validationError and records nothing', async () => {
    const player = await newPlayer(db, 'casino1');
    const base = { ...credentials(player), provider_code: 'PG', game_code: pgGame.gameCode };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, game_code: undefined }, 'game_code'],
      [{ ...base, provider_code: '' }, 'provider_code'],
      [{ ...base, provider_code: 'P G' }, 'provider_code'],
      [{ ...base, game_code: 'x'.repeat(65) }, 'game_code'],
      [{ ...base, device: 'tablet' }, 'device'],
      [{ ...base, locale: 'xx' }, 'locale'],
      [{ ...base, extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await post(server.app, LAUNCH, payload);
      expectFailure(body, 'validationError');
      expect(status).toBe(400);
      expect(Object.keys(body.errors as object), field).toContain(field);
    }
    expect(await sessionRows(player.playerId)).toHaveLength(0);
  });

  it('answers the session failures of every session call: expired, unknown, blocked, closed, another account', async () => {
    await expectSessionFailures(server.app, db, LAUNCH, { provider_code: 'PG', game_code: pgGame.gameCode });
    const expired = await newPlayer(db, 'casino1');
    await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.playerId, expired.playerId));
    const { status, body } = await post(server.app, LAUNCH, { ...credentials(expired), provider_code: 'PG', game_code: pgGame.gameCode });
    expectFailure(body, 'sessionExpired');
    expect(status).toBe(401);
    const blocked = await sessionOf(db, 'casino1', 'blocked');
    expectFailure((await post(server.app, LAUNCH, { ...credentials(blocked), provider_code: 'PG', game_code: pgGame.gameCode })).body, 'BLOCK');
    expect(await sessionRows(blocked.playerId)).toHaveLength(0);
  });

  it('answers gameNotFound for a game the site does not offer: unknown, of a provider it lacks or has disabled', async () => {
    const player = await newPlayer(db, 'casino2');
    const casino2 = await siteRow(db, 'casino2');
    const unknown = await post(server.app, LAUNCH, { ...credentials(player), provider_code: 'PG', game_code: 'NO-SUCH-GAME' });
    expectFailure(unknown.body, 'gameNotFound');
    expect(unknown.status).toBe(404);
    // A game code of one provider under another provider's code.
    const jili = await gameOf(db, casino2.id, 'JILI');
    expectFailure((await post(server.app, LAUNCH, { ...credentials(player), provider_code: 'PG', game_code: jili.gameCode })).body, 'gameNotFound');

    const pg = await gameOf(db, casino2.id, 'PG');
    await withdrawProvider(db, casino2.id, 'PG', 'disable');
    expectFailure((await post(server.app, LAUNCH, { ...credentials(player), provider_code: 'PG', game_code: pg.gameCode })).body, 'gameNotFound');
    await withdrawProvider(db, casino2.id, 'JILI', 'remove');
    expectFailure((await post(server.app, LAUNCH, { ...credentials(player), provider_code: 'JILI', game_code: jili.gameCode })).body, 'gameNotFound');
    expect(await sessionRows(player.playerId)).toHaveLength(0);
  });

  it('answers gameNotAvailable for a provider without an integration, and records nothing', async () => {
    const player = await newPlayer(db, 'casino1');
    const jdb = await gameOf(db, casinoId, 'JDB');
    const { status, body } = await post(server.app, LAUNCH, { ...credentials(player), provider_code: 'JDB', game_code: jdb.gameCode });
    expectFailure(body, 'gameNotAvailable');
    expect(status).toBe(422);
    expect(await sessionRows(player.playerId)).toHaveLength(0);
  });

  it("keeps tenants apart: a site's player opens the game in the site's currency, another site's withdrawal of the provider does not matter", async () => {
    const slot5 = await siteRow(db, 'slot5');
    const casino3 = await siteRow(db, 'casino3');
    const player = await newPlayer(db, 'slot5');
    await withdrawProvider(db, casino3.id, 'PG', 'remove');
    const game = await gameOf(db, slot5.id, 'PG');
    const launched = await launchGame(server.app, player, 'PG', game.gameCode);
    expect(launched.query.get('currency')).toBe(slot5.currency);
    expect(new URL(launched.query.get('return_url')!).hostname).toBe('slot5.localhost');
    const [row] = await sessionRows(player.playerId);
    expect(row).toMatchObject({ siteId: slot5.id, currency: slot5.currency });
    // The casino3 player cannot open it: the provider is not one of casino3's.
    const other = await newPlayer(db, 'casino3');
    expectFailure((await post(server.app, LAUNCH, { ...credentials(other), provider_code: 'PG', game_code: game.gameCode })).body, 'gameNotFound');
  });

  it('limits launches per player: the 31st within a minute answers tooManyRequests', async () => {
    const player = await newPlayer(db, 'casino4');
    const casino4 = await siteRow(db, 'casino4');
    const game = await gameOf(db, casino4.id, 'PG');
    for (let i = 0; i < 30; i++) {
      const { body } = await post(server.app, LAUNCH, { ...credentials(player), provider_code: 'PG', game_code: game.gameCode });
      expect(body.statusCode, `launch ${i + 1}`).toBe(1);
    }
    const { status, body } = await post(server.app, LAUNCH, { ...credentials(player), provider_code: 'PG', game_code: game.gameCode });
    expectFailure(body, 'tooManyRequests');
    expect(status).toBe(429);
    // Another player of the same site is not held back.
    const other = await newPlayer(db, 'casino4');
    expect((await post(server.app, LAUNCH, { ...credentials(other), provider_code: 'PG', game_code: game.gameCode })).body.statusCode).toBe(1);
  });
});

describe('game launch when the adapter fails', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const tokens: string[] = [];

  beforeAll(async () => {
    const registry = createProviderRegistry(
      parseGameProviders(JSON.stringify({ PG: { adapter: 'seamless', launch_url: PG_LAUNCH_URL, secret: SECRETS.PG } }), 'test'),
    );
    // A provider that refuses, quoting the token in its error: the token may not reach the log.
    registry.get('PG')!.adapter = {
      launch: async (request) => {
        tokens.push(request.token);
        throw new Error(`provider refused token ${request.token}`);
      },
    };
    testDb = await openSeededTestDatabase();
    app = await buildApp({
      database: testDb.database,
      web: null,
      services: { gameProviders: registry },
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
  });

  it('answers gameNotAvailable, deletes the game session it recorded and logs the failure without the token', async () => {
    const db = testDb.database.db;
    const player = await newPlayer(db, 'casino1');
    const game = await gameOf(db, (await siteRow(db, 'casino1')).id, 'PG');
    const { body } = await post(app, LAUNCH, { ...credentials(player), provider_code: 'PG', game_code: game.gameCode });
    expectFailure(body, 'gameNotAvailable');
    expect(await db.select().from(gameSessions).where(eq(gameSessions.playerId, player.playerId))).toHaveLength(0);

    const failure = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'game launch failed');
    expect(failure).toMatchObject({ providerCode: 'PG', gameCode: game.gameCode });
    expect(String(failure!.reason)).toMatch(/^provider refused token \[token\]/);
    expect(tokens).toHaveLength(1);
    expect(logLines.join('\n')).not.toContain(tokens[0]);
    expect(logLines.join('\n')).not.toContain(SECRETS.PG);
  });
});
