import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LAUNCH_SIGNATURE_PARAM, LAUNCH_SIGNED_PARAMS, launchSigningString, type LaunchSignedParam, type LocaleCode } from '@wl/contracts';
import { resolveLocale } from '../locale.js';
import type { StudioSql } from './sql.js';

/*
 * A studio session: what one opened game page may do. The platform's signed launch address opens
 * a real-money session (its wallet token kept to call the wallet); the demo address opens a
 * play-money one. The page gets a random bearer token (kept as its SHA-256) in its boot data, never
 * in a URL, and sends it with each API call.
 */

/** How long a game page's session lasts. */
const SESSION_HOURS = 12;
/** Play money a demo session starts with. */
export const DEMO_BALANCE = '1000.0000';

export interface StudioSession {
  tokenHash: string;
  site: string;
  player: string;
  game: string;
  currency: string;
  locale: LocaleCode;
  walletToken: string | null;
  demo: boolean;
  returnUrl: string | null;
}

export const hashSessionToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The launch parameters of a signed address, or null when the signature is not the platform's. */
export function verifyLaunch(query: Record<string, unknown>, secret: string): Record<LaunchSignedParam, string> | null {
  const params = {} as Record<LaunchSignedParam, string>;
  for (const name of LAUNCH_SIGNED_PARAMS) {
    const value = query[name];
    if (typeof value !== 'string' || value.length > 2048) return null;
    params[name] = value;
  }
  const signature = query[LAUNCH_SIGNATURE_PARAM];
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(launchSigningString(params), 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? params : null;
}

interface SessionRow {
  token_hash: string;
  site: string;
  player: string;
  game: string;
  currency: string;
  locale: string;
  wallet_token: string | null;
  return_url: string | null;
}

export async function openSession(
  sql: StudioSql,
  fields: Omit<StudioSession, 'tokenHash' | 'demo'>,
): Promise<{ token: string; session: StudioSession }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashSessionToken(token);
  const demo = fields.walletToken === null;
  await sql.query(
    `INSERT INTO house.sessions (token_hash, site, player, game, currency, locale, wallet_token, demo_balance, return_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(hours => $10))`,
    [tokenHash, fields.site, fields.player, fields.game, fields.currency, fields.locale, fields.walletToken, demo ? DEMO_BALANCE : null, fields.returnUrl, SESSION_HOURS],
  );
  return { token, session: { ...fields, tokenHash, demo } };
}

/** The live session of a bearer token (with when it expires, epoch ms), or null. */
export async function findSession(sql: StudioSql, token: string): Promise<(StudioSession & { expiresMs: number }) | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await sql.query<SessionRow & { expires_ms: number }>(
    `SELECT token_hash, site, player, game, currency, locale, wallet_token, return_url, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms
       FROM house.sessions WHERE token_hash = $1 AND expires_at > now()`,
    [hashSessionToken(token)],
  );
  if (!row) return null;
  return {
    expiresMs: Number(row.expires_ms),
    tokenHash: row.token_hash,
    site: row.site,
    player: row.player,
    game: row.game,
    currency: row.currency,
    locale: resolveLocale(row.locale),
    walletToken: row.wallet_token,
    demo: row.wallet_token === null,
    returnUrl: row.return_url,
  };
}

/** Deletes expired sessions (a demo's play money goes with it). */
export async function purgeSessions(sql: StudioSql): Promise<void> {
  await sql.query(`DELETE FROM house.sessions WHERE expires_at < now() - interval '1 day'`);
}
