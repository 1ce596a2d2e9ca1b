import { and, asc, eq } from 'drizzle-orm';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { analyticsScripts } from '../db/schema.js';
import { resolveSiteByDomain } from '../sites/index.js';

/**
 * get_analytics names its site by domain only (like startup). The scripts are the operator's
 * code by nature, so they are not sanitised: only the active rows of that one site are answered.
 */
export const analyticsHandlers: CallHandlers = {
  getAnalytics: async ({ domain_name }, { db, services }) => {
    const check = await resolveSiteByDomain(services.siteLookup, domain_name);
    if (!check.ok) return failure(check.message);
    const rows = await db
      .select({ section: analyticsScripts.section, script: analyticsScripts.script })
      .from(analyticsScripts)
      .where(and(eq(analyticsScripts.siteId, check.site.id), eq(analyticsScripts.active, true)))
      .orderBy(asc(analyticsScripts.id));
    return { statusCode: 1, message: 'OK', value: rows };
  },
};
