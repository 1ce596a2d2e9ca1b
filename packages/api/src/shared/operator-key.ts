import { randomBytes } from 'node:crypto';
import { hashToken } from './hash-token.js';

/** Keys are recognisable in logs and secret scanners, and carry 256 random bits. */
const KEY_PREFIX = 'wlop_';

/**
 * A new operator API key and the SHA-256 the database keeps: the key exists in clear only in the
 * reply that makes it (a 256-bit key needs no slow hash, like session tokens).
 */
export function newOperatorKey(): { key: string; keyHash: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashToken(key) };
}
