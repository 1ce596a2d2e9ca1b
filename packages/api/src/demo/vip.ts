import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { players, playerVip, sites, vipLevels } from '../db/schema.js';

/**
 * Units of a site currency worth about one US dollar, rounded to a friendly figure, so every
 * site's VIP targets read as sensible amounts of its own money.
 */
const UNITS_PER_DOLLAR: Record<string, number> = {
  USD: 1,
  EUR: 1,
  SGD: 1,
  PHP: 50,
  MYR: 5,
  THB: 30,
  INR: 80,
  VND: 25_000,
  IDR: 15_000,
  BDT: 100,
  NPR: 130,
  KES: 130,
  CNY: 7,
  MMK: 2_000,
  BRL: 5,
  MNT: 3_000,
};

/** The demo ladder in dollars: what reaching each level takes in all (deposits, then bets). */
const LEVELS = [
  { name: 'Bronze', deposit: 0, turnover: 0, benefits: ['Welcome bonus', 'Weekly newsletter offers'] },
  { name: 'Silver', deposit: 100, turnover: 1_000, benefits: ['0.3% weekly cashback', 'Birthday bonus'] },
  { name: 'Gold', deposit: 500, turnover: 5_000, benefits: ['0.5% weekly cashback', 'Monthly reload bonus', 'Faster withdrawals'] },
  { name: 'Platinum', deposit: 2_000, turnover: 20_000, benefits: ['0.8% weekly cashback', 'Higher withdrawal limits', 'Priority support'] },
  { name: 'Diamond', deposit: 10_000, turnover: 100_000, benefits: ['1% weekly cashback', 'Personal account manager', 'Exclusive events'] },
  { name: 'Royal', deposit: 50_000, turnover: 500_000, benefits: ['1.5% weekly cashback', 'Tailor-made rewards', 'Luxury gifts'] },
] as const;

/** Level numbers start at 1 (Bronze). */
const LOWEST_LEVEL = 1;
const DEMO_LEVEL = 2;

/** An integer amount of the site currency as a numeric(20,4) string (integers only: exact). */
const amount = (dollars: number, rate: number): string => `${dollars * rate}.0000`;

/**
 * Demo VIP levels of every site and the demo players' VIP standing (docs/product.md D7): six levels
 * per site scaled to its currency; every player a standing at the lowest level, and each site's
 * 'demo' player at Silver (level 2), 60% of the way to Gold in deposits and 50% in turnover.
 */
export async function seedVip(db: Db): Promise<void> {
  const siteRows = await db.select({ id: sites.id, currency: sites.currency }).from(sites);
  for (const site of siteRows) {
    const rate = UNITS_PER_DOLLAR[site.currency] ?? 1;
    await db.insert(vipLevels).values(
      LEVELS.map((level, index) => ({
        siteId: site.id,
        level: LOWEST_LEVEL + index,
        name: level.name,
        depositTarget: amount(level.deposit, rate),
        turnoverTarget: amount(level.turnover, rate),
        benefits: [...level.benefits],
      })),
    );
    const sitePlayers = await db.select({ id: players.id, accountId: players.accountId }).from(players).where(eq(players.siteId, site.id));
    if (sitePlayers.length === 0) continue;
    await db.insert(playerVip).values(
      sitePlayers.map((player) =>
        player.accountId === 'demo'
          ? {
              playerId: player.id,
              level: DEMO_LEVEL,
              // Silver's targets carried in, plus this cycle's: (100 + 200) / 500 and (1000 + 1500) / 5000.
              startingDeposit: amount(100, rate),
              cycleDeposit: amount(200, rate),
              startingTurnover: amount(1_000, rate),
              cycleTurnover: amount(1_500, rate),
              totalDeposit: amount(300, rate),
              totalTurnover: amount(2_500, rate),
            }
          : { playerId: player.id, level: LOWEST_LEVEL },
      ),
    );
  }
}
