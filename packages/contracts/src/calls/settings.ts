import { z } from 'zod';
import { defineCall, isoDate, money, okFields, sessionPayload, sitePayload, siteFailures } from '../envelope.js';
import { contactEmail, domainName, fullName, trackingField } from '../rules.js';
import { maskedAccountId } from './home.js';
import { OWNER_PROOF_FAILURES, ownerProofFields } from '../owner-proof.js';
import { LOCALE_CODES } from '../constants/locales.js';

// siteInactive and siteExpired: the session's site was switched off or is past its expiry date (ADR 0019).
const sessionFailures = 'sessionExpired, BLOCK, CLOSE, permissionDenied, siteInactive, siteExpired';

export const siteContentPayload = z.strictObject({ ...sitePayload });

// ---------------------------------------------------------------------------------------------
// Profile

export const profile = z.object({ contact_email: z.string(), full_name: z.string() });
export type Profile = z.infer<typeof profile>;

export const profileUpdatePayload = z.strictObject({
  ...sessionPayload,
  full_name: fullName,
  contact_email: contactEmail,
  ...ownerProofFields,
});

export const profileUpdateReply = z.object({
  ...okFields,
  value: z.tuple([profile]).describe('value[0]: the profile as stored; the client updates its stored user from it.'),
});
export type ProfileUpdateReply = z.infer<typeof profileUpdateReply>;

export const profileUpdate = defineCall({
  path: '/api/settings/profile_update',
  method: 'POST',
  access: 'session',
  tag: 'Settings',
  summary:
    "Updates the player's full name and contact email and answers the stored profile. A change of the full name needs the password or a " +
    `fresh login code, is audited and sends an inbox notice. Failure keys: ${OWNER_PROOF_FAILURES} (full name changes), validationError, ${sessionFailures}.`,
  payload: profileUpdatePayload,
  reply: profileUpdateReply,
});

// ---------------------------------------------------------------------------------------------
// Site content

export const socialAccountEntry = z.object({
  type: z.string().describe('Platform key, e.g. "facebook", "telegram", "whatsapp", "instagram", "youtube", "x".'),
  name: z.string().describe('Display name or handle.'),
  link: z.string().describe('Absolute URL of the account.'),
  icon: z.string().describe('Icon image address: absolute http(s) or site-relative.'),
});
export type SocialAccount = z.infer<typeof socialAccountEntry>;

export const socialAccountReply = z.object({
  ...okFields,
  accountList: z.array(socialAccountEntry).describe("The site's social and messaging accounts in display order."),
});

export const socialAccount = defineCall({
  path: '/api/settings/social_account',
  method: 'POST',
  access: 'public',
  tag: 'Site',
  summary: `The site's social media and messaging accounts. Failure keys: ${siteFailures}.`,
  payload: siteContentPayload,
  reply: socialAccountReply,
});

export const topWinner = z.object({
  account_id: maskedAccountId,
  amount: money,
  currency: z.string().describe('The site currency code.'),
  game_name: z.string().nullable().describe('The game the win came from when known, else null.'),
  created_at: isoDate.describe('When the withdrawal was approved.'),
});
export type TopWinner = z.infer<typeof topWinner>;

export const top10WinnerWithdrawalReply = z.object({
  ...okFields,
  value: z.array(topWinner).max(10).describe('The 10 largest approved withdrawals of the last 30 days, largest first.'),
});

export const top10WinnerWithdrawal = defineCall({
  path: '/api/settings/top10winner_withdrawal',
  method: 'POST',
  access: 'public',
  tag: 'Site',
  summary: `The site's ten largest recent withdrawals (account ids masked), for the winners board. Failure keys: ${siteFailures}.`,
  payload: siteContentPayload,
  reply: top10WinnerWithdrawalReply,
});

/** A CMS page (docs/product.md §3). Bodies are HTML sanitised by the server; the client sanitises again before use. */
export const cmsPage = z.object({
  status: z
    .boolean()
    .describe("Whether the page is shown: its status in the asked language when the page has that language, else its English status."),
  en_body: z.string().describe('Sanitised HTML, English; empty when the page has no English body.'),
  local_body: z
    .string()
    .describe(
      "Sanitised HTML in the asked language when the page has it, else in the site's local language (its first non-English language), else empty.",
    ),
  local_language: z
    .enum(LOCALE_CODES)
    .nullable()
    .describe(
      'The language of local_body (a locale code): the asked language when the page has it, else the site\'s local language; null when local_body is empty. ' +
        'A client shows local_body only when it is in the visitor\'s language.',
    ),
});
export type CmsPage = z.infer<typeof cmsPage>;

/** docs/product.md §3's five CMS pages, and terms_conditions for /term-condition (docs/product.md §2 has the route, §3 no page for it). */
export const CMS_PAGES = ['about_us', 'privacy_policy', 'banking', 'faqs', 'responsible_gaming', 'terms_conditions'] as const;
export type CmsPageName = (typeof CMS_PAGES)[number];

export const cms = z.object({
  about_us: cmsPage,
  privacy_policy: cmsPage,
  banking: cmsPage,
  faqs: cmsPage,
  responsible_gaming: cmsPage,
  terms_conditions: cmsPage,
});
export type Cms = z.infer<typeof cms>;

export const siteInfoDetailPayload = z.strictObject({
  ...sitePayload,
  language: z
    .enum(LOCALE_CODES, 'invalidValue')
    .optional()
    .describe("The visitor's language (a locale code): the local bodies are given in it when the pages have it."),
});

export const siteInfoDetailReply = z.object({ ...okFields, cms });
export type SiteInfoDetailReply = z.infer<typeof siteInfoDetailReply>;

export const siteInfoDetail = defineCall({
  path: '/api/settings/siteinfodetail',
  method: 'POST',
  access: 'public',
  tag: 'Site',
  summary:
    "The site's CMS pages (about us, privacy policy, banking, FAQs, responsible gaming), each with its English body and a local body " +
    `in the optional language (else the site's local language). Failure keys: ${siteFailures}.`,
  payload: siteInfoDetailPayload,
  reply: siteInfoDetailReply,
});

// ---------------------------------------------------------------------------------------------
// Inbox

export const REWARD_TYPES = ['balance', 'token'] as const;
export const rewardType = z.enum(REWARD_TYPES).describe('balance: credited to game_balance; token: credited to game_token.');
export type RewardType = z.infer<typeof rewardType>;

export const inboxItem = z.object({
  inbox_id: z.number().int().positive(),
  title: z.string(),
  body: z.string().describe('Plain text; line breaks are kept.'),
  created_at: isoDate,
  read: z.boolean().describe('Whether the message was read before this listing (listing marks it read).'),
  claimable: z.boolean().describe('True while the reward can still be claimed.'),
  claimed: z.boolean(),
  reward_amount: money.nullable().describe('Null when the item carries no reward.'),
  reward_type: rewardType.nullable().describe('Null when the item carries no reward.'),
});
export type InboxItem = z.infer<typeof inboxItem>;

export const getInboxPayload = z.strictObject({ ...sessionPayload });

export const getInboxReply = z.object({ ...okFields, value: z.array(inboxItem).describe("The player's inbox, newest first.") });
export type GetInboxReply = z.infer<typeof getInboxReply>;

export const getInbox = defineCall({
  path: '/api/settings/get_inbox',
  method: 'POST',
  access: 'session',
  tag: 'Inbox',
  summary:
    "The player's inbox messages (the newest 100) and their rewards. Listing the inbox reads it: `read` tells whether a message " +
    `was read before this call, and every listed message is marked read afterwards. Failure keys: ${sessionFailures}.`,
  payload: getInboxPayload,
  reply: getInboxReply,
});

export const claimInboxPayload = z.strictObject({
  ...sessionPayload,
  inbox_id: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(2_147_483_647, 'invalidValue'),
});

export const claimInboxReply = z.object({
  ...okFields,
  amount: money.describe('The amount credited.'),
  reward_type: rewardType,
  game_balance: money.describe('Balance after the credit.'),
  game_token: money.describe('Game tokens after the credit.'),
});
export type ClaimInboxReply = z.infer<typeof claimInboxReply>;

export const claimInbox = defineCall({
  path: '/api/settings/claim_inbox',
  method: 'POST',
  access: 'session',
  tag: 'Inbox',
  summary:
    "Claims an inbox item's reward, credited exactly once however often or concurrently it is claimed, and answers the new balances. " +
    `Failure keys: notFound, notClaimable, alreadyClaimed, validationError, ${sessionFailures}, underMaintenance.`,
  payload: claimInboxPayload,
  reply: claimInboxReply,
});

// ---------------------------------------------------------------------------------------------
// Session and tracking

export const checkStatusPayload = z.strictObject({ ...sessionPayload });
export const checkStatusReply = z.object({ ...okFields });

export const checkStatus = defineCall({
  path: '/api/settings/check_status',
  method: 'POST',
  access: 'session',
  tag: 'Session',
  summary:
    "Checks that the player's session is still valid and keeps it alive; an ended session answers a failure. " +
    `Failure keys: ${sessionFailures}.`,
  payload: checkStatusPayload,
  reply: checkStatusReply,
});

export const analyticsScript = z.object({
  section: z.enum(['HEAD', 'BODY']).describe('Where the script goes: end of head or end of body.'),
  script: z.string().describe("The operator's script markup, inserted as is."),
});
export type AnalyticsScript = z.infer<typeof analyticsScript>;

export const getAnalyticsPayload = z.strictObject({ domain_name: domainName });

export const getAnalyticsReply = z.object({
  ...okFields,
  value: z.array(analyticsScript).describe('Analytics scripts of the site; empty when analytics are off.'),
});
export type GetAnalyticsReply = z.infer<typeof getAnalyticsReply>;

export const getAnalytics = defineCall({
  path: '/api/settings/get_analytics',
  method: 'POST',
  // Names its site by domain_name only, as startup does.
  access: 'none',
  tag: 'Site',
  summary: "The site's analytics scripts for the page head and body. Failure keys: siteNotFound, siteInactive, validationError.",
  payload: getAnalyticsPayload,
  reply: getAnalyticsReply,
});

export const adsVisitPayload = z.strictObject({
  ...sitePayload,
  fbp: trackingField,
  appsflyer_id: trackingField,
});
export const adsVisitReply = z.object({ ...okFields });

export const adsVisit = defineCall({
  path: '/api/settings/adsvisit',
  method: 'POST',
  access: 'public',
  tag: 'Tracking',
  summary:
    'Records an advertising visit (the _fbp cookie and the appsflyer_id query parameter), sent once per browser. ' +
    'One visit is kept per site and visitor, the visitor being the fbp value, else the appsflyer_id, else the client address ' +
    'and user agent; a repeat answers OK and stores nothing. Failure keys: siteNotFound, siteInactive, validationError, tooManyRequests.',
  payload: adsVisitPayload,
  reply: adsVisitReply,
});

export const partner = z.object({
  href: z.string().describe("Absolute URL of the partner's site."),
  img_url: z.string().describe('Logo image address: absolute http(s) or site-relative.'),
  partner_name: z.string(),
});
export type Partner = z.infer<typeof partner>;

export const partnersReply = z.object({
  ...okFields,
  partners: z.array(partner).describe("The site's partners in display order; empty hides the partners button."),
});

export const partners = defineCall({
  path: '/api/settings/partners',
  method: 'POST',
  access: 'public',
  tag: 'Site',
  summary: `The site's partners (logo, link, name) for the partners modal. Failure keys: ${siteFailures}.`,
  payload: siteContentPayload,
  reply: partnersReply,
});
