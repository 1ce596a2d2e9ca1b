import { asc, eq } from 'drizzle-orm';
import type { CallHandlers } from '../http/calls.js';
import { partners, socialAccounts } from '../db/schema.js';
import { readCms } from './cms.js';
import { siteContentCall } from './site-guard.js';

/** The site's social accounts, partners and CMS pages. */
export const siteInfoHandlers: CallHandlers = {
  socialAccount: siteContentCall<'socialAccount'>(async (_payload, { db, site }) => {
    const rows = await db
      .select({ type: socialAccounts.type, name: socialAccounts.name, link: socialAccounts.link, icon: socialAccounts.icon })
      .from(socialAccounts)
      .where(eq(socialAccounts.siteId, site.id))
      .orderBy(asc(socialAccounts.sort), asc(socialAccounts.id));
    return { statusCode: 1, message: 'OK', accountList: rows };
  }),

  partners: siteContentCall<'partners'>(async (_payload, { db, site }) => {
    const rows = await db
      .select({ href: partners.href, img_url: partners.imgUrl, partner_name: partners.partnerName })
      .from(partners)
      .where(eq(partners.siteId, site.id))
      .orderBy(asc(partners.sort), asc(partners.id));
    return { statusCode: 1, message: 'OK', partners: rows };
  }),

  siteInfoDetail: siteContentCall<'siteInfoDetail'>(async ({ language }, { db, site }) => {
    return { statusCode: 1, message: 'OK', cms: await readCms(db, site, language) };
  }),
};
