/**
 * Fixtures of the launch and provider wallet tests: seamless integrations of test providers,
 * a game the site offers, a launch that answers its token, and signed wallet callbacks.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  launchReply,
  walletSigningString,
  type LaunchReply,
  type ProviderWalletAction,
} from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { games, providers } from '../../src/db/schema.js';
import { selectCatalogueGames } from '../../src/catalogue/catalogue-game.js';
import { createProviderRegistry, parseGameProviders } from '../../src/games/registry.js';
import { credentials, expectReply, post, type TestSession } from './rewards-fixtures.js';

/** The test integrations: PG and JILI over the seamless wallet, EVOPLAY (a 'popup' provider) asking for iframe. */
export const SECRETS = { PG: 'pg-test-secret-0123456789', JILI: 'jili-test-secret-0123456789', EVOPLAY: 'evoplay-secret-0123456789' } as const;
export const PG_LAUNCH_URL = 'https://games.pg.example/launch?operator=wl';

export const TEST_PROVIDERS_JSON = JSON.stringify({
  // Lower case on purpose: provider codes are matched in any case.
  pg: { adapter: 'seamless', launch_url: PG_LAUNCH_URL, secret: SECRETS.PG },
  JILI: { adapter: 'seamless', launch_url: 'http://127.0.0.1:4999/jili', secret: SECRETS.JILI, mode: 'redirect' },
  EVOPLAY: { adapter: 'seamless', launch_url: 'https://evoplay.example/start', secret: SECRETS.EVOPLAY, mode: 'iframe' },
});

export function testGameProviders() {
  return createProviderRegistry(parseGameProviders(TEST_PROVIDERS_JSON, 'test GAME_PROVIDERS'));
}

/** The first game of a provider that a site offers. */
export async function gameOf(db: Db, siteId: number, providerCode: string): Promise<{ id: number; gameCode: string; gameType: string }> {
  const [row] = await selectCatalogueGames(db, siteId).where(eq(providers.code, providerCode)).orderBy(asc(games.id)).limit(1);
  if (!row) throw new Error(`site ${siteId} offers no game of ${providerCode}`);
  return { id: row.id, gameCode: row.gameCode, gameType: row.gameType };
}

/** Launches a game and answers the reply's value and the token of its launch address. */
export async function launchGame(
  app: FastifyInstance,
  session: TestSession,
  providerCode: string,
  gameCode: string,
  extra: Record<string, unknown> = {},
): Promise<LaunchReply['value'] & { token: string; query: URLSearchParams }> {
  const { status, body } = await post(app, '/api/product/launch', { ...credentials(session), provider_code: providerCode, game_code: gameCode, ...extra });
  expect(status, JSON.stringify(body)).toBe(200);
  const { value } = expectReply(launchReply, body);
  const query = new URL(value.url).searchParams;
  return { ...value, token: query.get('token')!, query };
}

export function sign(secret: string, raw: string): string {
  return createHmac('sha256', secret).update(raw, 'utf8').digest('hex');
}

/** The unix time in seconds, as X-Timestamp carries it. */
export function nowSeconds(): string {
  return String(Math.floor(Date.now() / 1000));
}

/** The headers of a wallet callback signed the protocol's way (ADR 0020): over time, method, path and body. */
export function signedHeaders(secret: string, path: string, raw: string, timestamp = nowSeconds()): Record<string, string> {
  return { [PROVIDER_TIMESTAMP_HEADER]: timestamp, [PROVIDER_SIGNATURE_HEADER]: sign(secret, walletSigningString({ timestamp, method: 'POST', path, body: raw })) };
}

export interface CallbackOptions {
  provider?: string;
  /** The secret to sign with (default: the provider's); null sends no signature. */
  secret?: string | null;
  contentType?: string;
  /** X-Timestamp to sign and send (default: now). */
  timestamp?: string;
}

/**
 * A wallet callback: the body (an object, or a raw string sent as is) signed with the provider's
 * secret. An object body without a `type` gets the action's, as the protocol asks.
 */
export async function callback(
  app: FastifyInstance,
  action: ProviderWalletAction | string,
  body: unknown,
  options: CallbackOptions = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const provider = options.provider ?? 'PG';
  const typed = body !== null && typeof body === 'object' && !Array.isArray(body) && !('type' in body) ? { type: action, ...body } : body;
  const raw = typeof typed === 'string' ? typed : JSON.stringify(typed);
  const secret = options.secret === undefined ? SECRETS[provider.toUpperCase() as keyof typeof SECRETS] : options.secret;
  const path = `/api/providers/${provider}/wallet/${action}`;
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(secret ? signedHeaders(secret, path, raw, options.timestamp) : {}),
    },
    payload: raw,
  });
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    throw new Error(`Reply ${response.statusCode} is not JSON: ${response.body.slice(0, 200)}`);
  }
  return { status: response.statusCode, body: parsed };
}

/** Every wallet equals the sum of its ledger entries and none is negative (docs/product.md D6). */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const mismatched = await queryRows<{ player_id: number }>(
    db,
    sql`select w.player_id from wallets w
        left join (select player_id, coalesce(sum(amount) filter (where account = 'balance'), 0) as balance from ledger_entries group by player_id) l
          on l.player_id = w.player_id
        where w.balance <> coalesce(l.balance, 0) or w.balance < 0`,
  );
  expect(mismatched).toEqual([]);
}

/** A player's balance ledger entries, oldest first. */
export async function entriesOf(db: Db, playerId: number) {
  return queryRows<{ amount: string; type: string; reference: string; idempotency_key: string; balance_after: string }>(
    db,
    sql`select amount::text, type, reference, idempotency_key, balance_after::text from ledger_entries
        where player_id = ${playerId} and account = 'balance' order by id`,
  );
}

/** Disables (or removes) a provider for a site. */
export async function withdrawProvider(db: Db, siteId: number, providerCode: string, how: 'disable' | 'remove'): Promise<void> {
  const providerId = sql`(select id from providers where code = ${providerCode})`;
  if (how === 'disable') await db.execute(sql`update site_providers set enabled = false where site_id = ${siteId} and provider_id = ${providerId}`);
  else await db.execute(sql`delete from site_providers where site_id = ${siteId} and provider_id = ${providerId}`);
}
