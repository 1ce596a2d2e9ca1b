import type { ErrorKey } from '@wl/contracts';
import type { CallHandlers } from '../http/calls.js';
import type { CallContext } from '../http/context.js';
import { failure } from '../http/calls.js';
import { MOVES_MONEY, publicCall, sessionCall } from '../http/guards.js';
import { isUnderMaintenance } from '../sites/index.js';
import type { SessionContext } from '../accounts/index.js';
import { checkOwnerProof, type ProofMethod } from '../accounts/index.js';
import { readBankingBalances } from './balances.js';
import { addBankAccount, listBankAccounts, listBanks, removeBankAccount, setDefaultBankAccount, type ChangeActor } from './bank-accounts.js';
import { cancelDeposit, depositPromotions, listDepositMethods, listDeposits, requestDeposit } from './deposits.js';
import { cancelWithdrawal, listWithdrawals, requestWithdrawal } from './withdrawals.js';
import { ownReceipts, readReceipt, storeReceipt } from './receipts.js';
import { readStatement } from './statement.js';
import { readBetHistory } from './bet-history.js';
import { limitsOf, loadBankingSettings } from './settings.js';
import { countPendingOf } from './summary.js';
import type { Owner } from './tx.js';

const OK = { statusCode: 1, message: 'OK' } as const;

type Ctx = CallContext & { session: SessionContext };

const ownerOf = (ctx: Ctx): Owner => ({ id: ctx.session.player.id, siteId: ctx.session.site.id });
const changeActor = (ctx: Ctx, proof: ProofMethod): ChangeActor => ({ actor: 'player', ip: ctx.clientIp, accountId: ctx.session.player.accountId, proof });

/** A site without banking settings has no banking: its calls that need them answer notFound. */
async function settingsOf(ctx: Ctx) {
  return loadBankingSettings(ctx.db, ctx.session.site.id);
}

async function accountList(ctx: Ctx, maxAccounts: number) {
  return {
    ...OK,
    value: await listBankAccounts(ctx.db, ownerOf(ctx)),
    max_accounts: maxAccounts,
    full_name: ctx.session.player.fullName,
  };
}

/** The player's banking calls (ADR 0015): every query is scoped to the session's player and site. */
export const bankingHandlers: CallHandlers = {
  // Public, like the other content of the site's pages: closed while the maintenance window is open.
  bankingInfo: publicCall<'bankingInfo'>(async (_payload, { db, site }) => {
    if (isUnderMaintenance(site, new Date())) return failure('underMaintenance');
    const settings = await loadBankingSettings(db, site.id);
    if (!settings) return failure('notFound');
    const [methods, banks] = await Promise.all([listDepositMethods(db, site.id), listBanks(db, site.id)]);
    return {
      ...OK,
      currency: site.currency,
      limits: limitsOf(settings),
      max_accounts: settings.maxBankAccounts,
      // Names only: the receiving account numbers are for logged-in players (deposit_methods).
      methods: methods.map(({ method_id, kind, name, instructions, receiving_accounts }) => ({
        method_id,
        kind,
        name,
        instructions,
        banks: [...new Set(receiving_accounts.map((account) => account.bank_name))],
      })),
      banks,
    };
  }),

  bankingSummary: sessionCall<'bankingSummary'>(async (_payload, ctx) => {
    const settings = await settingsOf(ctx);
    if (!settings) return failure('notFound');
    const owner = ownerOf(ctx);
    const [balances, pending] = await Promise.all([readBankingBalances(ctx.db, owner.id), countPendingOf(ctx.db, owner)]);
    return {
      ...OK,
      currency: ctx.session.site.currency,
      game_balance: balances.balance,
      held_balance: balances.held,
      total_balance: pending.total(balances),
      limits: limitsOf(settings),
      max_accounts: settings.maxBankAccounts,
      pending_deposits: pending.deposits,
      pending_withdrawals: pending.withdrawals,
    };
  }),

  bankingBanks: sessionCall<'bankingBanks'>(async (_payload, ctx) => ({ ...OK, value: await listBanks(ctx.db, ctx.session.site.id) })),

  bankAccounts: sessionCall<'bankAccounts'>(async (_payload, ctx) => {
    const settings = await settingsOf(ctx);
    return accountList(ctx, settings?.maxBankAccounts ?? 1);
  }),

  bankAccountAdd: sessionCall<'bankAccountAdd'>(async (payload, ctx) => {
    const settings = await settingsOf(ctx);
    if (!settings) return failure('notFound');
    // A stolen session must not add a payout account (ADR 0022).
    const proven = await checkOwnerProof(ctx, payload);
    if (!proven.ok) return failure(proven.message);
    const added = await addBankAccount(
      ctx.db,
      ownerOf(ctx),
      { bankId: payload.bank_id, accountName: payload.account_name, accountNumber: payload.account_number, makeDefault: payload.is_default ?? false },
      settings.maxBankAccounts,
      changeActor(ctx, proven.method),
      ctx.log,
    );
    if (!added.ok) return failure(added.message);
    return accountList(ctx, settings.maxBankAccounts);
  }),

  bankAccountSetDefault: sessionCall<'bankAccountSetDefault'>(async (payload, ctx) => {
    const proven = await checkOwnerProof(ctx, payload);
    if (!proven.ok) return failure(proven.message);
    const done = await setDefaultBankAccount(ctx.db, ownerOf(ctx), payload.bank_account_id, changeActor(ctx, proven.method));
    if (!done.ok) return failure(done.message);
    return accountList(ctx, (await settingsOf(ctx))?.maxBankAccounts ?? 1);
  }),

  bankAccountRemove: sessionCall<'bankAccountRemove'>(async (payload, ctx) => {
    const proven = await checkOwnerProof(ctx, payload);
    if (!proven.ok) return failure(proven.message);
    const done = await removeBankAccount(ctx.db, ownerOf(ctx), payload.bank_account_id, changeActor(ctx, proven.method));
    if (!done.ok) return failure(done.message);
    return accountList(ctx, (await settingsOf(ctx))?.maxBankAccounts ?? 1);
  }),

  depositMethods: sessionCall<'depositMethods'>(async (payload, ctx) => {
    const settings = await settingsOf(ctx);
    if (!settings) return failure('notFound');
    const [value, promotions] = await Promise.all([
      listDepositMethods(ctx.db, ctx.session.site.id),
      depositPromotions(ctx.db, ownerOf(ctx), payload.language),
    ]);
    return { ...OK, currency: ctx.session.site.currency, min_deposit: settings.minDeposit, max_deposit: settings.maxDeposit, value, promotions };
  }),

  receiptUpload: sessionCall<'receiptUpload'>(async (payload, ctx) => {
    const stored = await storeReceipt(ctx.db, ownerOf(ctx), payload.data, payload.content_type);
    if (!stored.ok) return failure(stored.message);
    return { ...OK, ...stored.value };
  }),

  receipt: sessionCall<'receipt'>(async (payload, ctx) => {
    const found = await readReceipt(ctx.db, payload.receipt_id, ownReceipts(ownerOf(ctx)));
    if (!found) return failure('notFound');
    const { siteId: _site, playerId: _player, ...value } = found;
    return { ...OK, ...value };
  }),

  depositRequest: sessionCall<'depositRequest'>(async (payload, ctx) => {
    const settings = await settingsOf(ctx);
    if (!settings) return failure('notFound');
    const made = await requestDeposit(ctx.db, ownerOf(ctx), settings, {
      methodId: payload.method_id,
      receivingAccountId: payload.receiving_account_id,
      amount: payload.amount,
      transferReference: payload.transfer_reference ?? '',
      receiptId: payload.receipt_id,
      promotionId: payload.promotion_id,
    }, ctx.log);
    return made.ok ? { ...OK, value: made.value } : { ...failure(made.message), ...made.detail };
  }, MOVES_MONEY),

  depositCancel: sessionCall<'depositCancel'>(async (payload, ctx) => {
    const done = await cancelDeposit(ctx.db, ownerOf(ctx), payload.deposit_id);
    return done.ok ? { ...OK, value: done.value } : failure(done.message);
  }),

  deposits: sessionCall<'deposits'>(async (payload, ctx) => {
    const { value, total, totals } = await listDeposits(ctx.db, ownerOf(ctx), { ...payload, pageSize: payload.page_size });
    return { ...OK, value, total, page: payload.page, page_size: payload.page_size, totals };
  }),

  withdrawalRequest: sessionCall<'withdrawalRequest'>(async (payload, ctx) => {
    const settings = await settingsOf(ctx);
    if (!settings) return failure('notFound');
    const made = await requestWithdrawal(ctx.db, ownerOf(ctx), settings, { bankAccountId: payload.bank_account_id, amount: payload.amount }, ctx.log);
    return withBalances(ctx, made);
  }, MOVES_MONEY),

  withdrawalCancel: sessionCall<'withdrawalCancel'>(
    async (payload, ctx) => withBalances(ctx, await cancelWithdrawal(ctx.db, ownerOf(ctx), payload.withdrawal_id)),
    MOVES_MONEY,
  ),

  withdrawals: sessionCall<'withdrawals'>(async (payload, ctx) => {
    const owner = ownerOf(ctx);
    const [{ value, total, totals }, balances] = await Promise.all([
      listWithdrawals(ctx.db, owner, { ...payload, pageSize: payload.page_size }),
      readBankingBalances(ctx.db, owner.id),
    ]);
    return { ...OK, value, total, page: payload.page, page_size: payload.page_size, totals, game_balance: balances.balance, held_balance: balances.held };
  }),

  statement: sessionCall<'statement'>(async (payload, ctx) => ({
    ...OK,
    currency: ctx.session.site.currency,
    ...(await readStatement(ctx.db, ownerOf(ctx), { ...payload, pageSize: payload.page_size })),
  })),

  betHistory: sessionCall<'betHistory'>(async (payload, ctx) => ({
    ...OK,
    currency: ctx.session.site.currency,
    ...(await readBetHistory(ctx.db, ownerOf(ctx), { ...payload, pageSize: payload.page_size })),
  })),
};

/** A withdrawal reply: the record with the available and held balance after the call (a refusal with its fields: kycRequired's level and missing). */
async function withBalances<T>(ctx: Ctx, outcome: { ok: true; value: T } | { ok: false; message: ErrorKey; detail?: Record<string, unknown> }) {
  if (!outcome.ok) return { ...failure(outcome.message), ...outcome.detail };
  const balances = await readBankingBalances(ctx.db, ctx.session.player.id);
  return { ...OK, value: outcome.value, game_balance: balances.balance, held_balance: balances.held };
}
