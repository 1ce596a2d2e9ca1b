import { and, eq, inArray } from 'drizzle-orm';
import { CMS_PAGES, DEFAULT_LOCALE, type Cms, type CmsPage, type CmsPageName, type LocaleCode } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { cmsPages } from '../db/schema.js';
import type { SiteRow } from '../sites/index.js';
import { sanitizeHtml } from './sanitize.js';

/**
 * CMS pages (docs/product.md §3): about_us, privacy_policy, banking, faqs and responsible_gaming, one row
 * per site, page and locale, each with its own status. Bodies are sanitised when written
 * (saveCmsPage, the demo seed) and again when read, so a row written around this module (an
 * import, a manual SQL fix) can never reach a page unsanitised.
 */

export interface CmsPageInput {
  siteId: number;
  page: CmsPageName;
  locale: LocaleCode;
  body: string;
  /** Whether the page is shown in this language (default true). */
  status?: boolean;
}

/** Writes one page in one language, sanitised; the way every operator tool stores a CMS page. */
export async function saveCmsPage(db: Db, input: CmsPageInput): Promise<void> {
  const body = sanitizeHtml(input.body);
  const status = input.status ?? true;
  await db
    .insert(cmsPages)
    .values({ siteId: input.siteId, page: input.page, locale: input.locale, status, body })
    .onConflictDoUpdate({
      target: [cmsPages.siteId, cmsPages.page, cmsPages.locale],
      set: { body, status, updatedAt: new Date() },
    });
}

/** The site's own local language: its first language other than English, if any. */
export function siteLocalLanguage(site: Pick<SiteRow, 'languages'>): LocaleCode | null {
  return (site.languages.find((code) => code !== DEFAULT_LOCALE) as LocaleCode | undefined) ?? null;
}

type PageRow = { page: string; locale: string; status: boolean; body: string };

/**
 * The cms record of siteinfodetail. For each page:
 * - en_body: the English body, or '' when there is none;
 * - local_body: the body in `language` when the page has one in it; otherwise the body in the
 *   site's local language (its first non-English language); otherwise '';
 * - local_language: the language of local_body, null when it is empty (so a client can tell a
 *   body in the visitor's language from the site's local one);
 * - status: the page's status in `language` when the page has that language, else its English
 *   status (a page with neither takes the status of the local body's row, and a page that does
 *   not exist at all is false).
 */
export async function readCms(db: Db, site: SiteRow, language?: LocaleCode): Promise<Cms> {
  const local = siteLocalLanguage(site);
  const locales = [...new Set([DEFAULT_LOCALE, language, local].filter((code): code is LocaleCode => !!code))];
  const rows: PageRow[] = await db
    .select({ page: cmsPages.page, locale: cmsPages.locale, status: cmsPages.status, body: cmsPages.body })
    .from(cmsPages)
    .where(and(eq(cmsPages.siteId, site.id), inArray(cmsPages.locale, locales)));
  const byKey = new Map(rows.map((row) => [`${row.page}:${row.locale}`, row]));
  const find = (page: CmsPageName, locale: LocaleCode | null | undefined) => (locale ? byKey.get(`${page}:${locale}`) : undefined);

  const pageOf = (page: CmsPageName): CmsPage => {
    const en = find(page, DEFAULT_LOCALE);
    const requested = find(page, language);
    const localRow = requested ?? find(page, local);
    const localBody = sanitizeHtml(localRow?.body ?? '');
    return {
      status: requested?.status ?? en?.status ?? localRow?.status ?? false,
      en_body: sanitizeHtml(en?.body ?? ''),
      local_body: localBody,
      local_language: localBody && localRow ? (localRow.locale as LocaleCode) : null,
    };
  };
  return Object.fromEntries(CMS_PAGES.map((page) => [page, pageOf(page)])) as Cms;
}
