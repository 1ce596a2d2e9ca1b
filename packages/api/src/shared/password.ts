import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at OWASP's current cost (Password Storage Cheat Sheet: N=2^17,
 * r=8, p=1; ADR 0023). One hash takes about 128 MiB and a few hundred milliseconds on one core, off
 * the event loop (libuv's thread pool, four at a time by default, so at most about 512 MiB).
 */
export const PASSWORD_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Node refuses scrypt above 32 MiB unless told: 128·N·r bytes at this cost, with room to spare. */
const MAX_MEMORY = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keylen, { ...options, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** A stored hash's parts, or null when it is not one of ours (or names an impossible cost). */
function parseHash(stored: string): StoredHash | null {
  const [scheme, n, r, p, saltText, keyText, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText || rest.length) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isSafeInteger(cost.N) && cost.N > 1 && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || !Number.isSafeInteger(cost.r) || !Number.isSafeInteger(cost.p) || cost.r < 1 || cost.p < 1) return null;
  if (128 * cost.N * cost.r > MAX_MEMORY) return null;
  return { ...cost, salt: Buffer.from(saltText, 'base64'), key: Buffer.from(keyText, 'base64') };
}

/**
 * A self-describing scrypt hash: scrypt$N$r$p$salt$key (base64). The cost travels with the hash,
 * so hashes made at an earlier, lower cost still verify (and are upgraded: needsRehash).
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PASSWORD_COST);
  return ['scrypt', PASSWORD_COST.N, PASSWORD_COST.r, PASSWORD_COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash || hash.key.length === 0) return false;
  const key = await scrypt(password, hash.salt, hash.key.length, { N: hash.N, r: hash.r, p: hash.p });
  return key.length === hash.key.length && timingSafeEqual(key, hash.key);
}

/** Whether a stored hash is below today's cost (or unreadable): hashed again at the next good login. */
export function needsRehash(stored: string): boolean {
  const hash = parseHash(stored);
  if (!hash) return true;
  return hash.N < PASSWORD_COST.N || hash.r < PASSWORD_COST.r || hash.p < PASSWORD_COST.p || hash.key.length < KEY_LENGTH;
}
