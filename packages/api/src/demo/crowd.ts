import { eq } from 'drizzle-orm';
import { fromMinorUnits } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { payments, players } from '../db/schema.js';
import { newReferralCode } from '../accounts/referral-code.js';
import { gameAccount, postBatchToLedger, type BatchPosting } from '../ledger/index.js';
import { ledgerKeys } from '../banking/transitions.js';
import { between, pick, MINUTE, HOUR, DAY, type CurrencyMoney, type OfferedGame, type SeedSite } from './helpers.js';


const NAMES = [
  'lucky', 'ace', 'king', 'jun', 'mika', 'rico', 'bella', 'tiger', 'dragon', 'mario', 'ana', 'leo', 'nguyen', 'budi',
  'siti', 'raj', 'arjun', 'chen', 'wei', 'kim', 'nam', 'linh', 'putri', 'dewi', 'joko', 'ali', 'omar', 'carlos', 'joao',
  'pedro', 'sam', 'max', 'zoe', 'mia', 'neo', 'kai', 'ryu', 'ken', 'bao', 'jay', 'rina', 'tony', 'hana', 'yuki', 'minh',
  'tuan', 'andi', 'rizal', 'jose', 'paolo', 'bima', 'sora', 'ming', 'arif', 'nina', 'vito', 'kris', 'lina', 'dara',
];
const SUFFIXES = ['88', '99', '777', '168', 'win', 'bet', 'pro', 'vip', 'x', '01', '23', 'ph', 'jr', 'boss'];
/** Typical deposits and withdrawals, in US dollars before conversion to the site currency. */
const DEPOSIT_USD = [10, 10, 20, 20, 25, 30, 50, 50, 50, 100, 100, 150, 200, 300, 500, 1000];
// Smaller than a casino's deposits on the whole, as at a real one: the house keeps a share (the money report's GGR).
const WITHDRAWAL_USD = [20, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300, 500, 800];
/** Games wins come from: the categories where players win big. */
const WIN_CATEGORIES = new Set(['slots', 'fish', 'livecasino', 'crash', 'arcade']);

interface CrowdOptions {
  site: SeedSite;
  passwordHash: string;
  money: CurrencyMoney;
  offered: OfferedGame[];
  random: () => number;
  now: number;
}

interface PlannedPayment {
  reference: string;
  playerId: number;
  kind: 'deposit' | 'withdrawal';
  amount: bigint;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: number;
  decidedAt: number | null;
}

/**
 * 25 to 40 other players of the site, created over the last 60 days, with approved deposits and
 * withdrawals over the last three weeks (more of them recent), a few pending and one rejected.
 * Deposits are credited when approved; a withdrawal holds its amount when requested (docs/product.md
 * D6). A player whose balance is short of a withdrawal first won the difference and more at a game
 * (a 'win' entry naming it), so no balance ever goes below zero. The entries go to the ledger in
 * one batch (postBatchToLedger), dated when their cause happened.
 */
export async function seedCrowd(db: Db, options: CrowdOptions): Promise<void> {
  const { site, money, random, now } = options;
  const taken = new Set((await db.select({ accountId: players.accountId }).from(players).where(eq(players.siteId, site.id))).map((row) => row.accountId));

  const count = between(random, 25, 40);
  const rows: (typeof players.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const accountId = uniqueAccountId(random, taken);
    const createdAt = now - HOUR - Math.floor(random() * (60 * DAY - HOUR));
    const lastLoginAt = random() < 0.45 ? now - Math.floor(random() * 20 * HOUR) : createdAt + Math.floor(random() * (now - createdAt));
    rows.push({
      siteId: site.id,
      accountId,
      passwordHash: options.passwordHash,
      contactPhone: `${between(random, 6, 9)}${String(between(random, 0, 999_999_999)).padStart(9, '0')}`,
      referralCode: newReferralCode(),
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
      lastLoginAt: new Date(lastLoginAt),
    });
  }
  const crowd = await db.insert(players).values(rows).returning({ id: players.id, createdAt: players.createdAt });

  // Plan the payments.
  const planned: PlannedPayment[] = [];
  const depositors: number[] = [];
  const reference = (kind: 'deposit' | 'withdrawal') => `${kind === 'deposit' ? 'DP' : 'WD'}${site.id}-${String(planned.length + 1).padStart(5, '0')}`;
  /** A time in [from, now]; the higher `bias`, the more likely recent. */
  const recent = (from: number, bias = 1.6) => now - Math.floor((now - from) * random() ** bias);
  for (const player of crowd) {
    if (random() >= 0.85) continue; // registered, never deposited
    const from = Math.max(player.createdAt.getTime() + 10 * MINUTE, now - 21 * DAY);
    const times = Array.from({ length: between(random, 1, 4) }, () => recent(from)).sort((a, b) => a - b);
    let firstDepositUsd = 0;
    for (const createdAt of times) {
      const decidedAt = createdAt + between(random, 1, 12) * MINUTE;
      const usd = pick(random, DEPOSIT_USD);
      if (firstDepositUsd === 0) firstDepositUsd = usd;
      planned.push({
        reference: reference('deposit'),
        playerId: player.id,
        kind: 'deposit',
        amount: money.of(usd),
        status: decidedAt <= now ? 'approved' : 'pending',
        createdAt,
        decidedAt: decidedAt <= now ? decidedAt : null,
      });
    }
    depositors.push(player.id);
    const firstDecided = times[0]! + 12 * MINUTE;
    if (firstDecided + 30 * MINUTE >= now || random() >= 0.7) continue;
    // A winner takes out at most about their first deposit: most of the crowd's money stays in play.
    const affordable = WITHDRAWAL_USD.filter((usd) => usd <= firstDepositUsd);
    if (affordable.length === 0) continue;
    for (let w = between(random, 1, 2); w > 0; w--) {
      const createdAt = recent(firstDecided + 30 * MINUTE, 1);
      const decidedAt = createdAt + between(random, 5, 90) * MINUTE;
      planned.push({
        reference: reference('withdrawal'),
        playerId: player.id,
        kind: 'withdrawal',
        amount: money.of(pick(random, affordable)),
        status: decidedAt <= now ? 'approved' : 'pending',
        createdAt,
        decidedAt: decidedAt <= now ? decidedAt : null,
      });
    }
  }
  // Always a few payments waiting for the operator, and one refused.
  for (let i = 0; i < 2 && depositors.length > 0; i++) {
    planned.push({
      reference: reference('deposit'),
      playerId: pick(random, depositors),
      kind: 'deposit',
      amount: money.of(pick(random, DEPOSIT_USD)),
      status: 'pending',
      createdAt: now - between(random, 2, 50) * MINUTE,
      decidedAt: null,
    });
  }
  if (depositors.length > 0) {
    planned.push({
      reference: reference('withdrawal'),
      playerId: pick(random, depositors),
      kind: 'withdrawal',
      amount: money.of(pick(random, WITHDRAWAL_USD.slice(0, 8))),
      status: 'pending',
      createdAt: now - between(random, 5, 40) * MINUTE,
      decidedAt: null,
    });
    const rejectedAt = now - between(random, 30, 60) * HOUR;
    const joined = new Map(crowd.map((player) => [player.id, player.createdAt.getTime()]));
    const earlier = depositors.filter((id) => joined.get(id)! < rejectedAt);
    if (earlier.length > 0) {
      planned.push({
        reference: reference('deposit'),
        playerId: pick(random, earlier),
        kind: 'deposit',
        amount: money.of(pick(random, DEPOSIT_USD)),
        status: 'rejected',
        createdAt: rejectedAt,
        decidedAt: rejectedAt + 20 * MINUTE,
      });
    }
  }
  if (planned.length === 0) return;

  const inserted = await db
    .insert(payments)
    .values(
      planned.map((payment) => ({
        siteId: site.id,
        playerId: payment.playerId,
        kind: payment.kind,
        amount: fromMinorUnits(payment.amount),
        status: payment.status,
        reference: payment.reference,
        createdAt: new Date(payment.createdAt),
        decidedAt: payment.decidedAt === null ? null : new Date(payment.decidedAt),
      })),
    )
    .returning({ id: payments.id, reference: payments.reference });
  const idOf = new Map(inserted.map((row) => [row.reference, row.id]));

  // Post in the order things happened: deposits when approved, withdrawals (holds) when requested.
  const winGames = options.offered.filter((game) => WIN_CATEGORIES.has(game.gameType));
  const events = planned
    .filter((payment) => (payment.kind === 'deposit' ? payment.status === 'approved' : payment.status !== 'rejected'))
    .map((payment) => ({ payment, at: payment.kind === 'deposit' ? payment.decidedAt! : payment.createdAt }))
    .sort((a, b) => a.at - b.at);
  const balances = new Map<number, bigint>();
  const postings: BatchPosting[] = [];
  for (const { payment, at } of events) {
    const id = idOf.get(payment.reference)!;
    const balance = balances.get(payment.playerId) ?? 0n;
    const base = { playerId: payment.playerId, account: 'balance' as const };
    if (payment.kind === 'deposit') {
      postings.push({ ...base, amount: fromMinorUnits(payment.amount), counter: 'deposits', type: 'deposit', reference: `payment:${id}`, idempotencyKey: `seed:payment:${id}`, createdAt: new Date(at) });
      // Then a game session on it: stakes of 30-90% of the deposit, won back in part (the house's edge).
      const game = options.offered.length > 0 ? pick(random, options.offered) : null;
      const stake = ((payment.amount * BigInt(between(random, 30, 90))) / 100n / 100n) * 100n;
      const won = ((stake * BigInt(between(random, 0, 90))) / 100n / 100n) * 100n;
      const played = { ...base, counter: gameAccount(game?.providerCode ?? 'unattributed'), reference: game ? `game:${game.providerCode}:${game.gameCode}` : 'game' };
      const playedAt = new Date(Math.min(at + MINUTE, now));
      if (stake > 0n) postings.push({ ...played, amount: fromMinorUnits(-stake), type: 'bet', idempotencyKey: `seed:play:${id}:bet`, createdAt: playedAt });
      if (won > 0n) postings.push({ ...played, amount: fromMinorUnits(won), type: 'win', idempotencyKey: `seed:play:${id}:win`, createdAt: playedAt });
      balances.set(payment.playerId, balance + payment.amount - stake + won);
      continue;
    }
    let available = balance;
    if (available < payment.amount) {
      const game = winGames.length > 0 ? pick(random, winGames) : null;
      const win = payment.amount - available + money.of(between(random, 5, 60));
      postings.push({
        ...base,
        amount: fromMinorUnits(win),
        counter: gameAccount(game?.providerCode ?? 'unattributed'),
        type: 'win',
        reference: game ? `game:${game.providerCode}:${game.gameCode}` : 'game',
        idempotencyKey: `seed:win:${id}`,
        createdAt: new Date(at - 12 * MINUTE),
      });
      available += win;
    }
    postings.push({
      ...base,
      amount: fromMinorUnits(-payment.amount),
      counter: 'withdrawals',
      // A withdrawal still waiting for the operator only reserves its amount (ADR 0024).
      pending: payment.status === 'pending',
      type: 'withdrawal',
      reference: `payment:${id}`,
      // A pending one under the key of a withdrawal request, which the operator's decision settles.
      idempotencyKey: payment.status === 'pending' ? ledgerKeys.withdrawalHold(id) : `seed:payment:${id}`,
      createdAt: new Date(at),
    });
    balances.set(payment.playerId, available - payment.amount);
  }
  const result = await postBatchToLedger(db, site.id, postings);
  if (!result.ok) throw new Error(`Seed ledger batch of site ${site.externalId} refused: ${result.message}`);
}

/** A random-looking account id (4 to 16 lower-case letters and digits) not yet taken on the site. */
function uniqueAccountId(random: () => number, taken: Set<string>): string {
  for (;;) {
    const name = pick(random, NAMES);
    const tail = random() < 0.6 ? String(between(random, 1, 9999)) : pick(random, SUFFIXES);
    let id = `${name}${tail}`.slice(0, 16);
    while (id.length < 4) id += String(between(random, 0, 9));
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}
