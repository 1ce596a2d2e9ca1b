import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  PROMOTION_CATEGORIES,
  type LocaleCode,
  type PromotionDetailReply,
  type PromotionSummary,
} from '@wl/contracts';
import type { Db } from '../db/client.js';
import { promotionEntries, promotionTexts, promotions } from '../db/schema.js';
import { sanitizeHtml } from '../content/index.js';
import { postToLedger, readBalances } from '../ledger/index.js';
import { eligibilityProblem } from './promotion-eligibility.js';

interface Owner {
  id: number;
  siteId: number;
}

type Kind = PromotionSummary['kind'];
type Category = PromotionSummary['category'];
type PromotionRow = typeof promotions.$inferSelect;
type TextRow = typeof promotionTexts.$inferSelect;

export interface PromotionInput {
  kind: Kind;
  category: Category;
  imageUrl: string;
  startAt: Date;
  endAt: Date | null;
  claimType?: 'none' | 'join' | 'claim';
  rewardAmount?: string | null;
  rewardType?: 'balance' | 'tokens' | null;
  /** The least deposit that qualifies (a deposit or welcome promotion's own rule); null: any. */
  minDeposit?: string | null;
  /** Texts by locale; EN is required. Bodies are HTML, sanitised here before they are stored. */
  texts: Partial<Record<LocaleCode, { title: string; summary: string; body: string }>>;
}

/** Writes a promotion or news item with its texts; bodies are sanitised on write (and again on read). */
export async function savePromotion(db: Db, siteId: number, input: PromotionInput): Promise<number> {
  if (!input.texts.EN) throw new Error('A promotion needs an English text');
  if (!(PROMOTION_CATEGORIES as readonly string[]).includes(input.category)) throw new Error(`Unknown category ${input.category}`);
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [row] = await tx
      .insert(promotions)
      .values({
        siteId,
        kind: input.kind,
        category: input.category,
        imageUrl: input.imageUrl,
        startAt: input.startAt,
        endAt: input.endAt,
        claimType: input.claimType ?? 'none',
        rewardAmount: input.rewardAmount ?? null,
        rewardType: input.rewardType ?? null,
        minDeposit: input.minDeposit ?? null,
      })
      .returning({ id: promotions.id });
    await tx.insert(promotionTexts).values(
      Object.entries(input.texts).map(([locale, text]) => ({
        promotionId: row!.id,
        locale,
        title: text.title.trim(),
        summary: text.summary.trim(),
        body: sanitizeHtml(text.body),
      })),
    );
    return row!.id;
  });
}

/** Running now: started, not ended, active. */
function running(now: Date) {
  return and(eq(promotions.active, true), lte(promotions.startAt, now), or(isNull(promotions.endAt), gt(promotions.endAt, now)));
}

/** The text in the language, else English (always stored). */
function pickText(texts: TextRow[], language: LocaleCode | undefined): TextRow | undefined {
  return texts.find((text) => text.locale === language) ?? texts.find((text) => text.locale === 'EN') ?? texts[0];
}

function summaryOf(row: PromotionRow, text: TextRow | undefined): PromotionSummary {
  return {
    promotion_id: row.id,
    kind: row.kind,
    category: (PROMOTION_CATEGORIES as readonly string[]).includes(row.category) ? (row.category as Category) : 'event',
    title: text?.title ?? '',
    summary: text?.summary ?? '',
    image_url: row.imageUrl,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt ? row.endAt.toISOString() : null,
    claim_type: row.claimType,
    reward_amount: row.rewardAmount,
    reward_type: row.rewardType,
    language: (text?.locale ?? 'EN') as LocaleCode,
  };
}

async function textsOf(db: Db, ids: number[], language: LocaleCode | undefined): Promise<Map<number, TextRow[]>> {
  const byId = new Map<number, TextRow[]>();
  if (ids.length === 0) return byId;
  const locales = [...new Set<string>(['EN', ...(language ? [language] : [])])];
  const rows = await db
    .select()
    .from(promotionTexts)
    .where(and(inArray(promotionTexts.promotionId, ids), inArray(promotionTexts.locale, locales)));
  for (const row of rows) byId.set(row.promotionId, [...(byId.get(row.promotionId) ?? []), row]);
  return byId;
}

export interface PromotionPage {
  value: PromotionSummary[];
  total: number;
  categories: Category[];
}

/** One page of the site's running promotions or news, newest first. */
export async function listPromotions(
  db: Db,
  siteId: number,
  options: { kind: Kind; category?: Category | undefined; language?: LocaleCode | undefined; page: number; pageSize: number },
  now = new Date(),
): Promise<PromotionPage> {
  const base = and(eq(promotions.siteId, siteId), eq(promotions.kind, options.kind), running(now));
  const where = options.category ? and(base, eq(promotions.category, options.category)) : base;
  const [rows, [count], categoryRows] = await Promise.all([
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(desc(promotions.startAt), desc(promotions.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(promotions).where(where),
    db.selectDistinct({ category: promotions.category }).from(promotions).where(base),
  ]);
  const texts = await textsOf(db, rows.map((row) => row.id), options.language);
  const present = new Set(categoryRows.map((row) => row.category));
  return {
    value: rows.map((row) => summaryOf(row, pickText(texts.get(row.id) ?? [], options.language))),
    total: count?.total ?? 0,
    categories: PROMOTION_CATEGORIES.filter((category) => present.has(category)),
  };
}

/** A promotion or news item of the site that has started (ended ones stay readable), or null. */
export async function promotionDetail(
  db: Db,
  siteId: number,
  id: number,
  language: LocaleCode | undefined,
  now = new Date(),
): Promise<PromotionDetailReply['value'] | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.siteId, siteId), eq(promotions.active, true), lte(promotions.startAt, now)))
    .limit(1);
  if (!row) return null;
  const text = pickText((await textsOf(db, [row.id], language)).get(row.id) ?? [], language);
  return { ...summaryOf(row, text), body: sanitizeHtml(text?.body ?? '') };
}

export type JoinResult =
  | { ok: true; amount: string | null; rewardType: 'balance' | 'tokens' | null; balance: string; tokens: string }
  | { ok: false; message: 'notFound' | 'notClaimable' | 'alreadyClaimed' };

/**
 * Joins a running promotion (or claims its reward) the player is eligible for (eligibilityProblem):
 * the entry's primary key (promotion, player)
 * records it once, and a reward is credited in the same transaction through the ledger under
 * `promotion:<id>:<player>`, so it is credited exactly once however concurrent the claims.
 */
export async function joinPromotion(db: Db, player: Owner, id: number, now = new Date()): Promise<JoinResult> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.siteId, player.siteId), eq(promotions.active, true)))
    .limit(1);
  if (!row) return { ok: false, message: 'notFound' };
  const isRunning = row.startAt <= now && (!row.endAt || row.endAt > now);
  if (row.claimType === 'none' || !isRunning) return { ok: false, message: 'notClaimable' };
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // The promotion's own rules, on the server: a qualifying deposit, a welcome offer once per phone.
    const refused = await eligibilityProblem(tx, player, row);
    if (refused) return { ok: false, message: refused } as const;
    const [entry] = await tx
      .insert(promotionEntries)
      .values({ promotionId: row.id, playerId: player.id, siteId: player.siteId })
      .onConflictDoNothing()
      .returning({ promotionId: promotionEntries.promotionId });
    if (!entry) return { ok: false, message: 'alreadyClaimed' } as const;
    if (row.rewardAmount && row.rewardType) {
      const posted = await postToLedger(tx, {
        siteId: player.siteId,
        playerId: player.id,
        account: row.rewardType === 'tokens' ? 'tokens' : 'balance',
        amount: row.rewardAmount,
        counter: row.rewardType === 'tokens' ? 'rewards' : 'bonuses',
        type: 'promotion',
        reference: `promotion:${row.id}`,
        idempotencyKey: `promotion:${row.id}:${player.id}`,
      });
      if (!posted.ok) throw new Error(`Promotion credit refused: ${posted.message}`);
      await tx
        .update(promotionEntries)
        .set({ ledgerEntryId: posted.transferId })
        .where(and(eq(promotionEntries.promotionId, row.id), eq(promotionEntries.playerId, player.id)));
    }
    const balances = await readBalances(tx, player.id);
    return { ok: true, amount: row.rewardAmount, rewardType: row.rewardType, balance: balances.balance, tokens: balances.tokens } as const;
  });
}

/**
 * The promotions of the player's site the player has joined or claimed, latest first: a page shows
 * their state instead of a button. Ended or switched-off promotions stay in the answer (the detail
 * of an ended one still opens and should still say "Claimed"). `ids` narrows it to a page's items.
 */
export async function joinedPromotions(
  db: Db,
  player: Owner,
  ids?: number[] | undefined,
): Promise<{ promotion_id: number; joined_at: string }[]> {
  if (ids && ids.length === 0) return [];
  const mine = and(eq(promotionEntries.playerId, player.id), eq(promotionEntries.siteId, player.siteId));
  const rows = await db
    .select({ promotionId: promotionEntries.promotionId, createdAt: promotionEntries.createdAt })
    .from(promotionEntries)
    .where(ids ? and(mine, inArray(promotionEntries.promotionId, ids)) : mine)
    .orderBy(desc(promotionEntries.createdAt), desc(promotionEntries.promotionId));
  return rows.map((row) => ({ promotion_id: row.promotionId, joined_at: row.createdAt.toISOString() }));
}
