import { and, eq, inArray, or } from 'drizzle-orm';
import { fromMinorUnits } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { favourites, games, inboxItems, payments, players } from '../db/schema.js';
import { currencyMoney, seedPost, seededRandom, unitsAndCents, MINUTE, HOUR, DAY, seedSites, type CurrencyMoney, type OfferedGame, type SeedSite } from './helpers.js';
import { seedCrowd } from './crowd.js';
import { selectOfferedGames } from '../rewards/favourites.js';


/**
 * Demo balances, favourites, inbox items and payments (docs/product.md D7), for every site:
 * - the `demo` player: a deposit and welcome tokens, 4 to 6 favourites of games the site offers,
 *   5 inbox messages (two claimable rewards, one balance and one token, one reward already claimed
 *   with its ledger credit, two plain messages);
 * - the `blocked` player: a small deposit;
 * - 25 to 40 other players with approved deposits and withdrawals over the last weeks (and a few
 *   pending ones), so the home tickers, statistics and winners board show real data.
 * Every balance comes from ledger entries: the demo and blocked players' posted with postToLedger
 * (keys `seed:...`, and `inbox:<id>` for the claimed message, as a real claim posts), the other
 * players' with one postBatchToLedger per site (same guarantees, a few statements).
 */
export async function seedRewards(db: Db): Promise<void> {
  const siteRows = await seedSites(db);
  const now = Date.now();
  for (const site of siteRows) {
    const random = seededRandom(`rewards:${site.externalId}`);
    const money = currencyMoney(site.currency);
    const named = await db
      .select({ id: players.id, accountId: players.accountId, passwordHash: players.passwordHash })
      .from(players)
      .where(and(eq(players.siteId, site.id), inArray(players.accountId, ['demo', 'blocked'])));
    const demo = named.find((row) => row.accountId === 'demo');
    const blocked = named.find((row) => row.accountId === 'blocked');
    if (!demo) continue;
    const offered = await offeredGames(db, site.id);

    await seedDemoPlayer(db, site, demo.id, money, offered, random, now);
    if (blocked) {
      await seedDeposit(db, site, blocked.id, money.of(20), new Date(now - 9 * DAY));
    }
    await seedCrowd(db, { site, passwordHash: demo.passwordHash, money, offered, random, now });
  }
}

/** An approved deposit of `amount` (ten-thousandths) at `at`, credited through the ledger. */
async function seedDeposit(db: Db, site: SeedSite, playerId: number, amount: bigint, at: Date): Promise<void> {
  const [row] = await db
    .insert(payments)
    .values({
      siteId: site.id,
      playerId,
      kind: 'deposit',
      amount: fromMinorUnits(amount),
      status: 'approved',
      reference: `DP${site.id}-${playerId}-${at.getTime().toString(36).toUpperCase()}`,
      createdAt: at,
      decidedAt: new Date(at.getTime() + 4 * MINUTE),
    })
    .returning({ id: payments.id });
  await seedPost(db, {
    siteId: site.id,
    playerId,
    account: 'balance',
    amount: fromMinorUnits(amount),
    counter: 'deposits',
    type: 'deposit',
    reference: `payment:${row!.id}`,
    idempotencyKey: `seed:payment:${row!.id}`,
    // Dated when its cause happened, so statements read right.
    createdAt: new Date(at.getTime() + 4 * MINUTE),
  });
}

/** Games of the catalogue the site offers that its lists feature (hot, featured or popular). */
async function offeredGames(db: Db, siteId: number): Promise<OfferedGame[]> {
  return selectOfferedGames(db, siteId, or(eq(games.hot, true), eq(games.featured, true), eq(games.popular, true))).orderBy(games.id);
}

async function seedDemoPlayer(
  db: Db,
  site: SeedSite,
  playerId: number,
  money: CurrencyMoney,
  offered: OfferedGame[],
  random: () => number,
  now: number,
): Promise<void> {
  // A balance with cents where the currency has them (1,250.50 dollars, 14,000.50 pesos, 6,250,000 dong).
  const deposit = money.of(250) + (money.cents ? unitsAndCents(0n, 50n) : 0n);
  await seedDeposit(db, site, playerId, deposit, new Date(now - 3 * DAY));
  await seedPost(db, {
    siteId: site.id,
    playerId,
    account: 'tokens',
    amount: '300',
    counter: 'rewards',
    type: 'bonus',
    reference: 'welcome tokens',
    idempotencyKey: 'seed:demo:welcome-tokens',
  });

  // Favourites: 4 to 6 games, as many categories as possible, most recent first.
  const shuffled = [...offered];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const count = 4 + Math.floor(random() * 3);
  const chosen: OfferedGame[] = [];
  const types = new Set<string>();
  for (const game of shuffled) {
    if (chosen.length < count && !types.has(game.gameType)) {
      chosen.push(game);
      types.add(game.gameType);
    }
  }
  for (const game of shuffled) if (chosen.length < count && !chosen.includes(game)) chosen.push(game);
  if (chosen.length > 0) {
    await db.insert(favourites).values(
      chosen.map((game, index) => ({
        playerId,
        providerCode: game.providerCode,
        gameCode: game.gameCode,
        gameName: game.gameName,
        gameType: game.gameType,
        imgUrl: game.imageUrl,
        createdAt: new Date(now - (index + 1) * 7 * HOUR),
      })),
    );
  }

  // Inbox: newest first on screen.
  const balanceReward = money.of(10);
  const claimedReward = money.of(5);
  const items = [
    {
      title: 'Free game tokens',
      body: 'Thanks for playing with us! 50 free tokens are waiting for you. Claim them and try your luck on the mini-games.',
      rewardAmount: '50.0000',
      rewardType: 'token' as const,
      createdAt: new Date(now - 3 * HOUR),
    },
    {
      title: 'Weekend reload bonus',
      body: `Your weekend reload bonus of ${site.currency} ${fromMinorUnits(balanceReward)} is ready.\nClaim it before Monday.`,
      rewardAmount: fromMinorUnits(balanceReward),
      rewardType: 'balance' as const,
      createdAt: new Date(now - 26 * HOUR),
    },
    {
      title: 'Scheduled maintenance',
      body: 'Some providers will be under maintenance on Tuesday from 02:00 to 04:00 (GMT+8). Your balance is safe.',
      createdAt: new Date(now - 5 * DAY),
    },
    {
      title: 'Happy birthday!',
      body: `Happy birthday from ${site.siteName}! A birthday gift of ${site.currency} ${fromMinorUnits(claimedReward)} is in your inbox.`,
      rewardAmount: fromMinorUnits(claimedReward),
      rewardType: 'balance' as const,
      createdAt: new Date(now - 10 * DAY),
      readAt: new Date(now - 10 * DAY + 2 * HOUR),
      claimedAt: new Date(now - 10 * DAY + 2 * HOUR),
    },
    {
      title: `Welcome to ${site.siteName}`,
      body: 'Your account is ready. Check the promotions page for your welcome offers, and contact live chat any time.',
      createdAt: new Date(now - 20 * DAY),
      readAt: new Date(now - 20 * DAY + HOUR),
    },
  ];
  const inserted = await db
    .insert(inboxItems)
    .values(items.map((item) => ({ siteId: site.id, playerId, ...item })))
    .returning({ id: inboxItems.id, amount: inboxItems.rewardAmount, claimedAt: inboxItems.claimedAt });
  for (const item of inserted) {
    if (!item.claimedAt || !item.amount) continue;
    // The credit a claim posts, under the claim's own key.
    await seedPost(db, {
      siteId: site.id,
      playerId,
      account: 'balance',
      amount: item.amount,
      counter: 'bonuses',
      type: 'claim',
      reference: `inbox:${item.id}`,
      idempotencyKey: `inbox:${item.id}`,
      createdAt: item.claimedAt,
    });
  }
}
