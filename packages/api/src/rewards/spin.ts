import { randomInt, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { fromMinorUnits, PRIZE_TYPES, PRIZE_WEIGHT_TOTAL, type PrizeType, type SpinPrize, toMinorUnits } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { spinPrizes, spinSettings, spins } from '../db/schema.js';
import { postToLedger, readBalances, type PlayerWallet } from '../ledger/index.js';

interface Owner {
  id: number;
  siteId: number;
}

/** A prize of a table being written. */
export interface PrizeInput {
  label: string;
  prizeType: PrizeType;
  /** Exact decimal; "0" for none. */
  amount: string;
  /** Parts per million. */
  weight: number;
}

export interface PrizeTable {
  cost: string;
  prizes: SpinPrize[];
}

const DECIMAL = /^\d{1,16}(\.\d{1,4})?$/;

/**
 * Why a prize table is not valid, or null: weights are whole parts per million summing to exactly
 * 1,000,000 (probability exactly 1, with no rounding), a `none` prize has amount 0 and any other a
 * positive exact amount, the cost is a positive exact amount.
 */
export function prizeTableProblem(cost: string, prizes: readonly PrizeInput[]): string | null {
  if (!DECIMAL.test(cost) || toMinorUnits(cost) <= 0n) return `invalid spin cost ${cost}`;
  if (prizes.length < 2) return 'a wheel needs at least two prizes';
  let total = 0;
  for (const [index, prize] of prizes.entries()) {
    if (!Number.isSafeInteger(prize.weight) || prize.weight <= 0 || prize.weight > PRIZE_WEIGHT_TOTAL) return `prize ${index}: invalid weight`;
    if (!(PRIZE_TYPES as readonly string[]).includes(prize.prizeType)) return `prize ${index}: invalid type`;
    if (!DECIMAL.test(prize.amount)) return `prize ${index}: invalid amount`;
    if ((prize.prizeType === 'none') !== (toMinorUnits(prize.amount) === 0n)) return `prize ${index}: amount does not fit its type`;
    if (!prize.label.trim()) return `prize ${index}: empty label`;
    total += prize.weight;
  }
  if (total !== PRIZE_WEIGHT_TOTAL) return `weights sum to ${total}, not ${PRIZE_WEIGHT_TOTAL}`;
  return null;
}

/** Replaces a site's spin cost and prize table after checking it (throws on an invalid table). */
export async function savePrizeTable(db: Db, siteId: number, cost: string, prizes: readonly PrizeInput[]): Promise<void> {
  const problem = prizeTableProblem(cost, prizes);
  if (problem) throw new Error(`Invalid prize table: ${problem}`);
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await tx
      .insert(spinSettings)
      .values({ siteId, cost, active: true })
      .onConflictDoUpdate({ target: spinSettings.siteId, set: { cost, active: true, updatedAt: new Date() } });
    await tx.delete(spinPrizes).where(eq(spinPrizes.siteId, siteId));
    await tx.insert(spinPrizes).values(prizes.map((prize, position) => ({ siteId, position, ...prize })));
  });
}

/** The probability of a weight as an exact six-place decimal: 250000 → "0.250000". */
export function probabilityOf(weight: number): string {
  return weight === PRIZE_WEIGHT_TOTAL ? '1.000000' : `0.${String(weight).padStart(6, '0')}`;
}

/** The site's active wheel, or null when it has none or its table does not sum to 1 (checked on every read too). */
export async function loadPrizeTable(db: Db, siteId: number): Promise<PrizeTable | null> {
  const [settings] = await db.select().from(spinSettings).where(eq(spinSettings.siteId, siteId)).limit(1);
  if (!settings?.active) return null;
  const rows = await db.select().from(spinPrizes).where(eq(spinPrizes.siteId, siteId)).orderBy(asc(spinPrizes.position));
  if (prizeTableProblem(settings.cost, rows)) return null;
  return {
    cost: settings.cost,
    prizes: rows.map((row, index) => ({
      prize_id: row.id,
      index,
      label: row.label,
      prize_type: row.prizeType,
      amount: row.amount,
      weight: row.weight,
      probability: probabilityOf(row.weight),
    })),
  };
}

/** Draws a prize with the weights as odds, from node:crypto's cryptographic generator. */
export function drawPrize<P extends { weight: number }>(prizes: readonly P[], draw: (max: number) => number = (max) => randomInt(max)): P {
  let ticket = draw(PRIZE_WEIGHT_TOTAL);
  for (const prize of prizes) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  // Unreachable for a valid table (weights sum to the total).
  throw new Error('Prize table does not cover the draw');
}

const ACCOUNT: Record<Exclude<PrizeType, 'none'>, PlayerWallet> = { balance: 'balance', tokens: 'tokens', frozen_tokens: 'frozen_tokens' };

export type SpinResult =
  | { ok: true; spinId: string; cost: string; prize: SpinPrize; balance: string; tokens: string; frozenTokens: string }
  | { ok: false; message: 'notFound' | 'insufficientTokens' };

class Refusal extends Error {
  constructor(readonly key: 'insufficientTokens') {
    super(key);
  }
}

/**
 * One spin, in one transaction: the cost is debited from the game tokens through the ledger (the
 * wallet's conditional UPDATE locks the row, so concurrent spins serialise and never take the tokens
 * below zero), the prize is drawn, credited to its account through the ledger and the spin recorded.
 * Too few tokens rolls everything back and answers insufficientTokens.
 */
export async function spinWheel(db: Db, player: Owner): Promise<SpinResult> {
  const table = await loadPrizeTable(db, player.siteId);
  if (!table) return { ok: false, message: 'notFound' };
  const spinId = randomUUID();
  try {
    return await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      const debit = await postToLedger(tx, {
        siteId: player.siteId,
        playerId: player.id,
        account: 'tokens',
        amount: fromMinorUnits(-toMinorUnits(table.cost)),
        counter: 'rewards',
        type: 'spin',
        reference: `spin:${spinId}`,
        idempotencyKey: `spin:${spinId}:cost`,
      });
      if (!debit.ok) throw new Refusal('insufficientTokens');
      const prize = drawPrize(table.prizes);
      if (prize.prize_type !== 'none') {
        const credit = await postToLedger(tx, {
          siteId: player.siteId,
          playerId: player.id,
          account: ACCOUNT[prize.prize_type],
          amount: prize.amount,
          counter: prize.prize_type === 'balance' ? 'bonuses' : 'rewards',
          type: 'spin_prize',
          reference: `spin:${spinId}`,
          idempotencyKey: `spin:${spinId}:prize`,
        });
        if (!credit.ok) throw new Error(`Spin prize credit refused: ${credit.message}`);
      }
      await tx.insert(spins).values({
        id: spinId,
        siteId: player.siteId,
        playerId: player.id,
        prizeId: prize.prize_id,
        position: prize.index,
        label: prize.label,
        cost: table.cost,
        prizeType: prize.prize_type,
        amount: prize.amount,
      });
      const balances = await readBalances(tx, player.id);
      return { ok: true, spinId, cost: table.cost, prize, balance: balances.balance, tokens: balances.tokens, frozenTokens: balances.frozenTokens } as const;
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.key };
    throw error;
  }
}
