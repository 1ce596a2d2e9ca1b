import { and, eq } from 'drizzle-orm';
import { fromMinorUnits } from '@wl/contracts';
import type { Db } from '../db/client.js';
import {
  bankAccountChanges,
  bankAccounts,
  bankingSettings,
  banks,
  depositMethods,
  payments,
  players,
  receivingAccounts,
  } from '../db/schema.js';
import { postPending, reserve } from '../ledger/index.js';
import { between, currencyMoney, seededRandom, MINUTE, HOUR, DAY, seedSites, type CurrencyMoney, type SeedSite } from './helpers.js';
import { knownBanksOf } from '../shared/known-banks.js';
import { seedDemoBets } from './bets.js';


/**
 * Seed step 0013-banking (ADR 0015), for every demo site: its banking settings (limits in its
 * currency, at most 3 accounts a player), its currency's banks and mobile wallets, a bank-transfer
 * method (and an e-wallet one where the market has wallets) with the operator's receiving accounts;
 * and for the `demo` player two bank accounts, a pending and a
 * rejected deposit, an approved withdrawal, game rounds and sports bets, so every banking screen
 * shows data. Dated a day or more ago, so today's missions and the minigame's condition count as before.
 */
export async function seedBanking(db: Db): Promise<void> {
  const siteRows = await seedSites(db);
  const now = Date.now();
  for (const site of siteRows) {
    const random = seededRandom(`banking:${site.externalId}`);
    const money = currencyMoney(site.currency);
    await seedSettings(db, site.id, money);
    const bankIds = await seedBanks(db, site);
    const methods = await seedMethods(db, site, bankIds, random);
    const [demo] = await db
      .select({ id: players.id, fullName: players.fullName })
      .from(players)
      .where(and(eq(players.siteId, site.id), eq(players.accountId, 'demo')))
      .limit(1);
    if (!demo) continue;
    const accountIds = await seedDemoAccounts(db, site, demo, bankIds, random, now);
    await seedDemoPayments(db, site, demo.id, money, methods, accountIds[0]!, now);
    await seedDemoBets(db, site, demo.id, money, now);
  }
}

async function seedSettings(db: Db, siteId: number, money: CurrencyMoney): Promise<void> {
  await db.insert(bankingSettings).values({
    siteId,
    minDeposit: fromMinorUnits(money.of(10)),
    maxDeposit: fromMinorUnits(money.of(5_000)),
    minWithdrawal: fromMinorUnits(money.of(20)),
    maxWithdrawal: fromMinorUnits(money.of(10_000)),
    maxBankAccounts: 3,
    maxPendingDeposits: 3,
  });
}

type BankIds = { id: number; code: string; kind: 'bank' | 'e_wallet' }[];

async function seedBanks(db: Db, site: SeedSite): Promise<BankIds> {
  const list = knownBanksOf(site.currency);
  return db
    .insert(banks)
    .values(list.map((entry, sort) => ({ siteId: site.id, code: entry.code, name: entry.name, kind: entry.kind, sort })))
    .returning({ id: banks.id, code: banks.code, kind: banks.kind });
}

/** A plausible account number: `length` digits, never starting with 0 (some banks' numbers do; the demo's need not). */
function digits(random: () => number, length: number): string {
  let text = String(between(random, 1, 9));
  while (text.length < length) text += String(between(random, 0, 9));
  return text;
}

interface SeededMethod {
  methodId: number;
  receivingAccountId: number;
}

async function seedMethods(db: Db, site: SeedSite, bankIds: BankIds, random: () => number): Promise<SeededMethod[]> {
  const holder = `${site.siteName.toUpperCase().replace(/[^A-Z0-9 &]/g, '')} GAMING LTD`;
  const methods: SeededMethod[] = [];
  const [transfer] = await db
    .insert(depositMethods)
    .values({
      siteId: site.id,
      code: 'bank_transfer',
      kind: 'bank_transfer',
      name: 'Bank transfer',
      instructions:
        'Transfer the amount to one of the accounts below from an account in your own name, then submit the form with the ' +
        "transfer's reference number or a screenshot of the receipt. Deposits are credited once matched, usually within 15 minutes.",
      sort: 0,
    })
    .returning({ id: depositMethods.id });
  const targets = bankIds.filter((entry) => entry.kind === 'bank').slice(0, 2);
  const receiving = await db
    .insert(receivingAccounts)
    .values(targets.map((entry, sort) => ({ siteId: site.id, methodId: transfer!.id, bankId: entry.id, accountName: holder, accountNumber: digits(random, 10 + sort * 2), sort })))
    .returning({ id: receivingAccounts.id });
  methods.push({ methodId: transfer!.id, receivingAccountId: receiving[0]!.id });

  const wallet = bankIds.find((entry) => entry.kind === 'e_wallet');
  if (wallet) {
    const [method] = await db
      .insert(depositMethods)
      .values({
        siteId: site.id,
        code: 'e_wallet',
        kind: 'e_wallet',
        name: 'E-wallet',
        instructions: 'Send the amount to the wallet account below, then submit the form with the transaction number or a screenshot.',
        sort: 1,
      })
      .returning({ id: depositMethods.id });
    const [account] = await db
      .insert(receivingAccounts)
      .values({ siteId: site.id, methodId: method!.id, bankId: wallet.id, accountName: holder, accountNumber: digits(random, 11) })
      .returning({ id: receivingAccounts.id });
    methods.push({ methodId: method!.id, receivingAccountId: account!.id });
  }
  return methods;
}

async function seedDemoAccounts(
  db: Db,
  site: SeedSite,
  demo: { id: number; fullName: string },
  bankIds: BankIds,
  random: () => number,
  now: number,
): Promise<number[]> {
  const name = demo.fullName || 'Demo Player';
  const choices = [bankIds.find((entry) => entry.kind === 'bank')!, bankIds.find((entry) => entry.kind === 'e_wallet') ?? bankIds[1]!];
  const rows = await db
    .insert(bankAccounts)
    .values(
      choices.map((entry, index) => ({
        siteId: site.id,
        playerId: demo.id,
        bankId: entry.id,
        accountName: name,
        accountNumber: digits(random, entry.kind === 'e_wallet' ? 11 : 12),
        isDefault: index === 0,
        createdAt: new Date(now - (20 - index * 5) * DAY),
      })),
    )
    .returning({ id: bankAccounts.id, createdAt: bankAccounts.createdAt, isDefault: bankAccounts.isDefault });
  await db.insert(bankAccountChanges).values(
    rows.map((row) => ({ siteId: site.id, playerId: demo.id, bankAccountId: row.id, action: 'add' as const, actor: 'seed', details: { is_default: row.isDefault }, createdAt: row.createdAt })),
  );
  return rows.map((row) => row.id);
}

/**
 * The demo player's requests: a deposit waiting for the operator (two hours ago), one rejected last
 * week, and a withdrawal to its default account approved two days ago (held when requested, paid
 * out when approved: the keys follow the demo data's `seed:payment:<id>`).
 */
async function seedDemoPayments(db: Db, site: SeedSite, playerId: number, money: CurrencyMoney, methods: SeededMethod[], bankAccountId: number, now: number): Promise<void> {
  const transfer = methods[0]!;
  const rows = await db
    .insert(payments)
    .values([
      {
        siteId: site.id,
        playerId,
        kind: 'deposit',
        amount: fromMinorUnits(money.of(50)),
        status: 'pending',
        methodId: transfer.methodId,
        receivingAccountId: transfer.receivingAccountId,
        transferReference: `FT${site.id}${String(now).slice(-8)}`,
        createdAt: new Date(now - 2 * HOUR),
      },
      {
        siteId: site.id,
        playerId,
        kind: 'deposit',
        amount: fromMinorUnits(money.of(100)),
        status: 'rejected',
        methodId: transfer.methodId,
        receivingAccountId: transfer.receivingAccountId,
        transferReference: `FT${site.id}${String(now - 7 * DAY).slice(-8)}`,
        createdAt: new Date(now - 7 * DAY),
        decidedAt: new Date(now - 7 * DAY + 40 * MINUTE),
        decidedBy: 'seed',
        decisionReason: 'No transfer with this reference reached our account.',
      },
      {
        siteId: site.id,
        playerId,
        kind: 'withdrawal',
        amount: fromMinorUnits(money.of(30)),
        status: 'approved',
        bankAccountId,
        createdAt: new Date(now - 2 * DAY),
        decidedAt: new Date(now - 2 * DAY + 25 * MINUTE),
        decidedBy: 'seed',
        decisionReason: 'Paid',
      },
    ])
    .returning({ id: payments.id, kind: payments.kind, amount: payments.amount, createdAt: payments.createdAt, decidedAt: payments.decidedAt });
  for (const row of rows) {
    await db.update(payments).set({ reference: `${row.kind === 'deposit' ? 'DP' : 'WD'}-${row.id}` }).where(eq(payments.id, row.id));
  }
  const withdrawal = rows.find((row) => row.kind === 'withdrawal')!;
  // Requested (the amount reserved), then approved and paid out (the reservation posted), as the operator's approval does.
  const reference = `payment:${withdrawal.id}`;
  const held = await reserve(db, {
    siteId: site.id,
    debit: { playerId, wallet: 'balance' },
    credit: { system: 'withdrawals' },
    amount: withdrawal.amount,
    type: 'withdrawal',
    reference,
    idempotencyKey: `seed:payment:${withdrawal.id}`,
    createdAt: withdrawal.createdAt,
  });
  if (!held.ok) throw new Error(`Seed withdrawal of site ${site.externalId} refused: ${held.message}`);
  await postPending(db, {
    siteId: site.id,
    pendingKey: `seed:payment:${withdrawal.id}`,
    type: 'withdrawal',
    reference,
    idempotencyKey: `seed:payment:${withdrawal.id}:payout`,
    createdAt: withdrawal.decidedAt!,
  });
}
