import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { decimalsEqual, fromMinorUnits, toMinorUnits, type ErrorKey, type LocaleCode, type OPERATOR_CALLS, type Permission } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { missionClaims, missions, promotionEntries, promotionTexts, promotions, sites, spinPrizes, spinSettings, spins } from '../db/schema.js';
import { sanitizeHtml } from '../content/index.js';
import { failure } from '../http/calls.js';
import { prizeTableProblem, savePrizeTable } from './spin.js';

/*
 * The back office's promotions, missions and lucky spin (issue 26 §2 Content, ADR 0054). Every
 * change is one transaction with its audit entry (reason, before and after). The player site's
 * calls (promotions/list and detail, rewards/missions, rewards/spin_info) read these tables on
 * every request and keep no copy (ADR 0014), so a change shows at once in every process.
 *
 * Money: a change that sets or changes what is paid in real balance (a promotion reward or a spin
 * prize of type balance) also needs money.adjust; the payload alone cannot tell (an edit of a
 * promotion's texts carries its unchanged reward), so it is decided here against the stored row.
 * Rows players have joined, claimed or spun are never deleted: switching off is the way.
 */

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;
export type RewardsOperatorReply = Record<string, unknown> & { statusCode: number; message: string };

/** The operator as these calls see it (rewards/ cannot import banking's Actor: ADR 0027). */
export interface RewardsOperator {
  site(db: Db, domain: string | undefined): Promise<{ ok: true; value: { id: number; externalId: string } | null } | { ok: false; message: ErrorKey }>;
  audit(tx: Db, entry: { action: string; targetType: string; targetId: string | number; siteId: number | null; reason?: string; details?: Record<string, unknown> }): Promise<number>;
  /** Whether the operator's role allows a permission beyond the call's own (money.adjust). */
  may(permission: Permission): boolean;
}

const OK = { statusCode: 1, message: 'OK' } as const;
const fail = (key: ErrorKey, errors?: Record<string, string[]>) => failure(key, errors) as RewardsOperatorReply;
const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((trx) => work(trx as unknown as Db));
/** A stored amount as the console shows it: exact and shortest ("10.0000" → "10"). */
const short = (amount: string): string => fromMinorUnits(toMinorUnits(amount), { trim: true });
const shortOrNull = (amount: string | null): string | null => (amount === null ? null : short(amount));

interface Site {
  id: number;
  languages: LocaleCode[];
}

async function siteOf(db: Db, operator: RewardsOperator, domain: string): Promise<{ ok: true; site: Site } | { ok: false; reply: RewardsOperatorReply }> {
  const found = await operator.site(db, domain);
  if (!found.ok) return { ok: false, reply: fail(found.message) };
  if (!found.value) return { ok: false, reply: fail('siteNotFound') };
  const [row] = await db.select({ languages: sites.languages }).from(sites).where(eq(sites.id, found.value.id)).limit(1);
  return { ok: true, site: { id: found.value.id, languages: (row?.languages ?? ['EN']) as LocaleCode[] } };
}

/** Texts in languages the site does not have: a field error each. */
function foreignTexts(texts: Partial<Record<string, unknown>>, site: Site): Record<string, string[]> | null {
  const foreign = Object.keys(texts).filter((code) => !(site.languages as string[]).includes(code));
  return foreign.length ? Object.fromEntries(foreign.map((code) => [`texts.${code}`, ['invalidValue']])) : null;
}

// ---------------------------------------------------------------------------------------------
// Promotions

type PromotionRow = typeof promotions.$inferSelect;

const entriesOf = sql<number>`(select count(*)::int from ${promotionEntries} where ${promotionEntries.promotionId} = ${promotions.id})`;

function promotionOut(row: PromotionRow, title: string, entries: number) {
  return {
    id: row.id,
    kind: row.kind,
    category: row.category,
    title,
    image_url: row.imageUrl,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt ? row.endAt.toISOString() : null,
    claim_type: row.claimType,
    reward_amount: shortOrNull(row.rewardAmount),
    reward_type: row.rewardType,
    min_deposit: shortOrNull(row.minDeposit),
    entries,
    active: row.active,
  };
}

export async function opsPromotions(db: Db, operator: RewardsOperator, payload: Payload<'opsPromotions'>): Promise<RewardsOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const filters: (SQL | undefined)[] = [eq(promotions.siteId, found.site.id)];
  if (payload.kind) filters.push(eq(promotions.kind, payload.kind));
  if (payload.state) filters.push(eq(promotions.active, payload.state === 'on'));
  const where = and(...filters);
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(promotions).where(where);
  const rows = await db
    .select({ row: promotions, title: promotionTexts.title, entries: entriesOf })
    .from(promotions)
    .leftJoin(promotionTexts, and(eq(promotionTexts.promotionId, promotions.id), eq(promotionTexts.locale, 'EN')))
    .where(where)
    .orderBy(desc(promotions.startAt), desc(promotions.id))
    .limit(payload.page_size)
    .offset((payload.page - 1) * payload.page_size);
  return {
    ...OK,
    value: rows.map(({ row, title, entries }) => promotionOut(row, title ?? '', entries)),
    languages: found.site.languages,
    total: counted?.total ?? 0,
    page: payload.page,
    page_size: payload.page_size,
  };
}

/** A promotion of the site with its texts by locale, as the console and the audit log show it. */
async function promotionWithTexts(db: Db, siteId: number, id: number, lock = false) {
  const query = db
    .select({ row: promotions, entries: entriesOf })
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.siteId, siteId)));
  const [found] = lock ? await query.for('update', { of: promotions }) : await query;
  if (!found) return null;
  const texts = await db.select().from(promotionTexts).where(eq(promotionTexts.promotionId, id)).orderBy(asc(promotionTexts.locale));
  return {
    ...promotionOut(found.row, texts.find((text) => text.locale === 'EN')?.title ?? '', found.entries),
    texts: Object.fromEntries(texts.map((text) => [text.locale, { title: text.title, summary: text.summary, body: text.body }])) as Partial<Record<LocaleCode, { title: string; summary: string; body: string }>>,
  };
}

export async function opsPromotion(db: Db, operator: RewardsOperator, payload: Payload<'opsPromotion'>): Promise<RewardsOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const value = await promotionWithTexts(db, found.site.id, payload.id);
  if (!value) return fail('notFound');
  return { ...OK, value, languages: found.site.languages };
}

export async function opsPromotionPreview(db: Db, operator: RewardsOperator, payload: Payload<'opsPromotionPreview'>): Promise<RewardsOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  return { ...OK, body: sanitizeHtml(payload.body) };
}

/** What a promotion pays in real balance: its reward when of type balance, else null. */
const balanceReward = (reward: { reward_amount: string | null; reward_type: string | null }): string | null =>
  reward.reward_type === 'balance' && reward.reward_amount !== null ? reward.reward_amount : null;

function sameMoney(a: string | null, b: string | null): boolean {
  return a === null || b === null ? a === b : decimalsEqual(a, b);
}

export async function opsPromotionSave(db: Db, operator: RewardsOperator, payload: Payload<'opsPromotionSave'>): Promise<RewardsOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const site = found.site;
  const foreign = foreignTexts(payload.texts, site);
  if (foreign) return fail('validationError', foreign);
  const reward = payload.claim_type === 'claim' && payload.reward_amount ? { amount: payload.reward_amount, type: payload.reward_type! } : null;
  const values = {
    kind: payload.kind,
    category: payload.category,
    imageUrl: payload.image_url,
    startAt: new Date(payload.start_at),
    endAt: payload.end_at ? new Date(payload.end_at) : null,
    claimType: payload.claim_type,
    rewardAmount: reward?.amount ?? null,
    rewardType: reward?.type ?? null,
    minDeposit: payload.min_deposit ?? null,
    active: payload.active,
  };
  const texts = Object.entries(payload.texts).map(([locale, text]) => ({ locale, title: text.title, summary: text.summary, body: sanitizeHtml(text.body) }));
  const paysAfter = balanceReward({ reward_amount: values.rewardAmount, reward_type: values.rewardType });

  return inTransaction(db, async (tx) => {
    const before = payload.id === undefined ? null : await promotionWithTexts(tx, site.id, payload.id, true);
    if (payload.id !== undefined && !before) return fail('notFound');
    // Money paid in real balance set or changed: the role must also move money (ADR 0054).
    if (!sameMoney(before ? balanceReward(before) : null, paysAfter) && !operator.may('money.adjust')) return fail('permissionDenied');
    let id: number;
    if (before) {
      id = before.id;
      await tx.update(promotions).set(values).where(and(eq(promotions.id, id), eq(promotions.siteId, site.id)));
    } else {
      const [row] = await tx
        .insert(promotions)
        .values({ siteId: site.id, ...values })
        .returning({ id: promotions.id });
      id = row!.id;
    }
    // The site's languages are rewritten; a text of a language the site no longer has stays as it was.
    const given = texts.map((text) => text.locale);
    await tx
      .delete(promotionTexts)
      .where(and(eq(promotionTexts.promotionId, id), inArray(promotionTexts.locale, site.languages), given.length ? notInArray(promotionTexts.locale, given) : undefined));
    for (const text of texts)
      await tx
        .insert(promotionTexts)
        .values({ promotionId: id, ...text })
        .onConflictDoUpdate({ target: [promotionTexts.promotionId, promotionTexts.locale], set: { title: text.title, summary: text.summary, body: text.body } });
    const after = await promotionWithTexts(tx, site.id, id);
    const auditId = await operator.audit(tx, {
      action: before ? 'content.promotion.update' : 'content.promotion.create',
      targetType: 'promotion',
      targetId: id,
      siteId: site.id,
      reason: payload.reason,
      details: { before, after },
    });
    return { ...OK, id, audit_id: auditId };
  });
}

// ---------------------------------------------------------------------------------------------
// Missions

type MissionRow = typeof missions.$inferSelect;
const claimsOf = sql<number>`(select count(*)::int from ${missionClaims} where ${missionClaims.missionId} = ${missions.id})`;

const missionOut = (row: MissionRow, claims: number) => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  period: row.period,
  target: short(row.target),
  reward_tokens: short(row.rewardTokens),
  texts: row.texts,
  sort: row.sort,
  active: row.active,
  claims,
});

export async function opsMissions(db: Db, operator: RewardsOperator, payload: Payload<'opsMissions'>): Promise<RewardsOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const rows = await db
    .select({ row: missions, claims: claimsOf })
    .from(missions)
    .where(eq(missions.siteId, found.site.id))
    .orderBy(asc(missions.sort), asc(missions.id));
  return { ...OK, value: rows.map(({ row, claims }) => missionOut(row, claims)), languages: found.site.languages };
}

const CODE_IN_USE = { code: ['codeInUse'] };

export async function opsMissionSave(db: Db, operator: RewardsOperator, payload: Payload<'opsMissionSave'>): Promise<RewardsOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const site = found.site;
  const foreign = foreignTexts(payload.texts, site);
  if (foreign) return fail('validationError', foreign);
  try {
    return await inTransaction(db, async (tx) => {
      const [before] =
        payload.id === undefined
          ? [undefined]
          : await tx
              .select({ row: missions, claims: claimsOf })
              .from(missions)
              .where(and(eq(missions.id, payload.id), eq(missions.siteId, site.id)))
              .for('update', { of: missions });
      if (payload.id !== undefined && !before) return fail('notFound');
      const [taken] = await tx
        .select({ id: missions.id })
        .from(missions)
        .where(and(eq(missions.siteId, site.id), eq(missions.code, payload.code)))
        .limit(1);
      if (taken && taken.id !== payload.id) return fail('validationError', CODE_IN_USE);
      // Texts of languages the site no longer has stay as they were.
      const kept = before ? Object.fromEntries(Object.entries(before.row.texts).filter(([code]) => !(site.languages as string[]).includes(code))) : {};
      const values = {
        code: payload.code,
        kind: payload.kind,
        period: payload.period,
        target: payload.target,
        rewardTokens: payload.reward_tokens,
        texts: { ...kept, ...payload.texts } as MissionRow['texts'],
        sort: payload.sort,
        active: payload.active,
      };
      const [row] = before
        ? await tx.update(missions).set(values).where(eq(missions.id, before.row.id)).returning()
        : await tx
            .insert(missions)
            .values({ siteId: site.id, ...values })
            .returning();
      const auditId = await operator.audit(tx, {
        action: before ? 'content.mission.update' : 'content.mission.create',
        targetType: 'mission',
        targetId: row!.id,
        siteId: site.id,
        reason: payload.reason,
        details: { before: before ? missionOut(before.row, before.claims) : null, after: missionOut(row!, before?.claims ?? 0) },
      });
      return { ...OK, id: row!.id, audit_id: auditId };
    });
  } catch (error) {
    // Two saves of one new code at once: the unique index decides.
    if (isUniqueViolation(error, 'missions_site_code_key')) return fail('validationError', CODE_IN_USE);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Lucky spin

async function spinOf(db: Db, siteId: number, lock = false) {
  const query = db.select().from(spinSettings).where(eq(spinSettings.siteId, siteId));
  const [settings] = lock ? await query.for('update') : await query;
  const rows = await db.select().from(spinPrizes).where(eq(spinPrizes.siteId, siteId)).orderBy(asc(spinPrizes.position));
  return {
    configured: !!settings,
    cost: settings ? short(settings.cost) : null,
    active: settings?.active ?? false,
    prizes: rows.map((row) => ({ label: row.label, prize_type: row.prizeType, amount: short(row.amount), weight: row.weight })),
  };
}

export async function opsSpin(db: Db, operator: RewardsOperator, payload: Payload<'opsSpin'>): Promise<RewardsOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(spins)
    .where(eq(spins.siteId, found.site.id));
  return { ...OK, ...(await spinOf(db, found.site.id)), spins: counted?.total ?? 0 };
}

/** The balance prizes of a table, as a comparable list (order on the wheel aside). */
const balancePrizes = (prizes: readonly { prize_type: string; amount: string; weight: number }[]): string =>
  prizes
    .filter((prize) => prize.prize_type === 'balance')
    .map((prize) => `${toMinorUnits(prize.amount)}x${prize.weight}`)
    .sort()
    .join(',');

export async function opsSpinSave(db: Db, operator: RewardsOperator, payload: Payload<'opsSpinSave'>): Promise<RewardsOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const siteId = found.site.id;
  const prizes = payload.prizes.map((prize) => ({ label: prize.label, prizeType: prize.prize_type, amount: prize.amount, weight: prize.weight }));
  // The contract checked every field; the table's own rule (ADR 0014) once more, as savePrizeTable would.
  if (prizeTableProblem(payload.cost, prizes)) return fail('validationError', { weights: ['invalidValue'] });
  return inTransaction(db, async (tx) => {
    const before = await spinOf(tx, siteId, true);
    // A balance prize set, changed or removed changes what the wheel pays in real money (ADR 0054).
    if (balancePrizes(before.prizes) !== balancePrizes(payload.prizes) && !operator.may('money.adjust')) return fail('permissionDenied');
    await savePrizeTable(tx, siteId, payload.cost, prizes);
    if (!payload.active) await tx.update(spinSettings).set({ active: false }).where(eq(spinSettings.siteId, siteId));
    const after = await spinOf(tx, siteId);
    const auditId = await operator.audit(tx, {
      action: 'content.spin.update',
      targetType: 'spin',
      targetId: siteId,
      siteId,
      reason: payload.reason,
      details: { before, after },
    });
    return { ...OK, audit_id: auditId };
  });
}
