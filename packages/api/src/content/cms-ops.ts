import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CMS_PAGES, DEFAULT_LOCALE, SEO_PAGE_NAMES, type CmsPageName, type LocaleCode, type OPERATOR_CALLS } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { cmsPages, seoPages, sites } from '../db/schema.js';
import { failure } from '../http/calls.js';
import type { ContentOperator, ContentOperatorReply } from './content-ops.js';
import { saveCmsPage, siteLocalLanguage } from './cms.js';
import { seoRecordOf } from './seo.js';
import { sanitizeHtml } from './sanitize.js';

/*
 * The back office's CMS pages and SEO records (issue 26 §2 Content, ADR 0053). Bodies are stored
 * sanitised (saveCmsPage, sanitizeHtml: the contracts' HTML_POLICY) and sanitised again when read,
 * the preview answers what a body becomes without storing it. Every change is one transaction with
 * its audit entry (reason, before and after). The player site reads both tables on every request
 * (siteinfodetail through readCms, seo through seoHandlers: no copy is kept in any process), so a
 * change shows on the site at once.
 */

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;

const OK = { statusCode: 1, message: 'OK' } as const;

type Site = { id: number; externalId: string; languages: LocaleCode[] };

/**
 * The site named by domain, if the operator may act on it, with the languages its pages may be
 * written in: its own, and English after them when it does not offer it, since English is the body
 * every page falls back to (readCms reads it for every visitor).
 */
async function siteOf(db: Db, operator: ContentOperator, domain: string): Promise<{ ok: true; site: Site } | { ok: false; reply: ContentOperatorReply }> {
  const found = await operator.site(db, domain);
  if (!found.ok) return { ok: false, reply: failure(found.message) as ContentOperatorReply };
  if (!found.value) return { ok: false, reply: failure('siteNotFound') as ContentOperatorReply };
  const [row] = await db.select({ languages: sites.languages }).from(sites).where(eq(sites.id, found.value.id));
  const languages = (row?.languages ?? []) as LocaleCode[];
  return { ok: true, site: { ...found.value, languages: languages.includes(DEFAULT_LOCALE) ? languages : [...languages, DEFAULT_LOCALE] } };
}

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((trx) => work(trx as unknown as Db));

const CMS_ROW = { page: cmsPages.page, locale: cmsPages.locale, status: cmsPages.status, body: cmsPages.body, updatedAt: cmsPages.updatedAt };
type CmsRow = { page: string; locale: string; status: boolean; body: string; updatedAt: Date };

/** Whether a sanitised body has anything to read (text or an image), not only empty tags. */
const hasContent = (html: string): boolean => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ').trim() !== '' || /<img\b/i.test(html);

export async function opsCmsPages(db: Db, operator: ContentOperator, payload: Payload<'opsCmsPages'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const { site } = found;
  const rows: CmsRow[] = await db.select(CMS_ROW).from(cmsPages).where(eq(cmsPages.siteId, site.id));
  const byKey = new Map(rows.map((row) => [`${row.page}:${row.locale}`, row]));
  return {
    ...OK,
    languages: site.languages,
    pages: CMS_PAGES.map((page) => ({
      page,
      languages: site.languages.map((locale) => {
        const row = byKey.get(`${page}:${locale}`);
        return {
          locale,
          has_body: !!row && hasContent(sanitizeHtml(row.body)),
          status: row ? row.status : null,
          updated_at: row ? row.updatedAt.toISOString() : null,
        };
      }),
    })),
  };
}

export async function opsCmsPage(db: Db, operator: ContentOperator, payload: Payload<'opsCmsPage'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const { site } = found;
  const rows: CmsRow[] = await db
    .select(CMS_ROW)
    .from(cmsPages)
    .where(and(eq(cmsPages.siteId, site.id), eq(cmsPages.page, payload.page)));
  const byLocale = new Map(rows.map((row) => [row.locale, row]));
  return {
    ...OK,
    page: payload.page,
    languages: site.languages,
    bodies: site.languages.map((locale) => {
      const row = byLocale.get(locale);
      return {
        locale,
        exists: !!row,
        body: sanitizeHtml(row?.body ?? ''),
        // A language without a row is shown once written: the form starts switched on.
        status: row ? row.status : true,
        updated_at: row ? row.updatedAt.toISOString() : null,
      };
    }),
  };
}

/** A page's row in one language, locked for the change. */
async function cmsRowFor(tx: Db, siteId: number, page: CmsPageName, locale: LocaleCode): Promise<CmsRow | undefined> {
  const [row] = await tx
    .select(CMS_ROW)
    .from(cmsPages)
    .where(and(eq(cmsPages.siteId, siteId), eq(cmsPages.page, page), eq(cmsPages.locale, locale)))
    .for('update');
  return row;
}

export async function opsCmsPageSave(db: Db, operator: ContentOperator, payload: Payload<'opsCmsPageSave'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const { site } = found;
  // A language the site does not offer: no player could ever read the page in it.
  if (!site.languages.includes(payload.locale)) return failure('validationError', { locale: ['invalidValue'] }) as ContentOperatorReply;
  return inTransaction(db, async (tx) => {
    const before = await cmsRowFor(tx, site.id, payload.page, payload.locale);
    await saveCmsPage(tx, { siteId: site.id, page: payload.page, locale: payload.locale, body: payload.body, status: payload.status });
    const after = (await cmsRowFor(tx, site.id, payload.page, payload.locale))!;
    const auditId = await operator.audit(tx, {
      action: before ? 'content.cms.update' : 'content.cms.create',
      targetType: 'cms_page',
      targetId: `${payload.page}:${payload.locale}`,
      siteId: site.id,
      reason: payload.reason,
      // Bodies are bounded (64 KiB) and the audit log is the record of what was published: kept whole.
      details: {
        page: payload.page,
        locale: payload.locale,
        before: before ? { status: before.status, body: before.body } : null,
        after: { status: after.status, body: after.body },
      },
    });
    return { ...OK, body: after.body, status: after.status, updated_at: after.updatedAt.toISOString(), audit_id: auditId };
  });
}

export async function opsCmsPreview(db: Db, operator: ContentOperator, payload: Payload<'opsCmsPreview'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  return { ...OK, body: sanitizeHtml(payload.body) };
}

export async function opsSeoPages(db: Db, operator: ContentOperator, payload: Payload<'opsSeoPages'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const { site } = found;
  const rows = await db.select().from(seoPages).where(eq(seoPages.siteId, site.id)).orderBy(asc(seoPages.pageName));
  return { ...OK, records: rows.map(seoRecordOf), page_names: SEO_PAGE_NAMES, local_language: siteLocalLanguage(site) };
}

type SeoRow = typeof seoPages.$inferSelect;
/** The fields of a record an operator writes, by column. */
const SEO_FIELDS = [
  ['en_item_name', 'enItemName'],
  ['en_body', 'enBody'],
  ['local_item_name', 'localItemName'],
  ['local_body', 'localBody'],
  ['meta_title', 'metaTitle'],
  ['meta_desc', 'metaDesc'],
  ['meta_keywords', 'metaKeywords'],
  ['meta_url', 'metaUrl'],
  ['meta_canonical', 'metaCanonical'],
  ['meta_author', 'metaAuthor'],
  ['meta_publisher', 'metaPublisher'],
  ['meta_lang', 'metaLang'],
  ['meta_image_url', 'metaImageUrl'],
] as const satisfies readonly (readonly [string, keyof SeoRow])[];

export async function opsSeoPageSave(db: Db, operator: ContentOperator, payload: Payload<'opsSeoPageSave'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const { site } = found;
  const pageName = payload.page_name.toLowerCase();
  const values = Object.fromEntries(
    SEO_FIELDS.map(([field, column]) => [column, field === 'en_body' || field === 'local_body' ? sanitizeHtml(payload[field]) : payload[field]]),
  ) as Pick<SeoRow, (typeof SEO_FIELDS)[number][1]>;
  return inTransaction(db, async (tx) => {
    const where = and(eq(seoPages.siteId, site.id), eq(seoPages.pageName, pageName));
    const [before] = await tx.select().from(seoPages).where(where).for('update');
    const [after] = before
      ? await tx.update(seoPages).set(values).where(where).returning()
      : await tx
          .insert(seoPages)
          .values({ siteId: site.id, pageName, ...values })
          .returning();
    // Only the fields that changed (two bodies of 64 KiB each would otherwise be kept on every save).
    const changed = SEO_FIELDS.filter(([, column]) => !before || before[column] !== after![column]);
    const fieldsOf = (row: SeoRow | undefined) => (row ? Object.fromEntries(changed.map(([field, column]) => [field, row[column]])) : null);
    const auditId = await operator.audit(tx, {
      action: before ? 'content.seo.update' : 'content.seo.create',
      targetType: 'seo_page',
      targetId: pageName,
      siteId: site.id,
      reason: payload.reason,
      details: { page_name: pageName, before: fieldsOf(before), after: fieldsOf(after) },
    });
    return { ...OK, record: seoRecordOf(after!), created: !before, audit_id: auditId };
  });
}
