import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AML_HOLDING_STATUSES,
  LIMIT_PERIOD_MS,
  MINOR_PER_UNIT,
  compareDecimals,
  fromMinorUnits,
  toMinorUnits,
  type AmlRule,
  type AmlRules,
  type LimitPeriod,
} from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { amlFlags } from '../db/schema.js';
import { playedSince } from '../responsible/index.js';
import { loadSiteCompliance } from './site-rules.js';

/*
 * The anti-money-laundering rules engine (issue 25 §5, ADR 0040). Each rule runs where its fact
 * appears and writes a flag with a reason in words and its evidence; the flag's subject (a payment,
 * a period's first deposit, an account number, a device) is unique per player and rule, so a fact
 * is flagged once however often it is seen or however many requests race (insert ... on conflict
 * do nothing). A rule never blocks money: each runs in its own savepoint and a failure is logged.
 */

/** Where a rule may run: the facts a player's operations bring. */
export type AmlEvent =
  | { kind: 'deposit_requested'; paymentId: number }
  | { kind: 'deposit_approved'; paymentId: number }
  | { kind: 'withdrawal_requested'; paymentId: number }
  | { kind: 'bank_account_added'; bankAccountId: number }
  | { kind: 'signed_up' };

/** The player a rule looks at. */
export interface AmlPlayer {
  siteId: number;
  playerId: number;
}

/** Where a failed rule is reported (the request's logger when there is one). */
export interface AmlLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const consoleLog: AmlLog = { warn: (details, message) => console.warn(message, JSON.stringify(details)) };

interface FlagDraft {
  rule: AmlRule;
  subject: string;
  reason: string;
  evidence: Record<string, unknown>;
}

interface SiteFacts {
  currency: string;
}

type Check = (tx: Db, who: AmlPlayer, site: SiteFacts) => Promise<FlagDraft | null>;

/** How many other accounts a flag's evidence lists (the operator finds the rest from them). */
const OTHERS_SHOWN = 20;

/**
 * Runs the site's rules that apply to `event` and writes their flags; answers the ids of the flags
 * written now. Call it in the transaction of the operation that brought the fact, so the flag
 * commits with it; it never throws (a rule that fails is rolled back to its savepoint and logged).
 * `rules`: the site's AML rules when the caller has loaded them already.
 */
export async function screenAml(db: Db, who: AmlPlayer, event: AmlEvent, options: { rules?: AmlRules; log?: AmlLog } = {}): Promise<number[]> {
  const log = options.log ?? consoleLog;
  let checks: [AmlRule, Check][];
  let site: SiteFacts;
  const given = options.rules ? checksOf(options.rules, event) : null;
  if (given?.length === 0) return [];
  try {
    // In a savepoint as the rules are: a failed read must not abort the operation's transaction.
    const loaded = await db.transaction(async (savepoint) => {
      const found = given ?? checksOf((await loadSiteCompliance(savepoint as unknown as Db, who.siteId)).aml, event);
      return found.length === 0 ? null : { found, facts: await siteFacts(savepoint as unknown as Db, who.siteId) };
    });
    if (!loaded) return [];
    checks = loaded.found;
    site = loaded.facts;
  } catch (error) {
    log.warn({ err: errorText(error), siteId: who.siteId, playerId: who.playerId, event: event.kind }, 'AML rules could not be loaded; the operation goes on');
    return [];
  }
  const written: number[] = [];
  for (const [rule, check] of checks) {
    try {
      // A savepoint: a failing rule must not abort the operation's transaction.
      const id = await db.transaction(async (savepoint) => {
        const draft = await check(savepoint as unknown as Db, who, site);
        return draft ? insertFlag(savepoint as unknown as Db, who, draft) : null;
      });
      if (id !== null) written.push(id);
    } catch (error) {
      log.warn({ err: errorText(error), siteId: who.siteId, playerId: who.playerId, event: event.kind, rule }, 'AML rule failed; the operation goes on');
    }
  }
  return written;
}

/** Whether the player has a flag that holds their withdrawals (open or escalated). */
export async function hasHoldingFlag(db: Db, playerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: amlFlags.id })
    .from(amlFlags)
    .where(and(eq(amlFlags.playerId, playerId), inArray(amlFlags.status, [...AML_HOLDING_STATUSES])))
    .limit(1);
  return row !== undefined;
}

/** The rules that look at an event, when the site has them on. */
function checksOf(rules: AmlRules, event: AmlEvent): [AmlRule, Check][] {
  const checks: [AmlRule, Check | null][] = [];
  switch (event.kind) {
    case 'deposit_requested':
      // Asked-for deposits count toward the period rules at once (as deposit limits count them);
      // one deposit's size is judged when it is approved, when the money has arrived.
      checks.push(['period_deposits', rules.period_deposits && periodDeposits(rules.period_deposits)]);
      checks.push(['small_deposits', rules.small_deposits && smallDeposits(rules.small_deposits)]);
      break;
    case 'deposit_approved':
      checks.push(['large_deposit', rules.large_deposit && largePayment('deposit', event.paymentId, rules.large_deposit.above)]);
      checks.push(['period_deposits', rules.period_deposits && periodDeposits(rules.period_deposits)]);
      checks.push(['small_deposits', rules.small_deposits && smallDeposits(rules.small_deposits)]);
      break;
    case 'withdrawal_requested':
      checks.push(['large_withdrawal', rules.large_withdrawal && largePayment('withdrawal', event.paymentId, rules.large_withdrawal.above)]);
      checks.push(['low_turnover', rules.low_turnover && lowTurnover(event.paymentId, rules.low_turnover.share)]);
      checks.push(['shared_bank_account', rules.shared_bank_account ? sharedBankAccount({ paymentId: event.paymentId }) : null]);
      break;
    case 'bank_account_added':
      checks.push(['shared_bank_account', rules.shared_bank_account ? sharedBankAccount({ bankAccountId: event.bankAccountId }) : null]);
      break;
    case 'signed_up':
      checks.push(['shared_device', rules.shared_device ? sharedDevice : null]);
      break;
  }
  return checks.filter((entry): entry is [AmlRule, Check] => typeof entry[1] === 'function');
}

async function siteFacts(db: Db, siteId: number): Promise<SiteFacts> {
  const [row] = await queryRows<{ currency: string }>(db, sql`select currency from sites where id = ${siteId}`);
  if (!row) throw new Error(`site ${siteId} not found`);
  return { currency: row.currency };
}

async function insertFlag(tx: Db, who: AmlPlayer, draft: FlagDraft): Promise<number | null> {
  const [row] = await tx
    .insert(amlFlags)
    .values({ siteId: who.siteId, playerId: who.playerId, rule: draft.rule, subject: draft.subject, reason: draft.reason, evidence: draft.evidence })
    .onConflictDoNothing({ target: [amlFlags.playerId, amlFlags.rule, amlFlags.subject] })
    .returning({ id: amlFlags.id });
  return row?.id ?? null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const PERIOD_WORDS: Record<LimitPeriod, string> = { day: '24 hours', week: '7 days', month: '30 days' };

/** SQL: the start of the rolling period ending now. */
const periodStart = (period: LimitPeriod) => sql`now() - make_interval(secs => ${LIMIT_PERIOD_MS[period] / 1000})`;

interface PaymentFacts {
  id: number;
  reference: string | null;
  amount: string;
  created_at: Date | string;
  bank_account_id: number | null;
}

async function paymentOf(tx: Db, who: AmlPlayer, kind: 'deposit' | 'withdrawal', paymentId: number): Promise<PaymentFacts | undefined> {
  const [row] = await queryRows<PaymentFacts>(
    tx,
    sql`select id, reference, amount::text as amount, created_at, bank_account_id from payments
        where id = ${paymentId} and player_id = ${who.playerId} and site_id = ${who.siteId} and kind = ${kind}`,
  );
  return row && { ...row, id: Number(row.id) };
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** One deposit (at its approval) or withdrawal (at its request) above the site's amount. */
function largePayment(kind: 'deposit' | 'withdrawal', paymentId: number, above: string): Check {
  return async (tx, who, site) => {
    const payment = await paymentOf(tx, who, kind, paymentId);
    if (!payment || compareDecimals(payment.amount, above) <= 0) return null;
    return {
      rule: kind === 'deposit' ? 'large_deposit' : 'large_withdrawal',
      subject: `payment:${payment.id}`,
      reason: `${kind === 'deposit' ? 'Deposit' : 'Withdrawal'} ${payment.reference ?? payment.id} of ${payment.amount} ${site.currency} is above the site's threshold of ${above} ${site.currency}.`,
      evidence: { payment_id: payment.id, reference: payment.reference, kind, amount: payment.amount, threshold: above, currency: site.currency, requested_at: isoOf(payment.created_at) },
    };
  };
}

interface WindowRow {
  id: number;
  amount: string;
  status: string;
  created_at: Date | string;
  window_start: Date | string;
  window_end: Date | string;
}

/** The player's deposits asked for or approved within the rolling period, oldest first; `below`: only those under it. */
async function depositsInPeriod(tx: Db, who: AmlPlayer, period: LimitPeriod, below?: string): Promise<WindowRow[]> {
  const rows = await queryRows<WindowRow>(
    tx,
    sql`select id, amount::text as amount, status, created_at, ${periodStart(period)} as window_start, now() as window_end from payments
        where player_id = ${who.playerId} and site_id = ${who.siteId} and kind = 'deposit' and status in ('pending', 'approved')
          and created_at > ${periodStart(period)} ${below === undefined ? sql`` : sql`and amount < ${below}::numeric`}
        order by created_at, id`,
  );
  // Payment ids are bigint: node-postgres answers them as text.
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

const sumOf = (rows: { amount: string }[]) => fromMinorUnits(rows.reduce((total, row) => total + toMinorUnits(row.amount), 0n));

/**
 * Deposits within the rolling period adding up to more than the amount. The subject is the
 * period's first deposit: every later deposit of the same run is the same fact, flagged once.
 */
function periodDeposits(rule: NonNullable<AmlRules['period_deposits']>): Check {
  return async (tx, who, site) => {
    const rows = await depositsInPeriod(tx, who, rule.period);
    const total = sumOf(rows);
    if (rows.length === 0 || compareDecimals(total, rule.above) <= 0) return null;
    const first = rows[0]!;
    return {
      rule: 'period_deposits',
      subject: `period:${rule.period}:${first.id}`,
      reason: `${rows.length} deposits within ${PERIOD_WORDS[rule.period]} add up to ${total} ${site.currency}, above the site's threshold of ${rule.above} ${site.currency}.`,
      evidence: {
        period: rule.period,
        period_start: isoOf(first.window_start),
        period_end: isoOf(first.window_end),
        total,
        threshold: rule.above,
        currency: site.currency,
        count: rows.length,
        deposits: rows.slice(0, 50).map((row) => ({ payment_id: row.id, amount: row.amount, status: row.status, requested_at: isoOf(row.created_at) })),
      },
    };
  };
}

/** The count-th deposit below the amount within the rolling period (structuring: many small deposits). */
function smallDeposits(rule: NonNullable<AmlRules['small_deposits']>): Check {
  return async (tx, who, site) => {
    const rows = await depositsInPeriod(tx, who, rule.period, rule.below);
    if (rows.length < rule.count) return null;
    const first = rows[0]!;
    return {
      rule: 'small_deposits',
      subject: `small:${rule.period}:${first.id}`,
      reason: `${rows.length} deposits below ${rule.below} ${site.currency} within ${PERIOD_WORDS[rule.period]} (the site flags ${rule.count}).`,
      evidence: {
        period: rule.period,
        period_start: isoOf(first.window_start),
        period_end: isoOf(first.window_end),
        below: rule.below,
        count: rows.length,
        threshold_count: rule.count,
        total: sumOf(rows),
        currency: site.currency,
        payment_ids: rows.slice(0, 100).map((row) => row.id),
      },
    };
  };
}

/**
 * A withdrawal after the last approved deposit was played through less than the share of it: the
 * money went in and out with little play. The subject is that deposit, so the withdrawals after it
 * make one flag.
 */
function lowTurnover(withdrawalId: number, share: string): Check {
  return async (tx, who, site) => {
    const withdrawal = await paymentOf(tx, who, 'withdrawal', withdrawalId);
    if (!withdrawal) return null;
    const [deposit] = await queryRows<{ id: number; reference: string | null; amount: string; decided_at: Date | string }>(
      tx,
      sql`select id, reference, amount::text as amount, decided_at from payments
          where player_id = ${who.playerId} and site_id = ${who.siteId} and kind = 'deposit' and status = 'approved' and decided_at is not null
          order by decided_at desc, id desc limit 1`,
    );
    if (!deposit) return null;
    deposit.id = Number(deposit.id);
    const staked = await playedSince(tx, who.playerId, 'wager', new Date(deposit.decided_at));
    // share has at most 4 places: the product is exact in ten-thousandths.
    const required = fromMinorUnits((toMinorUnits(deposit.amount) * toMinorUnits(share)) / MINOR_PER_UNIT);
    if (compareDecimals(staked, required) >= 0) return null;
    return {
      rule: 'low_turnover',
      subject: `deposit:${deposit.id}`,
      reason:
        `Withdrawal ${withdrawal.reference ?? withdrawal.id} of ${withdrawal.amount} ${site.currency} after deposit ${deposit.reference ?? deposit.id} of ${deposit.amount} ${site.currency} ` +
        `was staked ${staked} ${site.currency} since, below the site's share of ${share} (${required} ${site.currency}).`,
      evidence: {
        deposit_id: deposit.id,
        deposit_amount: deposit.amount,
        deposit_approved_at: isoOf(deposit.decided_at),
        withdrawal_id: withdrawal.id,
        withdrawal_amount: withdrawal.amount,
        staked,
        share,
        required,
        currency: site.currency,
        period_start: isoOf(deposit.decided_at),
        period_end: new Date().toISOString(),
      },
    };
  };
}

/**
 * A bank account number another player of the brand owner's sites also has live: the account
 * just added, or a withdrawal's payee account. The subject is the number, flagged once a player.
 */
/**
 * SQL: the players row `p` is another person than the player. One person's accounts on the owner's
 * sites (the same phone or email, ADR 0039) share their own bank account and device by right.
 */
const anotherPerson = (who: AmlPlayer) =>
  sql`not exists (select 1 from players me where me.id = ${who.playerId} and (
        (trim(me.contact_phone) <> '' and trim(p.contact_phone) = trim(me.contact_phone))
        or (trim(me.contact_email) <> '' and lower(trim(p.contact_email)) = lower(trim(me.contact_email)))))`;

function sharedBankAccount(from: { bankAccountId: number } | { paymentId: number }): Check {
  return async (tx, who) => {
    const [account] = await queryRows<{ id: number; account_number: string }>(
      tx,
      'bankAccountId' in from
        ? sql`select id, account_number from bank_accounts where id = ${from.bankAccountId} and player_id = ${who.playerId} and site_id = ${who.siteId}`
        : sql`select b.id, b.account_number from payments p join bank_accounts b on b.id = p.bank_account_id
              where p.id = ${from.paymentId} and p.player_id = ${who.playerId} and p.site_id = ${who.siteId}`,
    );
    if (!account) return null;
    const others = await queryRows<{ bank_account_id: number; site: string; account_id: string; bank_name: string; account_name: string; added_at: Date | string }>(
      tx,
      sql`select b.id as bank_account_id, s.external_id as site, p.account_id, k.name as bank_name, b.account_name, b.created_at as added_at
          from bank_accounts b
          join players p on p.id = b.player_id
          join sites s on s.id = b.site_id
          join banks k on k.id = b.bank_id
          where b.account_number = ${account.account_number} and b.removed_at is null and b.player_id <> ${who.playerId} and ${anotherPerson(who)}
            and s.brand_owner_id = (select brand_owner_id from sites where id = ${who.siteId})
          order by b.created_at, b.id limit ${OTHERS_SHOWN}`,
    );
    if (others.length === 0) return null;
    return {
      rule: 'shared_bank_account',
      subject: `bank:${account.account_number}`,
      reason: `Bank account number ${account.account_number} is also a live account of ${others.length === OTHERS_SHOWN ? `${OTHERS_SHOWN} or more` : others.length} other player${others.length === 1 ? '' : 's'} of the operator's sites (${others
        .slice(0, 3)
        .map((other) => `${other.account_id} on ${other.site}`)
        .join(', ')}${others.length > 3 ? ', ...' : ''}).`,
      evidence: {
        account_number: account.account_number,
        bank_account_id: account.id,
        ...('paymentId' in from ? { withdrawal_id: from.paymentId } : {}),
        others: others.map((other) => ({ ...other, added_at: isoOf(other.added_at) })),
      },
    };
  };
}

/** A signup from a device (the site's visitor id) another player of the brand owner's sites signed up from. */
const sharedDevice: Check = async (tx, who) => {
  const [me] = await queryRows<{ visitor_id: string | null }>(tx, sql`select visitor_id from players where id = ${who.playerId} and site_id = ${who.siteId}`);
  if (!me?.visitor_id) return null;
  const others = await queryRows<{ site: string; account_id: string; signed_up_at: Date | string }>(
    tx,
    sql`select s.external_id as site, p.account_id, p.created_at as signed_up_at
        from players p join sites s on s.id = p.site_id
        where p.visitor_id = ${me.visitor_id} and p.id <> ${who.playerId} and ${anotherPerson(who)}
          and s.brand_owner_id = (select brand_owner_id from sites where id = ${who.siteId})
        order by p.created_at, p.id limit ${OTHERS_SHOWN}`,
  );
  if (others.length === 0) return null;
  return {
    rule: 'shared_device',
    subject: `device:${me.visitor_id}`,
    reason: `Signed up from a device (visitor id ${me.visitor_id}) ${others.length === OTHERS_SHOWN ? `${OTHERS_SHOWN} or more` : others.length} other player${others.length === 1 ? '' : 's'} of the operator's sites signed up from (${others
      .slice(0, 3)
      .map((other) => `${other.account_id} on ${other.site}`)
      .join(', ')}${others.length > 3 ? ', ...' : ''}).`,
    evidence: { visitor_id: me.visitor_id, others: others.map((other) => ({ ...other, signed_up_at: isoOf(other.signed_up_at) })) },
  };
};
