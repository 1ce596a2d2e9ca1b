import type { Db } from '../db/client.js';
import { inboxItems, operatorAudit } from '../db/schema.js';
import type { ProofMethod } from './owner-proof.js';

/** A change that redirects money, proven by the player (issue 21 §7, ADR 0022). */
export type OwnerChange = 'full_name' | 'bank_account_add' | 'bank_account_set_default' | 'bank_account_remove';

/** Who made the change: the player of a session, from an address, with a proof. */
export interface OwnerChangeBy {
  siteId: number;
  playerId: number;
  accountId: string;
  ip: string;
  proof: ProofMethod;
}

const NOTICES: Record<OwnerChange, { title: string; body: (details: Record<string, string>) => string }> = {
  full_name: {
    title: 'Your name was changed',
    body: (d) => `The full name on your account is now "${d.full_name}". Bank accounts for withdrawals must be in this name.`,
  },
  bank_account_add: {
    title: 'A bank account was added',
    body: (d) => `A bank account ending in ${d.ending} was added to your account for withdrawals.`,
  },
  bank_account_set_default: {
    title: 'Your default bank account changed',
    body: (d) => `Withdrawals now go by default to the bank account ending in ${d.ending}.`,
  },
  bank_account_remove: {
    title: 'A bank account was removed',
    body: (d) => `The bank account ending in ${d.ending} was removed from your account.`,
  },
};

const WARNING = ' If you did not make this change, change your password now and contact support.';

/** The last four digits of an account number: enough for the owner to recognise it, not to use it. */
export function accountEnding(accountNumber: string): string {
  return accountNumber.slice(-4);
}

/**
 * Records a proven change in the caller's transaction: an entry of the audit trail (operator_audit,
 * actor `player:<account id>`, so a regulator reads one trail) and an inbox notice to the player,
 * so the owner of a stolen session learns of it at the next visit.
 */
export async function recordOwnerChange(tx: Db, by: OwnerChangeBy, change: OwnerChange, details: Record<string, string>): Promise<void> {
  await tx.insert(operatorAudit).values({
    operatorId: null,
    actor: `player:${by.accountId}`,
    action: `player.${change}`,
    targetType: 'player',
    targetId: by.accountId,
    siteId: by.siteId,
    details: { ...details, proof: by.proof, ip: by.ip.slice(0, 64) },
  });
  const notice = NOTICES[change];
  await tx.insert(inboxItems).values({ siteId: by.siteId, playerId: by.playerId, title: notice.title, body: notice.body(details) + WARNING });
}
