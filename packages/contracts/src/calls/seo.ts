import { z } from 'zod';
import { defineCall, okFields, sitePayload } from '../envelope.js';

/** A page name such as home, slots or promotions. */
export const pageName = z
  .string()
  .trim()
  .min(1, 'required')
  .max(64, 'tooLong')
  .regex(/^[A-Za-z0-9_-]+$/, 'invalidFormat');

/** The SEO record of docs/product.md §3. Empty strings where the operator set nothing. */
export const seoRecord = z.object({
  id: z.number().int().positive(),
  page_name: z.string(),
  en_item_name: z.string().describe('Page heading, English.'),
  en_body: z.string().describe('Sanitised HTML, English.'),
  local_item_name: z.string().describe("Page heading in the site's local language."),
  local_body: z.string().describe("Sanitised HTML in the site's local language."),
  meta_title: z.string(),
  meta_desc: z.string(),
  meta_keywords: z.string().describe('Comma-separated.'),
  meta_url: z.string(),
  meta_canonical: z.string(),
  meta_author: z.string(),
  meta_publisher: z.string(),
  meta_lang: z.string().describe('Content language, e.g. "en".'),
  meta_image_url: z.string(),
});
export type SeoRecord = z.infer<typeof seoRecord>;

export const seoPayload = z.strictObject({ ...sitePayload, page_name: pageName });

export const seoReply = z.object({
  ...okFields,
  value: seoRecord.nullable().describe('The SEO record of the page; null when the site has none, and the client uses its defaults.'),
});
export type SeoReply = z.infer<typeof seoReply>;

export const seo = defineCall({
  path: '/api/seo',
  method: 'POST',
  access: 'public',
  tag: 'Site',
  summary:
    "The SEO record (meta tags and page text) of one page of the site; a page without one answers value null rather than a failure. " +
    'Failure keys: siteNotFound, siteInactive, validationError.',
  payload: seoPayload,
  reply: seoReply,
});
