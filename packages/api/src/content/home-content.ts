import { and, asc, desc, eq } from 'drizzle-orm';
import type { CallHandlers } from '../http/calls.js';
import { announcements, marquees, siteSettings, slides } from '../db/schema.js';
import { sanitizeHtml } from './sanitize.js';
import { siteContentCall } from './site-guard.js';

/** The site_settings key of the referral programme text. */
export const REFERRAL_SETTING = 'referral';

/** Home page lists of the site: slides, announcements, marquee texts and the referral text. */
export const homeContentHandlers: CallHandlers = {
  fetchSlide: siteContentCall<'fetchSlide'>(async (_payload, { db, site }) => {
    const rows = await db
      .select({ id: slides.id, title: slides.title, image_url: slides.imageUrl, link: slides.link, sort: slides.sort })
      .from(slides)
      .where(and(eq(slides.siteId, site.id), eq(slides.active, true)))
      .orderBy(asc(slides.sort), asc(slides.id));
    return { statusCode: 1, message: 'OK', value: rows.map((row) => ({ ...row, link: row.link || null })) };
  }),

  fetchAnnouncement: siteContentCall<'fetchAnnouncement'>(async (_payload, { db, site }) => {
    const rows = await db
      .select({ id: announcements.id, title: announcements.title, body: announcements.body, createdAt: announcements.createdAt })
      .from(announcements)
      .where(and(eq(announcements.siteId, site.id), eq(announcements.active, true)))
      .orderBy(desc(announcements.createdAt), desc(announcements.id));
    return {
      statusCode: 1,
      message: 'OK',
      value: rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
    };
  }),

  marquee: siteContentCall<'marquee'>(async (_payload, { db, site }) => {
    const rows = await db
      .select({ id: marquees.id, text: marquees.text })
      .from(marquees)
      .where(and(eq(marquees.siteId, site.id), eq(marquees.active, true)))
      .orderBy(asc(marquees.sort), asc(marquees.id));
    return { statusCode: 1, message: 'OK', value: rows };
  }),

  // The programme text is operator HTML: sanitised when read, like the CMS pages.
  referral: siteContentCall<'referral'>(async (_payload, { db, site }) => {
    const [row] = await db
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(and(eq(siteSettings.siteId, site.id), eq(siteSettings.key, REFERRAL_SETTING)))
      .limit(1);
    return { statusCode: 1, message: 'OK', setting_value: sanitizeHtml(row?.value ?? '') };
  }),
};
