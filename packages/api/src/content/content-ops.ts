import { and, asc, desc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ErrorKey, OPERATOR_CALLS } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { announcements, marquees, slides } from '../db/schema.js';
import { failure } from '../http/calls.js';

/*
 * The back office's Content calls, first part (issue 26 §2 Content, ADR 0052): a site's
 * announcements, marquee texts and home slides. Every change is one transaction with its audit
 * entry (reason, before and after). The player site reads these tables on every request (the home
 * calls of home-content.ts keep no copy), so a change shows on the site at once, in every process.
 */

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;

/** An operator call's reply: statusCode 1 and the fields, or 0 and an error key. */
export type ContentOperatorReply = Record<string, unknown> & {
  statusCode: number;
  message: string;
};

/** The operator as the content feature sees it (it cannot import banking's Actor: ADR 0027). */
export interface ContentOperator {
  /** The site named by domain if the operator may act on it, or why not. */
  site(db: Db, domain: string | undefined): Promise<{ ok: true; value: { id: number; externalId: string } | null } | { ok: false; message: ErrorKey }>;
  /** Writes one audit entry in `tx`'s transaction; answers its id. */
  audit(
    tx: Db,
    entry: {
      action: string;
      targetType: string;
      targetId: string | number;
      siteId: number | null;
      reason?: string;
      details?: Record<string, unknown>;
    },
  ): Promise<number>;
}

const OK = { statusCode: 1, message: 'OK' } as const;

type Site = { id: number; externalId: string };

async function siteOf(db: Db, operator: ContentOperator, domain: string): Promise<{ ok: true; site: Site } | { ok: false; reply: ContentOperatorReply }> {
  const found = await operator.site(db, domain);
  if (!found.ok) return { ok: false, reply: failure(found.message) as ContentOperatorReply };
  if (!found.value)
    return {
      ok: false,
      reply: failure('siteNotFound') as ContentOperatorReply,
    };
  return { ok: true, site: found.value };
}

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((trx) => work(trx as unknown as Db));

/** The rows as the console and the audit log show them. */
const ANNOUNCEMENT = {
  id: announcements.id,
  title: announcements.title,
  body: announcements.body,
  active: announcements.active,
  createdAt: announcements.createdAt,
};
const MARQUEE = {
  id: marquees.id,
  text: marquees.text,
  sort: marquees.sort,
  active: marquees.active,
};
const SLIDE = {
  id: slides.id,
  title: slides.title,
  image_url: slides.imageUrl,
  link: slides.link,
  sort: slides.sort,
  active: slides.active,
};

const announcementOut = ({ createdAt, ...row }: { id: number; title: string; body: string; active: boolean; createdAt: Date }) => ({ ...row, created_at: createdAt.toISOString() });

export async function opsContent(db: Db, operator: ContentOperator, payload: Payload<'opsContent'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const siteId = found.site.id;
  const state = (column: Column): SQL | undefined => (payload.state === undefined ? undefined : eq(column, payload.state === 'on'));
  const offset = (payload.page - 1) * payload.page_size;
  const reply = {
    ...OK,
    kind: payload.kind,
    announcements: [] as unknown[],
    marquee: [] as unknown[],
    slides: [] as unknown[],
    page: payload.page,
    page_size: payload.page_size,
  };

  if (payload.kind === 'announcements') {
    const where = and(eq(announcements.siteId, siteId), state(announcements.active));
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(announcements)
      .where(where);
    const rows = await db.select(ANNOUNCEMENT).from(announcements).where(where).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(payload.page_size).offset(offset);
    return {
      ...reply,
      announcements: rows.map(announcementOut),
      total: counted?.total ?? 0,
    };
  }
  if (payload.kind === 'marquee') {
    const where = and(eq(marquees.siteId, siteId), state(marquees.active));
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(marquees)
      .where(where);
    const rows = await db.select(MARQUEE).from(marquees).where(where).orderBy(asc(marquees.sort), asc(marquees.id)).limit(payload.page_size).offset(offset);
    return { ...reply, marquee: rows, total: counted?.total ?? 0 };
  }
  const where = and(eq(slides.siteId, siteId), state(slides.active));
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(slides)
    .where(where);
  const rows = await db.select(SLIDE).from(slides).where(where).orderBy(asc(slides.sort), asc(slides.id)).limit(payload.page_size).offset(offset);
  return { ...reply, slides: rows, total: counted?.total ?? 0 };
}

export async function opsAnnouncementSave(db: Db, operator: ContentOperator, payload: Payload<'opsAnnouncementSave'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const siteId = found.site.id;
  const values = {
    title: payload.title,
    body: payload.body,
    active: payload.active,
  };
  return inTransaction(db, async (tx) => {
    if (payload.id === undefined) {
      const [row] = await tx
        .insert(announcements)
        .values({ siteId, ...values })
        .returning(ANNOUNCEMENT);
      const auditId = await operator.audit(tx, {
        action: 'content.announcement.create',
        targetType: 'announcement',
        targetId: row!.id,
        siteId,
        reason: payload.reason,
        details: { before: null, after: announcementOut(row!) },
      });
      return { ...OK, id: row!.id, audit_id: auditId };
    }
    const where = and(eq(announcements.id, payload.id), eq(announcements.siteId, siteId));
    const [before] = await tx.select(ANNOUNCEMENT).from(announcements).where(where).for('update');
    if (!before) return failure('notFound') as ContentOperatorReply;
    const [after] = await tx.update(announcements).set(values).where(where).returning(ANNOUNCEMENT);
    const auditId = await operator.audit(tx, {
      action: 'content.announcement.update',
      targetType: 'announcement',
      targetId: payload.id,
      siteId,
      reason: payload.reason,
      details: {
        before: announcementOut(before),
        after: announcementOut(after!),
      },
    });
    return { ...OK, id: payload.id, audit_id: auditId };
  });
}

/** The next place at the end of a site's order. */
async function nextSort(tx: Db, table: typeof marquees | typeof slides, siteId: number): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${table.sort})` })
    .from(table)
    .where(eq(table.siteId, siteId));
  return (row?.last ?? 0) + 1;
}

export async function opsMarqueeSave(db: Db, operator: ContentOperator, payload: Payload<'opsMarqueeSave'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const siteId = found.site.id;
  const values = { text: payload.text, active: payload.active };
  return inTransaction(db, async (tx) => {
    if (payload.id === undefined) {
      const [row] = await tx
        .insert(marquees)
        .values({
          siteId,
          ...values,
          sort: await nextSort(tx, marquees, siteId),
        })
        .returning(MARQUEE);
      const auditId = await operator.audit(tx, {
        action: 'content.marquee.create',
        targetType: 'marquee',
        targetId: row!.id,
        siteId,
        reason: payload.reason,
        details: { before: null, after: row },
      });
      return { ...OK, id: row!.id, audit_id: auditId };
    }
    const where = and(eq(marquees.id, payload.id), eq(marquees.siteId, siteId));
    const [before] = await tx.select(MARQUEE).from(marquees).where(where).for('update');
    if (!before) return failure('notFound') as ContentOperatorReply;
    const [after] = await tx.update(marquees).set(values).where(where).returning(MARQUEE);
    const auditId = await operator.audit(tx, {
      action: 'content.marquee.update',
      targetType: 'marquee',
      targetId: payload.id,
      siteId,
      reason: payload.reason,
      details: { before, after },
    });
    return { ...OK, id: payload.id, audit_id: auditId };
  });
}

export async function opsSlideSave(db: Db, operator: ContentOperator, payload: Payload<'opsSlideSave'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const siteId = found.site.id;
  const values = {
    title: payload.title,
    imageUrl: payload.image_url,
    link: payload.link ? payload.link : null,
    active: payload.active,
  };
  return inTransaction(db, async (tx) => {
    if (payload.id === undefined) {
      const [row] = await tx
        .insert(slides)
        .values({ siteId, ...values, sort: await nextSort(tx, slides, siteId) })
        .returning(SLIDE);
      const auditId = await operator.audit(tx, {
        action: 'content.slide.create',
        targetType: 'slide',
        targetId: row!.id,
        siteId,
        reason: payload.reason,
        details: { before: null, after: row },
      });
      return { ...OK, id: row!.id, audit_id: auditId };
    }
    const where = and(eq(slides.id, payload.id), eq(slides.siteId, siteId));
    const [before] = await tx.select(SLIDE).from(slides).where(where).for('update');
    if (!before) return failure('notFound') as ContentOperatorReply;
    const [after] = await tx.update(slides).set(values).where(where).returning(SLIDE);
    const auditId = await operator.audit(tx, {
      action: 'content.slide.update',
      targetType: 'slide',
      targetId: payload.id,
      siteId,
      reason: payload.reason,
      details: { before, after },
    });
    return { ...OK, id: payload.id, audit_id: auditId };
  });
}

/**
 * One place earlier or later: the site's whole order is read (locked) and written again as 1..n,
 * so rows sharing a sort value (or with gaps) end in one clear order.
 */
export async function opsContentMove(db: Db, operator: ContentOperator, payload: Payload<'opsContentMove'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const siteId = found.site.id;
  const table = payload.kind === 'marquee' ? marquees : slides;
  return inTransaction(db, async (tx) => {
    const rows = await tx.select({ id: table.id, sort: table.sort }).from(table).where(eq(table.siteId, siteId)).orderBy(asc(table.sort), asc(table.id)).for('update');
    const from = rows.findIndex((row) => row.id === payload.id);
    if (from === -1) return failure('notFound') as ContentOperatorReply;
    const before = rows.map((row) => row.id);
    const order = [...before];
    const to = payload.direction === 'up' ? from - 1 : from + 1;
    if (to >= 0 && to < order.length) [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [index, id] of order.entries()) {
      if (rows.find((row) => row.id === id)!.sort !== index + 1)
        await tx
          .update(table)
          .set({ sort: index + 1 })
          .where(eq(table.id, id));
    }
    const auditId = await operator.audit(tx, {
      action: `content.${payload.kind === 'marquee' ? 'marquee' : 'slide'}.move`,
      targetType: payload.kind === 'marquee' ? 'marquee' : 'slide',
      targetId: payload.id,
      siteId,
      reason: payload.reason,
      details: {
        direction: payload.direction,
        before: { order: before },
        after: { order },
      },
    });
    return { ...OK, order, audit_id: auditId };
  });
}

export async function opsContentDelete(db: Db, operator: ContentOperator, payload: Payload<'opsContentDelete'>): Promise<ContentOperatorReply> {
  const found = await siteOf(db, operator, payload.site);
  if (!found.ok) return found.reply;
  const siteId = found.site.id;
  return inTransaction(db, async (tx) => {
    let before: Record<string, unknown> | undefined;
    if (payload.kind === 'announcements') {
      const [row] = await tx
        .delete(announcements)
        .where(and(eq(announcements.id, payload.id), eq(announcements.siteId, siteId)))
        .returning(ANNOUNCEMENT);
      before = row && announcementOut(row);
    } else if (payload.kind === 'marquee') {
      [before] = await tx
        .delete(marquees)
        .where(and(eq(marquees.id, payload.id), eq(marquees.siteId, siteId)))
        .returning(MARQUEE);
    } else {
      [before] = await tx
        .delete(slides)
        .where(and(eq(slides.id, payload.id), eq(slides.siteId, siteId)))
        .returning(SLIDE);
    }
    if (!before) return failure('notFound') as ContentOperatorReply;
    const target = payload.kind === 'announcements' ? 'announcement' : payload.kind === 'marquee' ? 'marquee' : 'slide';
    const auditId = await operator.audit(tx, {
      action: `content.${target}.delete`,
      targetType: target,
      targetId: payload.id,
      siteId,
      reason: payload.reason,
      details: { before, after: null },
    });
    return { ...OK, audit_id: auditId };
  });
}
