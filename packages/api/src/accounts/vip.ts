import { asc, eq, sql } from 'drizzle-orm';
import type { VipNextLevel } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { playerVip, vipLevels } from '../db/schema.js';
import type { CallHandlers } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';

/** The level a new player starts at: the site's lowest VIP level (0 when the site has none). */
export async function lowestVipLevel(db: Db, siteId: number): Promise<number> {
  const [row] = await db
    .select({ level: sql<number | null>`min(${vipLevels.level})` })
    .from(vipLevels)
    .where(eq(vipLevels.siteId, siteId));
  return row?.level ?? 0;
}

const ZERO = '0.0000';

/**
 * POST /api/auth/vip: totals, the current level's name and one next-level record (docs/product.md §3) per
 * level above the current one, the next first. Targets are what reaching a level takes in all;
 * the client's progress is (starting + cycle) / target (docs/product.md §9). At the top level the list holds
 * one record aimed at the top level itself, whose targets the player has met. A player without a
 * standing yet counts as the lowest level with nothing deposited or wagered.
 */
export const vipHandlers: CallHandlers = {
  vip: sessionCall<'vip'>(async (_payload, { db, session }) => {
    const levels = await db
      .select({ level: vipLevels.level, name: vipLevels.name, depositTarget: vipLevels.depositTarget, turnoverTarget: vipLevels.turnoverTarget })
      .from(vipLevels)
      .where(eq(vipLevels.siteId, session.site.id))
      .orderBy(asc(vipLevels.level));
    const [standing] = await db.select().from(playerVip).where(eq(playerVip.playerId, session.player.id)).limit(1);
    const totals = { totalDeposit: standing?.totalDeposit ?? ZERO, totalTurnover: standing?.totalTurnover ?? ZERO };
    const first = levels[0];
    if (!first) return { statusCode: 1, message: 'OK', ...totals, currentLevel: '', nextLevel: [] };

    const current = levels.findLast((level) => standing && level.level <= standing.level) ?? first;
    const above = levels.filter((level) => level.level > current.level);
    const amounts = {
      starting_deposit: standing?.startingDeposit ?? ZERO,
      cycle_deposit: standing?.cycleDeposit ?? ZERO,
      starting_turnover: standing?.startingTurnover ?? ZERO,
      cycle_turnover: standing?.cycleTurnover ?? ZERO,
    };
    const nextLevel: VipNextLevel[] = (above.length > 0 ? above : [current]).map((target) => ({
      vip_name: current.name,
      vip_name_next: target.name,
      ...amounts,
      deposit_next: target.depositTarget,
      turnover_next: target.turnoverTarget,
    }));
    return { statusCode: 1, message: 'OK', ...totals, currentLevel: current.name, nextLevel };
  }),
};
