import { sql } from 'drizzle-orm';
import { toMinorUnits } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';

/*
 * What corrected results left unrecovered on a player's bets (sports_bets.unrecovered, ADR 0037),
 * and its recovery by an operator's debit that names the bet (opsAdjust with sports_ticket): the
 * debit and the bet's smaller debt are written in one transaction, so the player never owes a
 * recovered amount twice and a later correction nets against what is still owed.
 */

export interface OwedBet {
  ticket: string;
  amount: string;
  settledAt: string | null;
}

/** The player's bets that still owe, newest settlement first. */
export async function owedBetsOf(db: Db, siteId: number, playerId: number): Promise<OwedBet[]> {
  const rows = await queryRows<{ ticket: string; amount: string; settled_at: string | null }>(
    db,
    sql`select ticket, unrecovered::text as amount, settled_at::text as settled_at from sports_bets
      where site_id = ${siteId} and player_id = ${playerId} and unrecovered > 0
      order by settled_at desc nulls last, id desc limit 100`,
  );
  return rows.map((row) => ({ ticket: row.ticket, amount: row.amount, settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString() }));
}

/**
 * Locks the player's bet of this ticket (bets before wallets: the order of every sportsbook writer)
 * and checks that it owes at least `amount` (a positive decimal). Answers the bet's id, or why not.
 */
export async function lockOwedBet(
  tx: Db,
  owner: { siteId: number; playerId: number },
  ticket: string,
  amount: string,
): Promise<{ ok: true; betId: number } | { ok: false; message: 'notFound' | 'amountTooLarge' }> {
  const [bet] = await queryRows<{ id: string; unrecovered: string }>(
    tx,
    sql`select id::text as id, unrecovered::text as unrecovered from sports_bets
      where site_id = ${owner.siteId} and player_id = ${owner.playerId} and ticket = ${ticket} for update`,
  );
  if (!bet) return { ok: false, message: 'notFound' };
  if (toMinorUnits(amount) > toMinorUnits(bet.unrecovered)) return { ok: false, message: 'amountTooLarge' };
  return { ok: true, betId: Number(bet.id) };
}

/** The bet owes `amount` less (it was just recovered through the ledger); answers what it still owes. */
export async function reduceOwed(tx: Db, betId: number, amount: string): Promise<string> {
  const [row] = await queryRows<{ unrecovered: string }>(
    tx,
    sql`update sports_bets set unrecovered = unrecovered - ${amount}::numeric where id = ${betId} returning unrecovered::text as unrecovered`,
  );
  if (!row) throw new Error(`sports bet ${betId} vanished while locked`);
  return row.unrecovered;
}
