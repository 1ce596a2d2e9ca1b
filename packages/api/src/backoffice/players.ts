import type { z } from 'zod';
import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OPERATOR_CALLS, OpsPlayerNoteView, OpsPlayerReply, OpsPlayerRow, OpsPlayerSession, Permission } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { amlFlags, playerExclusions, playerNotes, players, sessions, sites, wallets } from '../db/schema.js';
import { failure } from '../http/calls.js';
import { SESSION_IDLE_MS, describeDevice, endSession, maskIp, revokeOtherSessions } from '../accounts/index.js';
import { kycDocumentView, kycLevelOf, playerDocuments, type OperatorAccess, type OperatorReply } from '../compliance/index.js';
import { limitsOf, normalisedPerson, runningExclusionOf } from '../responsible/index.js';
import { owedBetsOf } from '../sports/index.js';
import { siteScopeCondition, soleSiteId } from './actor.js';

/*
 * The back office's Players screens (issue 26 §2, ADR 0047): the search, a player's page, notes,
 * block/unblock/close and ending sessions. Every query keeps to the operator's sites (another
 * site's player is accountNotFound, another site named permissionDenied); every change and every
 * view of a player's details is audited, a change in its own transaction with the reason and the
 * state before and after. Money moves only through opsAdjust (the ledger).
 *
 * This module lives with the operator side (not in accounts/) because it reads what several
 * features keep (accounts, responsible gaming, identity documents); banking's operator calls pass
 * it the operator's access as they do to compliance's (ADR 0040).
 */

/** What these calls need of the operator: compliance's access, the back-office account, and whether the role holds a permission. */
export interface PlayerOpsAccess extends OperatorAccess {
  /** The back-office account acting (null: a platform key or the command line). */
  accountId: number | null;
  may(permission: Permission): boolean;
}

type Payload<N extends keyof typeof OPERATOR_CALLS> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;
const OK = { statusCode: 1, message: 'OK' } as const;

/** Sessions and exclusions listed on a player's page, at most; notes likewise. */
const MAX_LISTED = 50;
const MAX_NOTES = 100;

// What a search text may be: each kind is matched exactly through its own index (ADR 0047).
const ACCOUNT_ID = /^[A-Za-z0-9]{4,16}$/;
const PHONE = /^\d{6,15}$/;
const LETTER = /\p{L}/u;

/** A LIKE pattern matching texts that start with `text`, its wildcards (% and _) and the escape character taken literally. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A phone number with only its last three digits shown. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  return phone.length <= 3 ? '•'.repeat(phone.length) : `${'•'.repeat(phone.length - 3)}${phone.slice(-3)}`;
}

/** An email address with its name hidden but the first character, and its domain shown. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email ? '•••' : '';
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * The search condition: an account id, a phone or an email equal to the text (each of its own
 * index), or a full name starting with it (lower(full_name) text_pattern_ops). Only the kinds the
 * text can be are asked, so the planner combines index scans. null: the text can be none of them.
 */
function searchCondition(query: string): SQL | undefined | null {
  if (!query) return undefined;
  const conditions: SQL[] = [];
  if (ACCOUNT_ID.test(query)) conditions.push(eq(players.accountId, query.toLowerCase()));
  const digits = query.replace(/[\s+-]/g, '');
  if (PHONE.test(digits)) conditions.push(and(ne(players.contactPhone, ''), eq(players.contactPhone, digits))!);
  if (query.includes('@')) conditions.push(sql`(${players.contactEmail} <> '' and lower(${players.contactEmail}) = ${query.toLowerCase()})`);
  else if (LETTER.test(query)) conditions.push(sql`lower(${players.fullName}) like ${prefixPattern(query.toLowerCase())}`);
  return conditions.length === 0 ? null : or(...conditions)!;
}

/** A player of a site the operator may act on, by the site's domain and the account id; or the failure. */
async function targetPlayer(db: Db, access: OperatorAccess, target: { site: string; account_id: string }) {
  const site = await access.site(db, target.site);
  if (!site.ok) return { ok: false as const, reply: failure(site.message) };
  const [row] = await db
    .select({ player: players, siteName: sites.siteName, currency: sites.currency, externalId: sites.externalId })
    .from(players)
    .innerJoin(sites, eq(sites.id, players.siteId))
    .where(and(eq(players.siteId, site.value!.id), eq(players.accountId, target.account_id.toLowerCase()), siteScopeCondition(access, players.siteId)))
    .limit(1);
  if (!row) return { ok: false as const, reply: failure('accountNotFound') };
  return { ok: true as const, ...row };
}

const rowColumns = {
  site: sites.externalId,
  accountId: players.accountId,
  fullName: players.fullName,
  contactPhone: players.contactPhone,
  contactEmail: players.contactEmail,
  status: players.status,
  balance: sql<string>`coalesce(${wallets.balance}, 0)::text`,
  currency: sites.currency,
  createdAt: players.createdAt,
};

function playerRowOf(
  row: { site: string; accountId: string; fullName: string; contactPhone: string; contactEmail: string; status: OpsPlayerRow['status']; balance: string; currency: string; createdAt: Date },
  showContact: boolean,
): OpsPlayerRow {
  return {
    site: row.site,
    account_id: row.accountId,
    full_name: row.fullName,
    contact_phone: showContact ? row.contactPhone : maskPhone(row.contactPhone),
    contact_email: showContact ? row.contactEmail : maskEmail(row.contactEmail),
    status: row.status,
    balance: row.balance,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
  };
}

/** Players of the operator's sites (or of one) matching the text, newest first. The search is audited. */
export async function opsPlayerSearch(db: Db, access: PlayerOpsAccess, payload: Payload<'opsPlayerSearch'>): Promise<OperatorReply> {
  const site = await access.site(db, payload.site);
  if (!site.ok) return failure(site.message);
  const matching = searchCondition(payload.query);
  let value: OpsPlayerRow[] = [];
  let total = 0;
  if (matching !== null) {
    const where = and(site.value ? eq(players.siteId, site.value.id) : siteScopeCondition(access, players.siteId), matching, payload.status ? eq(players.status, payload.status) : undefined);
    const [rows, [counted]] = await Promise.all([
      db
        .select(rowColumns)
        .from(players)
        .innerJoin(sites, eq(sites.id, players.siteId))
        .leftJoin(wallets, eq(wallets.playerId, players.id))
        .where(where)
        .orderBy(desc(players.createdAt), desc(players.id))
        .limit(payload.page_size)
        .offset((payload.page - 1) * payload.page_size),
      db.select({ total: count() }).from(players).where(where),
    ]);
    const showContact = access.may('players.manage');
    value = rows.map((row) => playerRowOf(row, showContact));
    total = counted?.total ?? 0;
  }
  // A search reads players' names and contacts: who looked for whom is audited (ADR 0023).
  await access.audit(db, {
    action: 'players.search',
    targetType: 'players',
    targetId: payload.query ? 'query' : 'all',
    siteId: site.value?.id ?? soleSiteId(access),
    details: { query: payload.query, status: payload.status ?? null, page: payload.page, page_size: payload.page_size, total, account_ids: value.map((row) => row.account_id) },
  });
  return { ...OK, value, total, page: payload.page, page_size: payload.page_size };
}

/** The live sessions of a player (not ended, not past their end, used within the idle time), most recent first. */
function liveSessions(db: Db, playerId: number, siteId: number, now: number) {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, ip: sessions.ip, userAgent: sessions.userAgent })
    .from(sessions)
    .where(
      and(
        eq(sessions.playerId, playerId),
        eq(sessions.siteId, siteId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
        or(isNull(sessions.limitEndsAt), gt(sessions.limitEndsAt, new Date(now))),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(MAX_LISTED);
}

function noteOf(row: typeof playerNotes.$inferSelect): OpsPlayerNoteView {
  return { note_id: row.id, body: row.body, author: row.author, created_at: row.createdAt.toISOString() };
}

/** A player's page in one call. The view is audited (it shows the player's contacts, documents and notes). */
export async function opsPlayer(db: Db, access: PlayerOpsAccess, payload: Payload<'opsPlayer'>): Promise<OperatorReply> {
  const target = await targetPlayer(db, access, payload);
  if (!target.ok) return target.reply;
  const { player } = target;
  const now = Date.now();
  const manager = access.may('players.manage');
  const [[wallet], sessionRows, limits, running, exclusionRows, documents, noteRows, [flags], owed] = await Promise.all([
    db
      .select({ balance: sql<string>`${wallets.balance}::text`, held: sql<string>`${wallets.held}::text`, tokens: sql<string>`${wallets.tokens}::text`, frozenTokens: sql<string>`${wallets.frozenTokens}::text` })
      .from(wallets)
      .where(eq(wallets.playerId, player.id))
      .limit(1),
    liveSessions(db, player.id, player.siteId, now),
    limitsOf(db, player.id, now),
    runningExclusionOf(db, { playerId: player.id, siteId: player.siteId, person: normalisedPerson(player) }),
    db.select().from(playerExclusions).where(eq(playerExclusions.playerId, player.id)).orderBy(desc(playerExclusions.startsAt), desc(playerExclusions.id)).limit(MAX_LISTED),
    playerDocuments(db, player.siteId, player.id),
    db.select().from(playerNotes).where(eq(playerNotes.playerId, player.id)).orderBy(desc(playerNotes.createdAt), desc(playerNotes.id)).limit(MAX_NOTES),
    db.select({ open: count() }).from(amlFlags).where(and(eq(amlFlags.playerId, player.id), inArray(amlFlags.status, ['open', 'escalated']))),
    owedBetsOf(db, player.siteId, player.id),
  ]);
  const balance = wallet?.balance ?? '0.0000';
  const reply: Omit<OpsPlayerReply, 'statusCode' | 'message'> = {
    profile: {
      ...playerRowOf({ ...player, site: target.externalId, balance, currency: target.currency }, manager),
      site_name: target.siteName,
      birth_date: player.birthDate,
      referral_code: player.referralCode,
      affiliate_code: player.affiliateCode,
      last_login_at: player.lastLoginAt?.toISOString() ?? null,
      kyc_level: kycLevelOf(documents),
      open_flags: flags?.open ?? 0,
    },
    balances: { available: balance, held: wallet?.held ?? '0.0000', tokens: wallet?.tokens ?? '0.0000', frozen_tokens: wallet?.frozenTokens ?? '0.0000', currency: target.currency },
    sessions: sessionRows.map(
      (row): OpsPlayerSession => ({
        session_id: row.id,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        ip: manager ? row.ip : maskIp(row.ip),
        device: describeDevice(row.userAgent),
      }),
    ),
    limits,
    exclusion: running ? { kind: running.kind, period: running.period, until: running.until?.toISOString() ?? null } : null,
    exclusions: exclusionRows.map((row) => ({
      kind: row.kind,
      period: row.period,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt?.toISOString() ?? null,
      running: row.startsAt.getTime() <= now && (row.endsAt === null || row.endsAt.getTime() > now),
    })),
    documents: documents.map((row) => ({ ...kycDocumentView(row), reviewed_by: row.reviewedBy })),
    notes: noteRows.map(noteOf),
    owed_sports: owed.map((bet) => ({ ticket: bet.ticket, amount: bet.amount, settled_at: bet.settledAt })),
  };
  await access.audit(db, { action: 'player.view', targetType: 'player', targetId: player.id, siteId: player.siteId, details: { account_id: player.accountId } });
  return { ...OK, ...reply };
}

/** Adds a note to a player, audited in the same transaction. */
export async function opsPlayerNote(db: Db, access: PlayerOpsAccess, payload: Payload<'opsPlayerNote'>): Promise<OperatorReply> {
  const target = await targetPlayer(db, access, payload);
  if (!target.ok) return target.reply;
  const { player } = target;
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [row] = await tx.insert(playerNotes).values({ siteId: player.siteId, playerId: player.id, body: payload.body, author: access.label, accountId: access.accountId }).returning();
    const auditId = await access.audit(tx, {
      action: 'player.note',
      targetType: 'player',
      targetId: player.id,
      siteId: player.siteId,
      reason: payload.body,
      details: { account_id: player.accountId, note_id: row!.id, before: null, after: { body: payload.body } },
    });
    return { ...OK, note: noteOf(row!), audit_id: auditId };
  });
}

/** Why a status change ended the player's sessions (sessions.revoked_reason). */
const ENDED_BY: Record<'blocked' | 'closed', string> = { blocked: 'blocked_by_operator', closed: 'closed_by_operator' };

/**
 * Blocks, unblocks or closes an account with a reason. The player row is locked, so two operators
 * acting at once are ordered; blocking or closing ends every session in the same transaction (and
 * the players trigger tells every process's session cache). A closed account stays closed.
 */
export async function opsPlayerStatus(db: Db, access: PlayerOpsAccess, payload: Payload<'opsPlayerStatus'>): Promise<OperatorReply> {
  const target = await targetPlayer(db, access, payload);
  if (!target.ok) return target.reply;
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [locked] = await tx.select({ id: players.id, status: players.status }).from(players).where(eq(players.id, target.player.id)).for('update').limit(1);
    if (!locked) return failure('accountNotFound');
    const previous = locked.status;
    if (previous === payload.status) return { ...OK, changed: false, status: previous, previous, sessions_ended: 0, audit_id: null };
    if (previous === 'closed') return failure('CLOSE');
    await tx.update(players).set({ status: payload.status, updatedAt: sql`now()` }).where(eq(players.id, locked.id));
    const ended = payload.status === 'active' ? 0 : await revokeOtherSessions(tx, access.playerCache, locked.id, null, ENDED_BY[payload.status]);
    const auditId = await access.audit(tx, {
      action: 'player.status',
      targetType: 'player',
      targetId: locked.id,
      siteId: target.player.siteId,
      reason: payload.reason,
      details: { account_id: target.player.accountId, before: { status: previous }, after: { status: payload.status }, sessions_ended: ended },
    });
    return { ...OK, changed: true, status: payload.status, previous, sessions_ended: ended, audit_id: auditId };
  });
}

/** Ends one live session of the player, or all of them, audited with the sessions ended. */
export async function opsPlayerSessionRevoke(db: Db, access: PlayerOpsAccess, payload: Payload<'opsPlayerSessionRevoke'>): Promise<OperatorReply> {
  const target = await targetPlayer(db, access, payload);
  if (!target.ok) return target.reply;
  const { player } = target;
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    let ended: number;
    if (payload.session_id !== undefined) {
      const [session] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, payload.session_id), eq(sessions.playerId, player.id), eq(sessions.siteId, player.siteId), isNull(sessions.revokedAt)))
        .for('update')
        .limit(1);
      if (!session) return failure('notFound');
      await endSession(tx, access.playerCache, { sessionId: session.id, playerId: player.id }, 'revoked_by_operator');
      ended = 1;
    } else {
      ended = await revokeOtherSessions(tx, access.playerCache, player.id, null, 'revoked_by_operator');
    }
    const auditId = await access.audit(tx, {
      action: 'player.sessions.revoke',
      targetType: 'player',
      targetId: player.id,
      siteId: player.siteId,
      reason: payload.reason,
      details: { account_id: player.accountId, session_id: payload.session_id ?? null, sessions_ended: ended },
    });
    return { ...OK, ended, audit_id: auditId };
  });
}
