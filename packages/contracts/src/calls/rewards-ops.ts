import { z } from 'zod';
import { isoDate, money, okFields } from '../envelope.js';
import { LOCALE_CODES, type LocaleCode } from '../constants/locales.js';
import { fromMinorUnits, parseMinorUnits } from '../decimal.js';
import { amountInput, page, pageFields, pageSize } from './banking-fields.js';
import { SLIDE_IMAGE, plainText } from './content-ops.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';
import { MISSION_KINDS, MISSION_PERIODS, PRIZE_TYPES, PRIZE_WEIGHT_TOTAL, PROMOTION_CATEGORIES, PROMOTION_CLAIM_TYPES, PROMOTION_KINDS, PROMOTION_REWARD_TYPES, type PrizeType } from './rewards.js';

/*
 * The back office's Content screen, promotions, missions and the lucky spin (issue 26 §2 Content,
 * ADR 0054): a site's promotions and news with their texts per language, its missions and its
 * wheel's prize table, listed and written. Rows players have joined, claimed or spun are never
 * deleted: switching off is the way. A change that sets or changes an amount paid in real balance
 * (a promotion reward or a spin prize of type balance) also needs money.adjust.
 */

const rowId = z.number('invalidValue').int('invalidValue').positive('invalidValue').max(2_147_483_647, 'invalidValue');
const active = z.boolean('invalidValue').default(true).describe('Shown to players.');
const locale = z.enum(LOCALE_CODES, 'invalidValue');
/** A moment the database can store (ISO 8601 with offset, years 1900 to 9999). */
const moment = z.iso.datetime({ offset: true, error: 'invalidFormat' }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1900 && year <= 9999;
}, 'invalidValue');

// ---------------------------------------------------------------------------------------------
// Promotions and news

export const PROMOTION_STATES = ['on', 'off'] as const;
/** An HTML body as typed; the API sanitises it (the shared DOMPurify sanitiser) before storing it. */
export const PROMOTION_BODY_MAX = 20_000;

export const opsPromotionText = z.strictObject({
  title: plainText(200),
  summary: plainText(500).describe('Plain text, shown on the list.'),
  body: z.string('invalidValue').max(PROMOTION_BODY_MAX, 'tooLong').default('').describe('HTML; sanitised on the server (scripts, handlers and foreign frames removed).'),
});
export type OpsPromotionText = z.infer<typeof opsPromotionText>;

export const opsPromotionRow = z.object({
  id: z.number().int(),
  kind: z.enum(PROMOTION_KINDS),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.string().describe('The English title.'),
  image_url: z.string(),
  start_at: isoDate,
  end_at: isoDate.nullable(),
  claim_type: z.enum(PROMOTION_CLAIM_TYPES),
  reward_amount: money.nullable(),
  reward_type: z.enum(PROMOTION_REWARD_TYPES).nullable(),
  min_deposit: money.nullable(),
  entries: z.number().int().nonnegative().describe('Players who joined or claimed it.'),
  active: z.boolean(),
});
export type OpsPromotionRow = z.infer<typeof opsPromotionRow>;

export const opsPromotionsPayload = z.strictObject({
  site: siteField,
  kind: z.enum(PROMOTION_KINDS, 'invalidValue').optional().describe('promotion or news; both when absent.'),
  state: z.enum(PROMOTION_STATES, 'invalidValue').optional().describe('on (switched on) or off; every row when absent.'),
  page,
  page_size: pageSize,
});

export const opsPromotionsReply = z.object({
  ...okFields,
  value: z.array(opsPromotionRow).describe('Newest start first.'),
  languages: z.array(z.enum(LOCALE_CODES)).describe("The site's languages: the texts a promotion may have."),
  ...pageFields,
});
export type OpsPromotionsReply = z.infer<typeof opsPromotionsReply>;

export const opsPromotions = defineOperatorCall({
  path: '/api/ops/promotions',
  summary: `A site's promotions and news (English title, period, claim type, reward, entries, on/off), paged. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsPromotionsPayload,
  reply: opsPromotionsReply,
});

export const opsPromotionPayload = z.strictObject({ site: siteField, id: rowId });
export const opsPromotionReply = z.object({
  ...okFields,
  value: opsPromotionRow.extend({
    texts: z.partialRecord(z.enum(LOCALE_CODES), z.object({ title: z.string(), summary: z.string(), body: z.string().describe('Sanitised HTML.') })),
  }),
  languages: z.array(z.enum(LOCALE_CODES)).describe("The site's languages."),
});
export type OpsPromotionReply = z.infer<typeof opsPromotionReply>;

export const opsPromotion = defineOperatorCall({
  path: '/api/ops/promotions/get',
  summary: `One promotion or news item of a site with its texts in every language. Failure keys: siteNotFound, notFound, ${opsFailures}.`,
  payload: opsPromotionPayload,
  reply: opsPromotionReply,
});

export const opsPromotionSavePayload = z
  .strictObject({
    site: siteField,
    id: rowId.optional().describe('The promotion to change; a new one when absent.'),
    kind: z.enum(PROMOTION_KINDS, 'invalidValue'),
    category: z.enum(PROMOTION_CATEGORIES, 'invalidValue'),
    image_url: z.string('invalidValue').trim().min(1, 'required').max(500, 'tooLong').regex(SLIDE_IMAGE, 'invalidFormat').describe("An https address or a path of the site's own media (/api/media/…)."),
    start_at: moment,
    end_at: moment.nullable().optional().describe('Null or absent: open-ended.'),
    claim_type: z.enum(PROMOTION_CLAIM_TYPES, 'invalidValue').default('none'),
    reward_amount: amountInput.nullable().optional().describe('Only with claim_type claim, with reward_type.'),
    reward_type: z.enum(PROMOTION_REWARD_TYPES, 'invalidValue').nullable().optional(),
    min_deposit: amountInput.nullable().optional().describe('A deposit promotion: the least qualifying deposit; null: any.'),
    active,
    texts: z
      .partialRecord(locale, opsPromotionText, 'invalidValue')
      .describe("By locale code, among the site's languages; EN required. Languages left out lose their text (English is shown instead)."),
    reason,
  })
  .superRefine((value, context) => {
    if (value.end_at && value.start_at && new Date(value.end_at).getTime() <= new Date(value.start_at).getTime())
      context.addIssue({ code: 'custom', message: 'invalidValue', path: ['end_at'] });
    const amount = value.reward_amount ?? null;
    const type = value.reward_type ?? null;
    if (amount !== null && value.claim_type !== 'claim') context.addIssue({ code: 'custom', message: 'invalidValue', path: ['reward_amount'] });
    if (amount !== null && type === null) context.addIssue({ code: 'custom', message: 'required', path: ['reward_type'] });
    if (amount === null && type !== null) context.addIssue({ code: 'custom', message: 'required', path: ['reward_amount'] });
    if (!value.texts?.EN) context.addIssue({ code: 'custom', message: 'required', path: ['texts', 'EN'] });
  });

const saved = z.object({ ...okFields, id: z.number().int().positive(), audit_id: z.number().int().positive() });

export const opsPromotionSave = defineOperatorCall({
  path: '/api/ops/promotions/save',
  summary:
    "Creates or changes a promotion or news item of a site with its texts (bodies sanitised); the site shows it at once. A reward of type balance set or changed also needs money.adjust. Players who claimed keep what they got. " +
    `Failure keys: siteNotFound, notFound, ${opsFailures}.`,
  payload: opsPromotionSavePayload,
  reply: saved,
});

export const opsPromotionPreviewPayload = z.strictObject({
  site: siteField,
  body: z.string('invalidValue').max(PROMOTION_BODY_MAX, 'tooLong'),
});
export const opsPromotionPreview = defineOperatorCall({
  path: '/api/ops/promotions/preview',
  summary: `A promotion body as the site would store and show it: the HTML through the server's sanitiser. Nothing is written. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsPromotionPreviewPayload,
  reply: z.object({ ...okFields, body: z.string().describe('Sanitised HTML.') }),
});

// ---------------------------------------------------------------------------------------------
// Missions

/** The mission kinds counted in whole numbers (a count or a level); turnover is an amount. */
export const WHOLE_MISSION_KINDS: readonly (typeof MISSION_KINDS)[number][] = ['login', 'deposit', 'game_rounds', 'vip_level'];

export const opsMissionText = z.strictObject({ title: plainText(120), description: plainText(500) });

export const opsMissionRow = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(MISSION_KINDS),
  period: z.enum(MISSION_PERIODS),
  target: money,
  reward_tokens: money,
  texts: z.partialRecord(z.enum(LOCALE_CODES), z.object({ title: z.string(), description: z.string() })),
  sort: z.number().int(),
  active: z.boolean(),
  claims: z.number().int().nonnegative().describe('Rewards claimed, over every period.'),
});
export type OpsMissionRow = z.infer<typeof opsMissionRow>;

export const opsMissions = defineOperatorCall({
  path: '/api/ops/missions',
  summary: `A site's missions in display order, switched off ones too. Failure keys: siteNotFound, ${opsFailures}.`,
  payload: z.strictObject({ site: siteField }),
  reply: z.object({ ...okFields, value: z.array(opsMissionRow), languages: z.array(z.enum(LOCALE_CODES)).describe("The site's languages.") }),
});

export const opsMissionSavePayload = z
  .strictObject({
    site: siteField,
    id: rowId.optional().describe('The mission to change; a new one when absent.'),
    code: z
      .string('invalidValue')
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'invalidFormat')
      .describe('A short name unique on the site: lower-case letters, digits, - and _.'),
    kind: z.enum(MISSION_KINDS, 'invalidValue'),
    period: z.enum(MISSION_PERIODS, 'invalidValue'),
    target: amountInput.describe('A count, a VIP level (whole numbers) or a turnover amount.'),
    reward_tokens: amountInput.describe('Game tokens paid on claim.'),
    texts: z.partialRecord(locale, opsMissionText, 'invalidValue').describe("By locale code, among the site's languages; EN required."),
    sort: z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(10_000, 'invalidValue').default(0).describe('Display order, lowest first.'),
    active,
    reason,
  })
  .superRefine((value, context) => {
    if (value.kind && WHOLE_MISSION_KINDS.includes(value.kind) && value.target && /\.\d*[1-9]/.test(value.target))
      context.addIssue({ code: 'custom', message: 'invalidValue', path: ['target'] });
    if (!value.texts?.EN) context.addIssue({ code: 'custom', message: 'required', path: ['texts', 'EN'] });
  });

export const opsMissionSave = defineOperatorCall({
  path: '/api/ops/missions/save',
  summary:
    'Creates or changes a mission of a site (players see it at once). Claims already made keep their reward. ' +
    `Failure keys: siteNotFound, notFound, validationError (code: codeInUse), ${opsFailures}.`,
  payload: opsMissionSavePayload,
  reply: saved,
});

// ---------------------------------------------------------------------------------------------
// Lucky spin

export const opsSpinPrize = z.object({
  label: z.string(),
  prize_type: z.enum(PRIZE_TYPES),
  amount: money,
  weight: z.number().int().describe(`Parts per million; the table sums to ${PRIZE_WEIGHT_TOTAL}.`),
});
export type OpsSpinPrize = z.infer<typeof opsSpinPrize>;

export const opsSpin = defineOperatorCall({
  path: '/api/ops/spin',
  summary: `A site's lucky spin: its cost in game tokens, on/off, and its prize table in wheel order (none yet: an empty table). Failure keys: siteNotFound, ${opsFailures}.`,
  payload: z.strictObject({ site: siteField }),
  reply: z.object({
    ...okFields,
    configured: z.boolean().describe('The site has a wheel at all.'),
    cost: money.nullable(),
    active: z.boolean(),
    prizes: z.array(opsSpinPrize),
    spins: z.number().int().nonnegative().describe('Spins made on the site, ever.'),
  }),
});

export const opsSpinPrizeInput = z
  .strictObject({
    label: plainText(60),
    prize_type: z.enum(PRIZE_TYPES, 'invalidValue'),
    amount: z
      .string('invalidValue')
      .trim()
      .regex(/^\d{1,16}(\.\d{1,4})?$/, 'invalidFormat')
      .describe('0 for none; otherwise a positive exact decimal (balance in the site currency, tokens in tokens).'),
    weight: z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(PRIZE_WEIGHT_TOTAL, 'invalidValue').describe('Parts per million.'),
  })
  .superRefine((value, context) => {
    if (value.prize_type && value.amount !== undefined && (value.prize_type === 'none') !== !/[1-9]/.test(value.amount))
      context.addIssue({ code: 'custom', message: 'invalidValue', path: ['amount'] });
  });

export const opsSpinSavePayload = z
  .strictObject({
    site: siteField,
    cost: amountInput.describe('Game tokens one spin costs.'),
    active,
    prizes: z.array(opsSpinPrizeInput, 'invalidValue').min(2, 'invalidValue').max(24, 'invalidValue').describe('In wheel order, 2 to 24 prizes.'),
    reason,
  })
  .superRefine((value, context) => {
    if (!Array.isArray(value.prizes)) return;
    const total = value.prizes.reduce((sum, prize) => sum + (Number.isSafeInteger(prize?.weight) ? prize.weight : 0), 0);
    if (total !== PRIZE_WEIGHT_TOTAL) context.addIssue({ code: 'custom', message: 'invalidValue', path: ['weights'] });
  });

export const opsSpinSave = defineOperatorCall({
  path: '/api/ops/spin/save',
  summary:
    `Replaces a site's spin cost, on/off and prize table (weights in parts per million summing to exactly ${PRIZE_WEIGHT_TOTAL}: else validationError on weights). ` +
    'A balance prize set or changed also needs money.adjust. Spins already made keep what they drew. ' +
    `Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsSpinSavePayload,
  reply: z.object({ ...okFields, audit_id: z.number().int().positive() }),
});

export const REWARDS_OPERATOR_CALLS = {
  opsPromotions,
  opsPromotion,
  opsPromotionSave,
  opsPromotionPreview,
  opsMissions,
  opsMissionSave,
  opsSpin,
  opsSpinSave,
} as const;

// ---------------------------------------------------------------------------------------------
// Exact helpers the console and the API share (ADR 0025: never through floats)

/** A percentage with up to 4 decimals as parts per million ("12.5" → 125000), or null when it is not one. */
export function percentToWeight(percent: string): number | null {
  const units = parseMinorUnits(percent, 4);
  if (units === null || units < 0n || units > BigInt(PRIZE_WEIGHT_TOTAL)) return null;
  return Number(units);
}

/** Parts per million as a percentage, exact and shortest (125000 → "12.5"). */
export function weightToPercent(weight: number): string {
  return fromMinorUnits(BigInt(weight), { places: 4, trim: true });
}

/**
 * What one spin pays out on average, by prize type: the sum of weight × amount over the table,
 * divided by 1,000,000, as an exact decimal (up to 10 places, trimmed). Invalid amounts count 0.
 */
export function spinExpectedValue(prizes: readonly { prize_type: PrizeType; amount: string; weight: number }[]): Record<Exclude<PrizeType, 'none'>, string> {
  const sums: Record<Exclude<PrizeType, 'none'>, bigint> = { balance: 0n, tokens: 0n, frozen_tokens: 0n };
  for (const prize of prizes) {
    if (prize.prize_type === 'none' || !Number.isSafeInteger(prize.weight)) continue;
    const amount = parseMinorUnits(prize.amount);
    if (amount === null || amount < 0n) continue;
    sums[prize.prize_type] += amount * BigInt(prize.weight);
  }
  const out = (sum: bigint) => fromMinorUnits(sum, { places: 10, trim: true });
  return { balance: out(sums.balance), tokens: out(sums.tokens), frozen_tokens: out(sums.frozen_tokens) };
}

/** The texts a site may carry: the site's languages only. */
export const textLocalesProblem = (texts: Partial<Record<LocaleCode, unknown>>, languages: readonly string[]): LocaleCode[] =>
  (Object.keys(texts) as LocaleCode[]).filter((code) => !languages.includes(code));
