import { z } from 'zod';
import { okFields } from '../envelope.js';
import { page, pageFields, pageSize } from './banking-fields.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';

/*
 * The back office's Content screen, first part (issue 26 §2 Content, ADR 0052): a site's
 * announcements, marquee texts and home slides, listed, written, switched on or off, reordered and
 * deleted. Announcements and marquee texts are plain text (the player site shows them as text);
 * markup is refused, so no operator HTML ever reaches a page through them. A slide's link is a
 * site path or an https address; its image an https address or a path of the site's own media.
 */

/** The kinds of content this part of the screen manages. */
export const CONTENT_KINDS = ['announcements', 'marquee', 'slides'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** The kinds kept in an order of their own (announcements go newest first). */
export const ORDERED_CONTENT_KINDS = ['marquee', 'slides'] as const;
export const CONTENT_STATES = ['on', 'off'] as const;

/** Control characters other than tab and line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Anything a browser could read as a tag, a comment or a declaration. */
const MARKUP = /<\s*[A-Za-z!/?]/;

/** Plain text up to `max` characters: no markup, no control characters (invalidFormat). */
export const plainText = (max: number) =>
  z
    .string('invalidValue')
    .trim()
    .min(1, 'required')
    .max(max, 'tooLong')
    .refine((value) => !MARKUP.test(value) && !CONTROL.test(value), 'invalidFormat');

/** A site path ("/promotions") or an https address; never another scheme, nor "//host". */
export const SLIDE_LINK = /^(https:\/\/[^\s"'<>\\]+|\/(?![/\\])[^\s"'<>\\]*)$/;
/** An https address, or a path of the site's own media ("/api/media/…"). */
export const SLIDE_IMAGE = /^(https:\/\/[^\s"'<>\\]+|\/api\/media\/[^\s"'<>\\]+)$/;

const contentId = z.number('invalidValue').int('invalidValue').positive('invalidValue').max(2_147_483_647, 'invalidValue');
const active = z.boolean('invalidValue').default(true).describe('Shown on the site.');

export const opsContentAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type OpsContentAnnouncement = z.infer<typeof opsContentAnnouncement>;
export const opsContentMarquee = z.object({
  id: z.number().int(),
  text: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type OpsContentMarquee = z.infer<typeof opsContentMarquee>;
export const opsContentSlide = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  link: z.string().nullable(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type OpsContentSlide = z.infer<typeof opsContentSlide>;

export const opsContentPayload = z.strictObject({
  site: siteField,
  kind: z.enum(CONTENT_KINDS, 'invalidValue').describe('announcements (newest first), marquee or slides (in display order).'),
  state: z.enum(CONTENT_STATES, 'invalidValue').optional().describe('on (shown on the site) or off; every row when absent.'),
  page,
  page_size: pageSize,
});

export const opsContentReply = z.object({
  ...okFields,
  kind: z.enum(CONTENT_KINDS),
  announcements: z.array(opsContentAnnouncement).describe('The page of announcements (empty unless kind is announcements).'),
  marquee: z.array(opsContentMarquee).describe('The page of marquee texts (empty unless kind is marquee).'),
  slides: z.array(opsContentSlide).describe('The page of slides (empty unless kind is slides).'),
  ...pageFields,
});
export type OpsContentReply = z.infer<typeof opsContentReply>;

export const opsContent = defineOperatorCall({
  path: '/api/ops/content',
  summary: `A site's announcements, marquee texts or home slides, on and off, paged. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsContentPayload,
  reply: opsContentReply,
});

const saved = z.object({
  ...okFields,
  id: z.number().int().positive(),
  audit_id: z.number().int().positive(),
});

export const opsAnnouncementSavePayload = z.strictObject({
  site: siteField,
  id: contentId.optional().describe('The announcement to change; a new one when absent.'),
  title: plainText(120),
  body: plainText(4000).describe('Plain text (no markup); line breaks are kept.'),
  active,
  reason,
});

export const opsAnnouncementSave = defineOperatorCall({
  path: '/api/ops/content/announcement',
  summary: `Creates or changes an announcement of a site (the site shows it at once). Failure keys: siteNotFound, notFound, ${opsFailures}.`,
  payload: opsAnnouncementSavePayload,
  reply: saved,
});

export const opsMarqueeSavePayload = z.strictObject({
  site: siteField,
  id: contentId.optional().describe('The marquee text to change; a new one (last in order) when absent.'),
  text: plainText(500).describe('Plain text (no markup).'),
  active,
  reason,
});

export const opsMarqueeSave = defineOperatorCall({
  path: '/api/ops/content/marquee',
  summary: `Creates or changes a marquee text of a site (the site shows it at once). Failure keys: siteNotFound, notFound, ${opsFailures}.`,
  payload: opsMarqueeSavePayload,
  reply: saved,
});

export const opsSlideSavePayload = z.strictObject({
  site: siteField,
  id: contentId.optional().describe('The slide to change; a new one (last in order) when absent.'),
  title: plainText(200),
  image_url: z.string('invalidValue').trim().min(1, 'required').max(500, 'tooLong').regex(SLIDE_IMAGE, 'invalidFormat').describe("An https address or a path of the site's own media (/api/media/…)."),
  link: z
    .string('invalidValue')
    .trim()
    .max(500, 'tooLong')
    .regex(SLIDE_LINK, 'invalidFormat')
    .nullable()
    .optional()
    .describe('Where a click leads: a site path (/promotions) or an https address; null or absent: no link.'),
  active,
  reason,
});

export const opsSlideSave = defineOperatorCall({
  path: '/api/ops/content/slide',
  summary: `Creates or changes a home slide of a site (the site shows it at once). Failure keys: siteNotFound, notFound, ${opsFailures}.`,
  payload: opsSlideSavePayload,
  reply: saved,
});

export const opsContentMovePayload = z.strictObject({
  site: siteField,
  kind: z.enum(ORDERED_CONTENT_KINDS, 'invalidValue'),
  id: contentId,
  direction: z.enum(['up', 'down'], 'invalidValue').describe('up: shown earlier; down: later.'),
  reason,
});

export const opsContentMove = defineOperatorCall({
  path: '/api/ops/content/move',
  summary: `Moves a marquee text or slide one place earlier or later in the site's order. Failure keys: siteNotFound, notFound, ${opsFailures}.`,
  payload: opsContentMovePayload,
  reply: z.object({
    ...okFields,
    order: z.array(z.number().int()).describe('The ids in their new order.'),
    audit_id: z.number().int().positive(),
  }),
});

export const opsContentDeletePayload = z.strictObject({
  site: siteField,
  kind: z.enum(CONTENT_KINDS, 'invalidValue'),
  id: contentId,
  reason,
});

export const opsContentDelete = defineOperatorCall({
  path: '/api/ops/content/delete',
  summary: `Deletes an announcement, marquee text or slide of a site (the audit log keeps what it was). Failure keys: siteNotFound, notFound, ${opsFailures}.`,
  payload: opsContentDeletePayload,
  reply: z.object({ ...okFields, audit_id: z.number().int().positive() }),
});

export const CONTENT_OPERATOR_CALLS = {
  opsContent,
  opsAnnouncementSave,
  opsMarqueeSave,
  opsSlideSave,
  opsContentMove,
  opsContentDelete,
} as const;
