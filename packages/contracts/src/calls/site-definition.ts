import { z } from 'zod';
import { DEFAULT_MINIMUM_AGE } from '../constants/compliance.js';
import { LOCALE_CODES, type LocaleCode } from '../constants/locales.js';
import { THEME_CODES, THEMES } from '../constants/themes.js';
import { isoDate } from '../envelope.js';
import { domainName, externalId } from '../rules.js';
import { amountInput } from './banking-fields.js';
import { amlRulesSchema, siteComplianceSchema } from './compliance.js';
import { menuItem, type MenuItem } from './startup.js';

/*
 * A site as code (issue 26 §3, ADR 0043): one definition, in the API's own field names, that
 * creates or updates a site with everything it needs to serve players. Only the name, a domain,
 * the external id, the theme and the currency are required; every other field has a default, and
 * a field left out takes its default on every apply (the file is the whole site, not a patch).
 * The command line reads it from JSON or YAML; the console sends the same object.
 */

/** The logo fields of a site (docs/product.md §3): two wordmarks, the square mark and the app icon. */
export const SITE_LOGO_FIELDS = ['logo1', 'logo2', 'logo3', 'manifest_icon'] as const;
export type SiteLogoField = (typeof SITE_LOGO_FIELDS)[number];

/** A logo file's largest size: a logo is shown in every page's header, so it is kept small. */
export const SITE_LOGO_MAX_BYTES = 512 * 1024;
/** The body limit of opsSiteApply: four logos at their largest, base64-encoded, and the definition. */
export const SITE_APPLY_BODY_LIMIT_BYTES = 3 * 1024 * 1024;

/** Logo file types by extension: those the media code serves (raster images are encoded again). */
export const SITE_LOGO_TYPES = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' } as const;
export type SiteLogoType = (typeof SITE_LOGO_TYPES)[keyof typeof SITE_LOGO_TYPES];

/** A logo file beside the definition (a relative path without "..", ending in a known image extension). */
export const siteLogoFile = z
  .string('invalidValue')
  .trim()
  .max(200, 'tooLong')
  .regex(/^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9_][A-Za-z0-9 ._/-]*\.(png|jpe?g|webp|svg)$/i, 'invalidFormat');

/** The type of a logo file by its extension (the bytes are checked against it). */
export function siteLogoTypeOf(file: string): SiteLogoType {
  const extension = file.split('.').pop()!.toLowerCase() as keyof typeof SITE_LOGO_TYPES;
  return SITE_LOGO_TYPES[extension];
}

/** A logo: a file beside the definition, or an address used as it is (https://…, or a path of this server: /…). */
const logo = z.union([siteLogoFile, z.string().trim().max(500, 'tooLong').regex(/^(https:\/\/[^\s"'<>]+|\/[^\s"'<>/][^\s"'<>]*)$/, 'invalidFormat')], 'invalidFormat');

/** The main navigation a new site starts with (the demo's, docs/product.md D7); operators edit theirs. */
export function defaultSiteMenu(): MenuItem[] {
  const entry = (content_id: string, title: string, path: string) => ({ content_id, title, path, icon: null });
  return [
    { ...entry('home', 'Home', '/'), children: [] },
    { ...entry('promotions', 'Promotions', '/promotions'), children: [] },
    { ...entry('vip', 'VIP', '/vip'), children: [] },
    { ...entry('referral', 'Referral', '/referral'), children: [] },
    { ...entry('leaderboard', 'Leaderboard', '/leaderboard'), children: [] },
    {
      ...entry('more', 'More', '/about'),
      children: [
        entry('news', 'News', '/news'),
        entry('download', 'Download', '/download'),
        entry('about', 'About Us', '/about'),
        entry('faqs', 'FAQs', '/faqs'),
        entry('contact', 'Contact Us', '/contact-us'),
      ],
    },
  ];
}

/** An IANA time zone name the runtime knows ("Asia/Manila"). */
const timeZone = z
  .string('invalidValue')
  .trim()
  .min(1, 'required')
  .max(64, 'tooLong')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'invalidValue');

/** A whole or decimal amount of at least zero (a VIP level's targets start at 0). */
const target = z.string('invalidValue').trim().regex(/^\d{1,16}(\.\d{1,4})?$/, 'invalidFormat');
const code = z.string('invalidValue').trim().regex(/^[A-Za-z0-9_]{2,20}$/, 'invalidFormat');
const label = (max: number) => z.string('invalidValue').trim().min(1, 'required').max(max, 'tooLong');

const bankEntry = z.strictObject({
  code: code.describe('Unique per site; receiving accounts and players name the bank by it.'),
  name: label(100),
  kind: z.enum(['bank', 'e_wallet'], 'invalidValue').default('bank'),
});

const receivingAccountEntry = z.strictObject({
  bank: code.describe("The code of one of the site's banks."),
  account_name: label(100),
  account_number: z.string('invalidValue').trim().regex(/^[0-9A-Za-z -]{4,40}$/, 'invalidFormat'),
});

const depositMethodEntry = z.strictObject({
  code: code.describe('Unique per site: an apply matches the method by it (payments keep naming it).'),
  kind: z.enum(['bank_transfer', 'e_wallet'], 'invalidValue'),
  name: label(100),
  instructions: z.string('invalidValue').trim().max(2000, 'tooLong').default(''),
  accounts: z.array(receivingAccountEntry, 'invalidValue').min(1, 'required').max(20, 'tooLong').describe("The operator's accounts the players transfer to."),
});

const banking = z
  .strictObject({
    min_deposit: amountInput.optional().describe("Left out: about 10 US dollars in the site's currency."),
    max_deposit: amountInput.optional().describe('Left out: about 5,000 US dollars.'),
    min_withdrawal: amountInput.optional().describe('Left out: about 20 US dollars.'),
    max_withdrawal: amountInput.optional().describe('Left out: about 10,000 US dollars.'),
    max_bank_accounts: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(20, 'invalidValue').default(3),
    max_pending_deposits: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(100, 'invalidValue').default(3),
    banks: z.array(bankEntry, 'invalidValue').max(100, 'tooLong').optional().describe("The banks and mobile wallets of players' accounts; left out: the currency's known list."),
    deposit_methods: z
      .array(depositMethodEntry, 'invalidValue')
      .max(10, 'tooLong')
      .default([])
      .describe('How players pay in. None by default: account numbers are never invented for an operator.'),
  })
  .prefault({});

/** The social platforms a site links to: the player site draws each one's icon (/api/media/social/<type>.svg). */
export const SOCIAL_ACCOUNT_TYPES = ['facebook', 'telegram', 'instagram', 'youtube', 'x', 'whatsapp'] as const;
export type SocialAccountType = (typeof SOCIAL_ACCOUNT_TYPES)[number];

/** The icon a social account shows when its definition names none: its platform's drawing. */
export const socialIconAddress = (type: string): string => `/api/media/social/${type}.svg`;

/** An https address with a host (never javascript:, data:, http: or a protocol-relative //host). */
const isHttpsAddress = (value: string): boolean => /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?(?:[/?#][^\s"'<>\\]*)?$/.test(value);
/** A path of the site itself ("/promotions"): one slash, no backslash (a browser reads "/\\host" as another host). */
const isSitePath = (value: string): boolean => /^\/(?![/\\])[^\s"'<>\\]*$/.test(value);
/** A link: an https address, or a path of the site when `sitePaths`. */
const linkAddress = (sitePaths: boolean) =>
  z
    .string('invalidValue')
    .trim()
    .min(1, 'required')
    .max(500, 'tooLong')
    .refine((value) => isHttpsAddress(value) || (sitePaths && isSitePath(value)), 'invalidFormat');
/** An image: an https address or this server's media (/api/media/…). */
const imageAddress = z
  .string('invalidValue')
  .trim()
  .min(1, 'required')
  .max(500, 'tooLong')
  .refine((value) => isHttpsAddress(value) || (isSitePath(value) && value.startsWith('/api/media/') && !/\/\.\.?(\/|$)/.test(value)), 'invalidFormat');

const partnerEntry = z.strictObject({
  partner_name: label(100),
  href: linkAddress(true).describe('Where the partner links: https://… or a path of the site (/…).'),
  img_url: imageAddress.describe("The partner's mark: https://… or this server's /api/media/… address."),
});

const socialAccountEntry = z.strictObject({
  type: z.enum(SOCIAL_ACCOUNT_TYPES, 'invalidValue').describe('The platform (its icon and colour on the site).'),
  name: label(100).describe('The display name or handle ("@harbourlights").'),
  link: linkAddress(false).describe("The account's https address."),
  icon: imageAddress.optional().describe("https://… or /api/media/… ; left out: the platform's own icon."),
});

const compliance = siteComplianceSchema.shape;
/** The site's age, identity and AML rules (siteComplianceSchema, ADR 0040), each with the default of a site that set none. */
const complianceRules = z
  .strictObject({
    minimum_age: compliance.minimum_age.default(DEFAULT_MINIMUM_AGE),
    kyc_before_first_withdrawal: compliance.kyc_before_first_withdrawal.default(false),
    kyc_withdrawals_above: compliance.kyc_withdrawals_above.default(null),
    kyc_level: compliance.kyc_level.default('identity'),
    player_cancels_withdrawals: compliance.player_cancels_withdrawals.default(true),
    aml: amlRulesSchema.prefault({}),
  })
  .prefault({});

const vipLevel = z.strictObject({
  name: label(50),
  deposit_target: target.describe('Deposits in all needed to reach the level.'),
  turnover_target: target.describe('Stakes in all needed to reach the level.'),
  benefits: z.array(label(200), 'invalidValue').max(20, 'tooLong').default([]),
});

export const siteDefinition = z
  .strictObject({
    site_name: label(100),
    domains: z.array(domainName, 'invalidValue').min(1, 'required').max(20, 'tooLong').describe('Host names the site answers to (no port), its main one first.'),
    external_id: externalId.regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'invalidFormat').describe('The site for good: an apply with the same external_id updates it.'),
    theme_code: z.enum(THEME_CODES as [string, ...string[]], 'invalidValue'),
    theme_color: z.string('invalidValue').trim().min(1, 'required').describe("One of the theme code's five colours (docs/product.md D1)."),
    currency: z.string('invalidValue').trim().regex(/^[A-Z]{3}$/, 'invalidFormat'),
    brand_owner: label(200).optional().describe('The licensed company owning the site (an existing one); left out: the present owner, for a new site the first one.'),
    languages: z
      .array(z.enum(LOCALE_CODES as [LocaleCode, ...LocaleCode[]], 'invalidValue'), 'invalidValue')
      .min(1, 'required')
      .default(['EN'])
      .describe('Locale codes offered, the default first.'),
    time_zone: timeZone.default('UTC').describe("IANA name of the operator's days: reports cut days here."),
    status: z.boolean('invalidValue').default(true).describe('false: switched off (siteInactive).'),
    expired_date: isoDate.nullable().default(null),
    logo_text: z.string('invalidValue').trim().max(100, 'tooLong').optional().describe('The name drawn in the logos; left out: site_name.'),
    logos: z
      .strictObject(Object.fromEntries(SITE_LOGO_FIELDS.map((field) => [field, logo.optional()])) as Record<SiteLogoField, z.ZodOptional<typeof logo>>)
      .default({})
      .describe('Files beside the definition (PNG, JPEG, WebP or SVG) or addresses; a logo left out is drawn from the name, manifest_icon is logo2.'),
    android_sub: z.string('invalidValue').trim().max(500, 'tooLong').default(''),
    ios_sub: z.string('invalidValue').trim().max(500, 'tooLong').default(''),
    gamify_status: z.boolean('invalidValue').default(false),
    aff_domain: z.string('invalidValue').trim().max(253, 'tooLong').default(''),
    maintenance: z
      .strictObject({ start_date: isoDate.nullable().default(null), end_date: isoDate.nullable().default(null) })
      .default({ start_date: null, end_date: null })
      .describe('The maintenance window; money calls are refused while it is open.'),
    live_chat: z
      .strictObject({
        status: z.boolean('invalidValue').default(false),
        chat_id: z.string('invalidValue').trim().max(200, 'tooLong').default(''),
        image_id: z.string('invalidValue').trim().max(200, 'tooLong').default(''),
      })
      .prefault({}),
    menu: z.array(menuItem, 'invalidValue').max(30, 'tooLong').default(defaultSiteMenu),
    providers: z
      .array(z.strictObject({ code: label(50), enabled: z.boolean('invalidValue').default(true) }), 'invalidValue')
      .max(500, 'tooLong')
      .optional()
      .describe("The game providers offered, in the lobby's order; those not listed are switched off. Left out: every provider of the catalogue."),
    banking,
    compliance: complianceRules,
    vip_levels: z.array(vipLevel, 'invalidValue').max(20, 'tooLong').default([]).describe('The VIP ladder, lowest first (level 1, 2, …).'),
    partners: z
      .array(partnerEntry, 'invalidValue')
      .max(30, 'tooLong')
      .default([])
      .describe('The partners panel, in display order. Left out: none (the file is the whole site; an export writes the full list).'),
    social_accounts: z
      .array(socialAccountEntry, 'invalidValue')
      .max(20, 'tooLong')
      .default([])
      .describe("The site's social and messaging accounts, in display order. Left out: none (an export writes the full list)."),
  })
  .superRefine((site, context) => {
    const colors = THEMES[site.theme_code as keyof typeof THEMES]?.colors as readonly string[] | undefined;
    if (colors && !colors.includes(site.theme_color)) context.addIssue({ code: 'custom', path: ['theme_color'], message: 'invalidValue' });
    site.domains.forEach((domain, index) => {
      if (site.domains.indexOf(domain) !== index) context.addIssue({ code: 'custom', path: ['domains', index], message: 'duplicate' });
    });
    if (new Set(site.languages).size !== site.languages.length) context.addIssue({ code: 'custom', path: ['languages'], message: 'duplicate' });
    const { start_date, end_date } = site.maintenance;
    if (start_date && end_date && Date.parse(end_date) <= Date.parse(start_date)) context.addIssue({ code: 'custom', path: ['maintenance', 'end_date'], message: 'invalidValue' });
    const range = (min: string | undefined, max: string | undefined, field: string) => {
      if (min !== undefined && max !== undefined && Number(max) < Number(min)) context.addIssue({ code: 'custom', path: ['banking', field], message: 'invalidValue' });
    };
    range(site.banking.min_deposit, site.banking.max_deposit, 'max_deposit');
    range(site.banking.min_withdrawal, site.banking.max_withdrawal, 'max_withdrawal');
    const bankCodes = site.banking.banks?.map((bank) => bank.code);
    bankCodes?.forEach((bankCode, index) => {
      if (bankCodes.indexOf(bankCode) !== index) context.addIssue({ code: 'custom', path: ['banking', 'banks', index, 'code'], message: 'duplicate' });
    });
    const methodCodes = site.banking.deposit_methods.map((method) => method.code);
    methodCodes.forEach((methodCode, index) => {
      if (methodCodes.indexOf(methodCode) !== index) context.addIssue({ code: 'custom', path: ['banking', 'deposit_methods', index, 'code'], message: 'duplicate' });
    });
    const providerCodes = site.providers?.map((provider) => provider.code);
    providerCodes?.forEach((providerCode, index) => {
      if (providerCodes.indexOf(providerCode) !== index) context.addIssue({ code: 'custom', path: ['providers', index, 'code'], message: 'duplicate' });
    });
  });

/** A definition as written (fields with defaults may be left out). */
export type SiteDefinitionInput = z.input<typeof siteDefinition>;
/** A definition with every default filled in. */
export type SiteDefinition = z.output<typeof siteDefinition>;
