import { asc, eq } from 'drizzle-orm';
import type { VipLevel } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { vipLevels } from '../db/schema.js';

/**
 * Every VIP level of a site, lowest first, as the /vip page lists them. The player's own standing
 * is /api/auth/vip (accounts/vip.ts), which reads the same rows: the page matches the two by name.
 */
export async function listVipLevels(db: Db, siteId: number): Promise<VipLevel[]> {
  const rows = await db
    .select({
      level: vipLevels.level,
      name: vipLevels.name,
      deposit_target: vipLevels.depositTarget,
      turnover_target: vipLevels.turnoverTarget,
      benefits: vipLevels.benefits,
    })
    .from(vipLevels)
    .where(eq(vipLevels.siteId, siteId))
    .orderBy(asc(vipLevels.level));
  // benefits is operator-written jsonb: anything but a list of strings shows as no benefits rather than failing the page.
  return rows.map((row) => ({ ...row, benefits: Array.isArray(row.benefits) ? row.benefits.filter((item) => typeof item === 'string') : [] }));
}
