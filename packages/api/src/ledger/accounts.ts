import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import type { LedgerUnit } from '../db/schema.js';

/** A player's wallets: each is a ledger account (ADR 0024). `held` is the balance account's pending debits, not an account. */
export const PLAYER_WALLETS = ['balance', 'tokens', 'frozen_tokens'] as const;
export type PlayerWallet = (typeof PLAYER_WALLETS)[number];

/**
 * A site's system accounts, opened with the site (migration 0011), and their unit:
 * deposits — money coming in from banks; withdrawals — money owed (pending) and paid out to players;
 * adjustments — an operator's corrections; bonuses — promotions, claims and prizes paid in money;
 * sportsbook — bets and wins of sports; rewards — game tokens given and taken (missions, spins, claims).
 * Each game provider has its own money account `game:<provider code>`, opened on its first transfer.
 */
export const SYSTEM_ACCOUNT_UNITS = {
  deposits: 'money',
  withdrawals: 'money',
  adjustments: 'money',
  bonuses: 'money',
  sportsbook: 'money',
  rewards: 'tokens',
} as const satisfies Record<string, LedgerUnit>;
export type FixedSystemAccount = keyof typeof SYSTEM_ACCOUNT_UNITS;
export type SystemAccount = FixedSystemAccount | `game:${string}`;

export type AccountRef = { playerId: number; wallet: PlayerWallet } | { system: SystemAccount };

export function gameAccount(providerCode: string): SystemAccount {
  return `game:${providerCode}`;
}

export function isPlayerAccount(ref: AccountRef): ref is { playerId: number; wallet: PlayerWallet } {
  return 'playerId' in ref;
}

export function unitOf(ref: AccountRef): LedgerUnit {
  if (isPlayerAccount(ref)) return ref.wallet === 'balance' ? 'money' : 'tokens';
  return isGameAccount(ref) ? 'money' : SYSTEM_ACCOUNT_UNITS[ref.system as FixedSystemAccount];
}

/**
 * The account's id as a subquery (null when it does not exist, which the transfer's NOT NULL and
 * foreign keys refuse: a player of another site, or an unknown system account, is a caller's bug).
 */
export function accountIdQuery(siteId: number, ref: AccountRef): SQL {
  return isPlayerAccount(ref)
    ? sql`(select id from ledger_accounts where player_id = ${ref.playerId} and code = ${ref.wallet} and site_id = ${siteId})`
    : sql`(select id from ledger_accounts where site_id = ${siteId} and player_id is null and code = ${ref.system})`;
}

/** A game provider's account: opened on its first transfer, not with the site. */
function isGameAccount(ref: AccountRef): boolean {
  return !isPlayerAccount(ref) && ref.system.startsWith('game:');
}

/** Whether any of `refs` is a game provider's account. */
export function namesGameAccount(refs: AccountRef[]): boolean {
  return refs.some(isGameAccount);
}

/** Opens the game provider accounts among `refs` that do not exist yet (the fixed ones open with their site). */
export async function openGameAccounts(db: Db, siteId: number, refs: AccountRef[]): Promise<void> {
  for (const ref of refs) {
    if (isPlayerAccount(ref) || !isGameAccount(ref)) continue;
    await queryRows(db, sql`insert into ledger_accounts (site_id, code, unit) values (${siteId}, ${ref.system}, 'money') on conflict do nothing`);
  }
}
