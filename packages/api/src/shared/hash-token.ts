import { hash } from 'node:crypto';

/** The SHA-256 (hex) under which a secret token is stored: sessions, game sessions, operator keys. */
export function hashToken(token: string): string {
  // One-shot hash: a third of createHash's cost, on every session call.
  return hash('sha256', token, 'hex');
}
