import { createHash } from 'node:crypto';
import type { CallHandlers } from '../http/calls.js';
import { failure } from '../http/calls.js';
import { publicCall } from '../http/guards.js';
import { adVisits } from '../db/schema.js';
import type { RateLimitRule } from '../security/index.js';

/**
 * Ad visits: one row per site and visitor. The visitor is, in this order, the fbp value (the
 * _fbp cookie), the appsflyer_id, or else the client address with the user agent (hashed, so the
 * key holds no raw agent string). A repeat visit answers OK and stores nothing new.
 */
export function visitorKey(input: { fbp?: string | undefined; appsflyerId?: string | undefined; ip: string; userAgent: string }): string {
  if (input.fbp) return `fbp:${input.fbp}`;
  if (input.appsflyerId) return `af:${input.appsflyerId}`;
  const digest = createHash('sha256').update(`${input.ip}\n${input.userAgent}`).digest('hex');
  return `client:${digest}`;
}

/** Visits a client address may report per site: generous, as many players may share one address. */
export const ADS_VISIT_LIMIT: RateLimitRule = { name: 'adsvisit:ip', limit: 120, windowMs: 10 * 60 * 1000 };

export const adsHandlers: CallHandlers = {
  adsVisit: publicCall<'adsVisit'>(async ({ fbp, appsflyer_id }, { db, site, clientIp, userAgent, services }) => {
    const limit = await services.rateLimiter.hit(ADS_VISIT_LIMIT, `${site.id}:${clientIp}`);
    if (!limit.allowed) return failure('tooManyRequests');
    const fbpValue = fbp || null;
    const appsflyerValue = appsflyer_id || null;
    await db
      .insert(adVisits)
      .values({
        siteId: site.id,
        visitorKey: visitorKey({ fbp: fbpValue ?? undefined, appsflyerId: appsflyerValue ?? undefined, ip: clientIp, userAgent }),
        fbp: fbpValue,
        appsflyerId: appsflyerValue,
        ip: clientIp,
      })
      .onConflictDoNothing({ target: [adVisits.siteId, adVisits.visitorKey] });
    return { statusCode: 1, message: 'OK' };
  }),
};
