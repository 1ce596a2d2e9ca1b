import { randomInt } from 'node:crypto';

/** No 0/O or 1/I: codes are read aloud and typed from screenshots. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A player's own referral code: 8 characters, unique per site (the database enforces it). */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
