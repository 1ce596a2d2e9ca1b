import { Secret, TOTP } from 'otpauth';

/*
 * The back office's second factor (issue 26 §1, ADR 0044): TOTP of RFC 6238 (30-second steps, six
 * digits, SHA-1: what every authenticator app reads from a QR code), with the well-kept `otpauth`.
 * A code is accepted one step early or late (clock drift), and each step once.
 */

const ISSUER = 'White-label back office';

const totpOf = (secret: string, username = '') => new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A new random secret (160 bits, base32), for enrolment. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads (from the QR code the console draws, or typed). */
export const totpUri = (secret: string, username: string): string => totpOf(secret, username).toString();

/**
 * The time step a code belongs to when it is right for `secret` now (±1 step) and later than
 * `lastStep` (a code is used once); null otherwise.
 */
export function acceptedTotpStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 30_000) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of a secret at a moment (tests and the demo's walkthrough). */
export const totpCodeAt = (secret: string, timestamp = Date.now()): string => totpOf(secret).generate({ timestamp });
