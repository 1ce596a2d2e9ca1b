import { z } from 'zod';
import { okFields } from '../envelope.js';
import { LOCALE_CODES } from '../constants/locales.js';
import { HOME_SEO_PAGE_NAME, ROUTE_PATHS } from '../constants/routes.js';
import { CMS_PAGES } from './settings.js';
import { seoRecord } from './seo.js';
import { plainText } from './content-ops.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';

/*
 * The back office's Content screen, CMS pages and SEO (issue 26 §2 Content, ADR 0053): a site's
 * CMS pages per language and its SEO records per page, read and written. Bodies are operator HTML:
 * the server sanitises them with the contracts' HTML_POLICY on every write (and again on every
 * read), and opsCmsPreview answers exactly what a body becomes, without storing it. Meta fields
 * are plain text (markup refused) or addresses.
 */

/** A body's limit: 64 KiB of UTF-8. */
export const CMS_BODY_MAX_BYTES = 64 * 1024;
/**
 * The request body limit of the calls that carry bodies: two bodies (an SEO record's English and
 * local texts) of 64 KiB each, doubled for JSON escaping, and the other fields.
 */
export const CMS_CALL_BODY_LIMIT_BYTES = 320 * 1024;

/** The SEO page names the player site asks for: each route's name, home for "/" (docs/product.md §2). */
export const SEO_PAGE_NAMES = ROUTE_PATHS.map((path) => (path === '/' ? HOME_SEO_PAGE_NAME : path.slice(1)));

/** The length of a string in UTF-8 (the contracts run in browsers and in Node: no TextEncoder typing here). */
function utf8Bytes(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Operator HTML up to 64 KiB, sanitised by the server; '' clears the body. */
const htmlBody = z
  .string('invalidValue')
  .max(CMS_BODY_MAX_BYTES, 'tooLong')
  // Counted in bytes too (one tooLong: a body over the limit in characters is not counted again).
  .refine((value) => value.length > CMS_BODY_MAX_BYTES || utf8Bytes(value) <= CMS_BODY_MAX_BYTES, 'tooLong')
  .describe('HTML up to 64 KiB; sanitised with the HTML policy before it is stored (scripts, handlers and unsafe addresses go).');

/** Plain text up to `max` characters, or '' (the field left empty). */
const optionalText = (max: number) =>
  z
    .string('invalidValue')
    .trim()
    .max(max, 'tooLong')
    .refine((value) => value === '' || plainText(max).safeParse(value).success, 'invalidFormat');

/** An address of a page or image: a site path ("/slots") or an https address; '' for none. */
export const SEO_ADDRESS = /^(https:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)?$/;
const address = z.string('invalidValue').trim().max(500, 'tooLong').regex(SEO_ADDRESS, 'invalidFormat');
/** A language tag such as "en" or "zh-CN"; '' for none. */
const languageTag = z
  .string('invalidValue')
  .trim()
  .max(35, 'tooLong')
  .regex(/^([A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)?$/, 'invalidFormat');

const locale = z.enum(LOCALE_CODES, 'invalidValue');
const cmsPageName = z.enum(CMS_PAGES, 'invalidValue').describe('about_us, privacy_policy, banking, faqs, responsible_gaming or terms_conditions.');

export const opsCmsLanguageState = z.object({
  locale,
  has_body: z.boolean().describe('Whether the page has a body with content in this language.'),
  status: z.boolean().nullable().describe('Whether the page is shown in this language; null when it has no row in it.'),
  updated_at: z.string().nullable(),
});

export const opsCmsPagesReply = z.object({
  ...okFields,
  languages: z.array(locale).describe("The site's languages, in its order, and English last when the site does not offer it (every page's fallback body)."),
  pages: z.array(z.object({ page: z.enum(CMS_PAGES), languages: z.array(opsCmsLanguageState) })),
});
export type OpsCmsPagesReply = z.infer<typeof opsCmsPagesReply>;

export const opsCmsPages = defineOperatorCall({
  path: '/api/ops/content/cms',
  summary: `Every CMS page of a site with, per language of the site, whether it has a body, its status and when it changed. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: z.strictObject({ site: siteField }),
  reply: opsCmsPagesReply,
});

export const opsCmsPageBody = z.object({
  locale,
  exists: z.boolean().describe('Whether the page has a row in this language.'),
  body: z.string().describe("Sanitised HTML ('' when none)."),
  status: z.boolean(),
  updated_at: z.string().nullable(),
});
export type OpsCmsPageBody = z.infer<typeof opsCmsPageBody>;

export const opsCmsPageReply = z.object({
  ...okFields,
  page: z.enum(CMS_PAGES),
  languages: z.array(locale),
  bodies: z.array(opsCmsPageBody).describe("One per language of the site, in the site's order."),
});
export type OpsCmsPageReply = z.infer<typeof opsCmsPageReply>;

export const opsCmsPage = defineOperatorCall({
  path: '/api/ops/content/cms/page',
  summary: `One CMS page of a site: its body and status in every language of the site. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: z.strictObject({ site: siteField, page: cmsPageName }),
  reply: opsCmsPageReply,
});

export const opsCmsPageSavePayload = z.strictObject({
  site: siteField,
  page: cmsPageName,
  locale: locale.describe("One of the site's languages, or English (every page's fallback); validationError with invalidValue otherwise."),
  body: htmlBody,
  status: z.boolean('invalidValue').describe('Shown on the site in this language.'),
  reason,
});

export const opsCmsPageSave = defineOperatorCall({
  path: '/api/ops/content/cms/save',
  summary: `Stores a CMS page's body (sanitised) and status in one language of the site; the site shows it at once. The reply carries the body as stored. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsCmsPageSavePayload,
  reply: z.object({
    ...okFields,
    body: z.string().describe('The body as stored: sanitised.'),
    status: z.boolean(),
    updated_at: z.string(),
    audit_id: z.number().int().positive(),
  }),
});

export const opsCmsPreview = defineOperatorCall({
  path: '/api/ops/content/cms/preview',
  summary: `What a body becomes once sanitised, exactly as the site would show it; nothing is stored. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: z.strictObject({ site: siteField, body: htmlBody }),
  reply: z.object({ ...okFields, body: z.string().describe('The sanitised HTML.') }),
});

export const opsSeoPagesReply = z.object({
  ...okFields,
  records: z.array(seoRecord).describe("The site's SEO records by page name (bodies sanitised)."),
  page_names: z.array(z.string()).describe('Every page name the player site asks for (a route name, home for the home page).'),
  local_language: locale.nullable().describe("The site's local language (its first other than English): the language of the local fields."),
});
export type OpsSeoPagesReply = z.infer<typeof opsSeoPagesReply>;

export const opsSeoPages = defineOperatorCall({
  path: '/api/ops/content/seo',
  summary: `A site's SEO records (meta tags and page texts per page name) and the page names a record may be written for. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: z.strictObject({ site: siteField }),
  reply: opsSeoPagesReply,
});

export const opsSeoPageSavePayload = z.strictObject({
  site: siteField,
  page_name: z.enum(SEO_PAGE_NAMES as [string, ...string[]], 'invalidValue').describe('The page: a route name such as slots, or home.'),
  en_item_name: optionalText(200).describe('Page heading, English (plain text).'),
  en_body: htmlBody.describe('Page text, English: HTML up to 64 KiB, sanitised.'),
  local_item_name: optionalText(200).describe("Page heading in the site's local language (plain text)."),
  local_body: htmlBody.describe("Page text in the site's local language: HTML up to 64 KiB, sanitised."),
  meta_title: optionalText(200).describe('The page title; the screen title and site name when empty.'),
  meta_desc: optionalText(500),
  meta_keywords: optionalText(500).describe('Comma-separated.'),
  meta_url: address.describe("The page's address (og:url): a site path such as /slots or an https address; '' for the page's own."),
  meta_canonical: address.describe("The canonical address: a site path or an https address; '' for the page's own."),
  meta_author: optionalText(200),
  meta_publisher: optionalText(200),
  meta_lang: languageTag.describe('The language of the English page, such as "en"; \'\' for the default.'),
  meta_image_url: address.describe("The share image: a site path or an https address; '' for the site's icon."),
  reason,
});

export const opsSeoPageSave = defineOperatorCall({
  path: '/api/ops/content/seo/save',
  summary: `Creates or changes the SEO record of one page of a site (bodies sanitised, meta fields plain text); the site uses it at once. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsSeoPageSavePayload,
  reply: z.object({
    ...okFields,
    record: seoRecord.describe('The record as stored (bodies sanitised).'),
    created: z.boolean(),
    audit_id: z.number().int().positive(),
  }),
});

export const CMS_OPERATOR_CALLS = {
  opsCmsPages,
  opsCmsPage,
  opsCmsPageSave,
  opsCmsPreview,
  opsSeoPages,
  opsSeoPageSave,
} as const;
