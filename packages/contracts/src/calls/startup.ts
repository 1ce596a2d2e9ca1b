import { z } from 'zod';
import { defineCall, isoDate, okFields } from '../envelope.js';
import { domainName } from '../rules.js';
import { LOCALE_CODES } from '../constants/locales.js';

/** A menu entry (docs/product.md §3: content_id and children). */
export const menuChild = z.object({
  content_id: z.string(),
  title: z.string(),
  path: z.string(),
  icon: z.string().nullable(),
});
export const menuItem = menuChild.extend({ children: z.array(menuChild) });
export type MenuItem = z.infer<typeof menuItem>;

/** The site record of docs/product.md §3. */
export const site = z.object({
  site_name: z.string(),
  currency: z.string(),
  theme_code: z.string(),
  theme_color: z.string(),
  logo1: z.string(),
  logo2: z.string(),
  logo3: z.string(),
  status: z.boolean(),
  expired_date: isoDate.nullable(),
  logo_text: z.string(),
  external_id: z.string(),
  android_sub: z.string(),
  ios_sub: z.string(),
  manifest_icon: z.string(),
  gamify_status: z.boolean(),
  minimum_age: z.number().int().positive().describe('Younger players may not play: signup refuses them, and every page says so (issue 25 §4).'),
});
export type Site = z.infer<typeof site>;

/** Maintenance of docs/product.md §3. */
export const maintenance = z.object({
  is_maintenance: z.boolean(),
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
});
export type Maintenance = z.infer<typeof maintenance>;

/** Live chat of docs/product.md §3; the integration is manual_onboarding (docs/product.md §7). */
export const liveChat = z.object({
  chat_id: z.string(),
  image_id: z.string(),
  status: z.boolean(),
  integration: z.literal('manual_onboarding'),
});
export type LiveChat = z.infer<typeof liveChat>;

/** Provider count rows of docs/product.md §3: how many providers offer games of a category. */
export const providerCount = z.object({ category: z.string(), count: z.number().int().nonnegative() });

export const startupPayload = z.strictObject({ domain_name: domainName });

export const startupReply = z.object({
  ...okFields,
  maintenance,
  content: z.object({ menu: z.array(menuItem), game_menu: z.array(menuItem) }),
  site,
  /** Locales the site offers, its default first. */
  language: z.array(z.enum(LOCALE_CODES as [string, ...string[]])),
  provider_count: z.array(providerCount),
  aff_domain: z.string(),
  live_chat: liveChat,
});
export type StartupReply = z.infer<typeof startupReply>;

export const startup = defineCall({
  path: '/api/startup',
  method: 'POST',
  access: 'none',
  tag: 'Startup',
  summary:
    'Everything a site needs to render: the site record, maintenance window, menus, languages, provider counts and live chat. ' +
    'Under maintenance the reply still carries the site and maintenance window; an unknown domain answers siteNotFound, a disabled site siteInactive, an expired one siteExpired.',
  payload: startupPayload,
  reply: startupReply,
});
