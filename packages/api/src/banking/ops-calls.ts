import type { z } from 'zod';
import { CALL_PERMISSIONS, OPERATOR_CALLS, type OperatorCallName } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { failure } from '../http/calls.js';
import { fieldErrorsOf } from '../shared/field-errors.js';
import type { PlayerCache } from '../accounts/index.js';
import type { Actor } from './operators.js';
import { actorMay, actsOnWholePlatform, opsTeam, opsTeamCreate, opsTeamKeyCreate, opsTeamKeyDisable, opsTeamUpdate, soleSiteId } from '../backoffice/index.js';
import { adjustBalance, decidePayment, listPending, operatorReceipt, playerStatement, recordAudit, resolveOpsSite, type DecisionKind } from './operations.js';
import type { Outcome } from './tx.js';
import { checkBooks } from './books.js';
import { auditLog } from './audit-export.js';
import { siteReport } from './reports.js';
import { dashboard } from './dashboard.js';
import { opsSportsCorrect, opsSportsHold, opsSportsLiability, opsSportsResult, opsSportsVoid } from './ops-sports.js';
import { opsInboxSend } from '../rewards/index.js';
import * as rewardsOps from '../rewards/index.js';
import { opsMatches } from '../sports/index.js';
import { opsGames, opsGameSet, type GamesAccess } from '../catalogue/index.js';
import { opsAnnouncementSave, opsContent, opsContentDelete, opsContentMove, opsMarqueeSave, opsSlideSave } from '../content/index.js';
import { opsCmsPage, opsCmsPages, opsCmsPageSave, opsCmsPreview, opsSeoPages, opsSeoPageSave } from '../content/index.js';
import { opsSiteApply, opsSiteExport, opsSites, type SiteOperator } from '../sites/index.js';
import { opsAmlDecide, opsAmlFlags, opsCompliance, opsComplianceSet, opsKycImage, opsKycPending, opsKycReview, type OperatorAccess } from '../compliance/index.js';
// Not through backoffice/index.ts: players.ts reads compliance, which imports that module (ADR 0047).
import { opsPlayer, opsPlayerNote, opsPlayerSearch, opsPlayerSessionRevoke, opsPlayerStatus, type PlayerOpsAccess } from '../backoffice/players.js';

const OK = { statusCode: 1, message: 'OK' } as const;

/** An operator call's reply: the sites' envelope (statusCode 1 and the fields, or 0 and an error key). */
export type OperatorReply = Record<string, unknown> & { statusCode: number; message: string };

type Payload<N extends OperatorCallName> = z.output<(typeof OPERATOR_CALLS)[N]['payload']>;

function answer<T>(outcome: Outcome<T>, reply: (value: T) => Record<string, unknown>): OperatorReply {
  return outcome.ok ? { ...OK, ...reply(outcome.value) } : failure(outcome.message);
}

function decision(action: DecisionKind) {
  return async (db: Db, actor: Actor, payload: Payload<'opsDepositApprove'>) =>
    answer(await decidePayment(db, actor, action, payload.payment_id, payload.reason), (done) => ({ value: done.payment, audit_id: done.auditId }));
}

/** The operator side as the compliance feature's calls see it (they cannot import banking: ADR 0040). */
const accessOf = (actor: Actor, playerCache: PlayerCache | null): OperatorAccess => ({
  label: actor.label,
  siteIds: actor.siteIds,
  playerCache,
  site: (db, domain) => resolveOpsSite(db, actor, domain),
  audit: (tx, entry) => recordAudit(tx, actor, entry),
});
/** The same for the Players calls, with the account and its role's permissions (ADR 0047). */
const playerAccessOf = (actor: Actor, playerCache: PlayerCache | null): PlayerOpsAccess => ({ ...accessOf(actor, playerCache), accountId: actor.accountId, may: (permission) => actorMay(actor, permission) });

/** The operator as the promotions, missions and spin calls see it, with the role's other permissions (ADR 0054). */
const rewardsAccessOf = (actor: Actor, playerCache: PlayerCache | null): rewardsOps.RewardsOperator => ({ ...accessOf(actor, playerCache), may: (permission) => actorMay(actor, permission) });

/** The operator as the sites feature sees it: a brand owner's account may create that owner's sites (ADR 0049). */
const siteOperatorOf = (actor: Actor, playerCache: PlayerCache | null): SiteOperator => ({ ...accessOf(actor, playerCache), brandOwnerId: actor.brandOwnerId ?? null });

/** The operator as the Games screen's calls see it: the platform's hot/new flags only for an operator of every site (ADR 0051). */
const gamesAccessOf = (actor: Actor): GamesAccess => ({
  site: (db, domain) => resolveOpsSite(db, actor, domain),
  audit: (tx, entry) => recordAudit(tx, actor, entry),
  mayFlag: async (db) => actorMay(actor, 'sites.manage') && (await actsOnWholePlatform(db, actor)),
});

/** Each operator call: the operation of operations.ts behind it. */
const HANDLERS: { [N in OperatorCallName]: (db: Db, actor: Actor, payload: Payload<N>, playerCache: PlayerCache | null) => Promise<OperatorReply> } = {
  opsPending: async (db, actor, payload) =>
    answer(await listPending(db, actor, { site: payload.site, kind: payload.kind, page: payload.page, pageSize: payload.page_size }), (found) => ({
      ...found,
      page: payload.page,
      page_size: payload.page_size,
    })),
  opsDepositApprove: decision('deposit.approve'),
  opsDepositReject: decision('deposit.reject'),
  opsWithdrawalApprove: decision('withdrawal.approve'),
  opsWithdrawalReject: decision('withdrawal.reject'),
  opsAdjust: async (db, actor, payload) =>
    answer(
      await adjustBalance(db, actor, {
        site: payload.site,
        accountId: payload.account_id,
        amount: payload.amount,
        reason: payload.reason,
        idempotencyKey: payload.idempotency_key,
        sportsTicket: payload.sports_ticket,
      }),
      (done) => ({ applied: done.applied, entry_id: done.entryId, balance_after: done.balanceAfter, audit_id: done.auditId }),
    ),
  opsStatement: async (db, actor, { site, account_id, page_size, ...filters }) =>
    answer(await playerStatement(db, actor, { site, accountId: account_id, filters: { ...filters, pageSize: page_size } }), (statement) => statement),
  opsReceipt: async (db, actor, payload) =>
    answer(await operatorReceipt(db, actor, payload.receipt_id), ({ siteId: _site, playerId: _player, ...receipt }) => receipt),
  opsAudit: async (db, actor, payload) =>
    answer(await auditLog(db, actor, { ...payload, pageSize: payload.page_size }), (found) => ({
      ...found,
      page: payload.page,
      page_size: payload.page_size,
    })),
  opsReport: async (db, actor, payload) => answer(await siteReport(db, actor, payload), (report) => report),
  opsBooks: async (db, actor, payload) => answer(await checkBooks(db, actor, payload), (books) => books),
  opsSportsResult,
  opsSportsCorrect,
  opsSportsVoid,
  opsSportsHold,
  opsSportsLiability,
  opsKycPending: (db, actor, payload, cache) => opsKycPending(db, accessOf(actor, cache), payload),
  opsKycImage: (db, actor, payload, cache) => opsKycImage(db, accessOf(actor, cache), payload),
  opsKycReview: (db, actor, payload, cache) => opsKycReview(db, accessOf(actor, cache), payload),
  opsCompliance: (db, actor, payload, cache) => opsCompliance(db, accessOf(actor, cache), payload),
  opsComplianceSet: (db, actor, payload, cache) => opsComplianceSet(db, accessOf(actor, cache), payload),
  opsAmlFlags: (db, actor, payload, cache) => opsAmlFlags(db, accessOf(actor, cache), payload),
  opsAmlDecide: (db, actor, payload, cache) => opsAmlDecide(db, accessOf(actor, cache), payload),
  opsInboxSend: (db, actor, payload, cache) => opsInboxSend(db, accessOf(actor, cache), payload),
  opsSiteApply: (db, actor, payload, cache) => opsSiteApply(db, siteOperatorOf(actor, cache), payload),
  opsSiteExport: (db, actor, payload, cache) => opsSiteExport(db, accessOf(actor, cache), payload),
  opsTeam: (db, actor) => opsTeam(db, actor),
  opsTeamCreate,
  opsTeamUpdate,
  opsTeamKeyCreate,
  opsTeamKeyDisable,
  opsPlayerSearch: (db, actor, payload, cache) => opsPlayerSearch(db, playerAccessOf(actor, cache), payload),
  opsPlayer: (db, actor, payload, cache) => opsPlayer(db, playerAccessOf(actor, cache), payload),
  opsPlayerNote: (db, actor, payload, cache) => opsPlayerNote(db, playerAccessOf(actor, cache), payload),
  opsPlayerStatus: (db, actor, payload, cache) => opsPlayerStatus(db, playerAccessOf(actor, cache), payload),
  opsPlayerSessionRevoke: (db, actor, payload, cache) => opsPlayerSessionRevoke(db, playerAccessOf(actor, cache), payload),
  opsDashboard: async (db, actor, payload) => answer(await dashboard(db, actor, payload), (board) => board),
  opsSites: (db, actor, payload, cache) => opsSites(db, siteOperatorOf(actor, cache), payload, actorMay(actor, 'sites.manage')),
  opsMatches: (db, actor, payload) =>
    opsMatches(db, { siteIds: actor.siteIds, maySettle: async (tx) => actorMay(actor, 'sports.settle') && (await actsOnWholePlatform(tx, actor)) }, payload),
  opsGames: (db, actor, payload) => opsGames(db, gamesAccessOf(actor), payload),
  opsGameSet: (db, actor, payload) => opsGameSet(db, gamesAccessOf(actor), payload),
  opsContent: (db, actor, payload, cache) => opsContent(db, accessOf(actor, cache), payload),
  opsAnnouncementSave: (db, actor, payload, cache) => opsAnnouncementSave(db, accessOf(actor, cache), payload),
  opsMarqueeSave: (db, actor, payload, cache) => opsMarqueeSave(db, accessOf(actor, cache), payload),
  opsSlideSave: (db, actor, payload, cache) => opsSlideSave(db, accessOf(actor, cache), payload),
  opsContentMove: (db, actor, payload, cache) => opsContentMove(db, accessOf(actor, cache), payload),
  opsContentDelete: (db, actor, payload, cache) => opsContentDelete(db, accessOf(actor, cache), payload),
  // Promotions, missions and the lucky spin (ADR 0054): money.adjust is decided against the stored row, so the handler asks.
  opsPromotions: (db, actor, payload, cache) => rewardsOps.opsPromotions(db, rewardsAccessOf(actor, cache), payload),
  opsPromotion: (db, actor, payload, cache) => rewardsOps.opsPromotion(db, rewardsAccessOf(actor, cache), payload),
  opsPromotionSave: (db, actor, payload, cache) => rewardsOps.opsPromotionSave(db, rewardsAccessOf(actor, cache), payload),
  opsPromotionPreview: (db, actor, payload, cache) => rewardsOps.opsPromotionPreview(db, rewardsAccessOf(actor, cache), payload),
  opsMissions: (db, actor, payload, cache) => rewardsOps.opsMissions(db, rewardsAccessOf(actor, cache), payload),
  opsMissionSave: (db, actor, payload, cache) => rewardsOps.opsMissionSave(db, rewardsAccessOf(actor, cache), payload),
  opsSpin: (db, actor, payload, cache) => rewardsOps.opsSpin(db, rewardsAccessOf(actor, cache), payload),
  opsSpinSave: (db, actor, payload, cache) => rewardsOps.opsSpinSave(db, rewardsAccessOf(actor, cache), payload),
  opsCmsPages: (db, actor, payload, cache) => opsCmsPages(db, accessOf(actor, cache), payload),
  opsCmsPage: (db, actor, payload, cache) => opsCmsPage(db, accessOf(actor, cache), payload),
  opsCmsPageSave: (db, actor, payload, cache) => opsCmsPageSave(db, accessOf(actor, cache), payload),
  opsCmsPreview: (db, actor, payload, cache) => opsCmsPreview(db, accessOf(actor, cache), payload),
  opsSeoPages: (db, actor, payload, cache) => opsSeoPages(db, accessOf(actor, cache), payload),
  opsSeoPageSave: (db, actor, payload, cache) => opsSeoPageSave(db, accessOf(actor, cache), payload),
};

/**
 * Runs one operator call for an actor: the payload checked with the call's contract (a
 * validationError with the per-field map otherwise), then its operation. The HTTP API (after the
 * key check) and the command-line tool (with its own actor) both come through here. A refused call
 * (invalid payload, unknown target, another site, insufficient balance, ...) is audited: probing
 * is what a stolen key does first (ADR 0023).
 */
export async function runOperatorCall(
  db: Db,
  actor: Actor,
  name: OperatorCallName,
  rawPayload: unknown,
  /** The server's player cache: sessions an operation ends are forgotten at once (null: the CLI, no cache). */
  playerCache: PlayerCache | null = null,
): Promise<OperatorReply> {
  const parsed = OPERATOR_CALLS[name].payload.safeParse(rawPayload ?? {}, { reportInput: true });
  const handler = HANDLERS[name] as (db: Db, actor: Actor, payload: unknown, playerCache: PlayerCache | null) => Promise<OperatorReply>;
  const reply = !permitted(actor, name, parsed.success ? parsed.data : undefined)
    ? failure('permissionDenied')
    : parsed.success
      ? await handler(db, actor, parsed.data, playerCache)
      : failure('validationError', fieldErrorsOf(parsed.error));
  if (reply.statusCode !== OK.statusCode) await auditRefusal(db, actor, name, rawPayload, reply);
  return reply;
}

/**
 * Whether the actor's role allows the call (ADR 0044), checked before anything is read: the
 * server refuses what the console hides. A message that carries a reward moves money, so it also
 * needs the right to adjust balances.
 */
function permitted(actor: Actor, name: OperatorCallName, payload: unknown): boolean {
  if (!actorMay(actor, CALL_PERMISSIONS[name])) return false;
  if (name === 'opsInboxSend' && (payload as { reward_amount?: string } | undefined)?.reward_amount !== undefined) return actorMay(actor, 'money.adjust');
  return true;
}

/** Payload fields that name what a call was aimed at: kept with its refusal (short, never a reason text). */
const TARGET_FIELDS = ['site', 'campaign', 'account_id', 'payment_id', 'receipt_id', 'document_id', 'flag_id', 'amount', 'kind', 'idempotency_key', 'match_id', 'game_id'] as const;

async function auditRefusal(db: Db, actor: Actor, name: OperatorCallName, rawPayload: unknown, reply: OperatorReply): Promise<void> {
  const sent = rawPayload !== null && typeof rawPayload === 'object' ? (rawPayload as Record<string, unknown>) : {};
  const target: Record<string, string | number> = {};
  for (const field of TARGET_FIELDS) {
    const value = sent[field];
    if (typeof value === 'string') target[field] = value.slice(0, 100);
    else if (typeof value === 'number' && Number.isFinite(value)) target[field] = value;
  }
  await recordAudit(db, actor, {
    action: 'call.refused',
    targetType: 'call',
    targetId: name,
    siteId: soleSiteId(actor),
    reason: reply.message,
    details: { ...target, ...(reply.errors ? { errors: boundedErrors(reply.errors) } : {}) },
  });
}

/** The per-field map, bounded: its field names come from the caller (unknown fields are listed). */
function boundedErrors(errors: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(errors as Record<string, unknown>).slice(0, 20).map(([field, keys]) => [field.slice(0, 64), keys]));
}
