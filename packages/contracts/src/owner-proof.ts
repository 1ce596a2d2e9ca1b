import { loginPassword, tac } from './rules.js';

/**
 * The player's proof for a change that redirects money (issue 21 §7, ADR 0022): changing the full
 * name (bank accounts must be in it) or a bank account needs the account's password, or a fresh
 * login code from tac/request_login. A session token alone is not enough: it may be stolen.
 */
export const ownerProofFields = {
  password: loginPassword.optional().describe("The account's password (this or `tac` is required)."),
  tac: tac.optional().describe('A one-time login code sent by tac/request_login (this or `password` is required); used up by the call.'),
};

export const OWNER_PROOF_FAILURES = 'invalidPassword (no proof, or a wrong password), invalidTac, tacExpired, tooManyRequests';
