import { sql, type SQL } from 'drizzle-orm';
import type { BooksMismatch, OpsBooksReply, SiteBooks } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import type { Actor } from './operators.js';
import { resolveOpsSite } from './operations.js';
import type { Outcome } from './tx.js';

/*
 * The books check (ADR 0028): every account's balance recomputed from the ledger's transfers alone
 * (ADR 0024: credits − debits of posted transfers and posted pending ones; a pending transfer not yet
 * settled reserves its amount on its debit account), then
 *   - each site's trial balance per unit: every account of the site and unit summed is zero;
 *   - each wallet row equals its accounts: balance = posted − reserved, held = reserved,
 *     tokens and frozen_tokens = posted;
 *   - no player account is below zero;
 *   - no transfer names an account of another site or unit (the foreign keys forbid it: checked anyway,
 *     the check is for the day something went around them).
 * It reads, it never repairs: a mismatch is for a person to look at.
 */

export type OpsBooks = Omit<OpsBooksReply, 'statusCode' | 'message'>;

/** Mismatches listed at most, and looked for at most of each kind (wallet, negative, transfer). */
export const MISMATCH_LIMIT = 1000;

const UNITS = ['money', 'tokens'] as const;
const ZERO = '0.0000';

/** The books of a site the actor may see, or of every site it may see (no site named). */
export async function checkBooks(db: Db, actor: Actor, query: { site?: string | undefined }): Promise<Outcome<OpsBooks>> {
  const site = await resolveOpsSite(db, actor, query.site);
  if (!site.ok) return site;
  return { ok: true, value: await booksOf(db, site.value?.id ?? null) };
}

/** A row of the books query: an account's or a group's balance, or a mismatch (see booksQuery). */
interface BooksRow {
  row_kind: 'system' | 'players' | 'all' | 'wallet' | 'negative';
  site_id: number;
  unit: string | null;
  code: string | null;
  account_id: string | null;
  amount: string | null;
  other: string | null;
}

/** The books of one site, or of every site (null). */
export async function booksOf(db: Db, siteId: number | null): Promise<OpsBooks> {
  const siteFilter = (column: SQL) => (siteId === null ? sql`true` : sql`${column} = ${siteId}`);
  const [sites, rows, transfers] = await Promise.all([
    queryRows<{ id: number; external_id: string; currency: string }>(db, sql`select id, external_id, currency from sites where ${siteFilter(sql`id`)} order by id`),
    queryRows<BooksRow>(db, booksQuery(siteFilter)),
    queryRows<{ site: string; transfer_id: string | number }>(db, foreignTransferQuery(siteFilter)),
  ]);
  const siteName = new Map(sites.map((site) => [site.id, site.external_id]));
  const nameOf = (id: number) => siteName.get(id) ?? String(id);

  const mismatches: BooksMismatch[] = [];
  const books: SiteBooks[] = sites.map((site) => {
    const units = UNITS.map((unit) => {
      const mine = rows.filter((row) => row.site_id === site.id && row.unit === unit);
      const all = mine.find((row) => row.row_kind === 'all');
      const total = all?.amount ?? ZERO;
      if (!isZero(total)) mismatches.push({ kind: 'imbalance', site: site.external_id, account_id: null, transfer_id: null, field: unit, expected: ZERO, actual: total });
      return {
        unit,
        total,
        players: mine.find((row) => row.row_kind === 'players')?.amount ?? ZERO,
        pending: all?.other ?? ZERO,
        system: mine
          .filter((row) => row.row_kind === 'system')
          .map((row) => ({ code: row.code!, balance: row.amount! }))
          .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
      };
    });
    return { site: site.external_id, currency: site.currency, balanced: units.every((unit) => isZero(unit.total)), units };
  });
  for (const row of rows) {
    if (row.row_kind === 'wallet')
      mismatches.push({ kind: 'wallet', site: nameOf(row.site_id), account_id: row.account_id, transfer_id: null, field: row.code, expected: row.amount, actual: row.other });
    else if (row.row_kind === 'negative')
      mismatches.push({ kind: 'negative', site: nameOf(row.site_id), account_id: row.account_id, transfer_id: null, field: row.code, expected: null, actual: row.amount });
  }
  for (const row of transfers) mismatches.push({ kind: 'transfer', site: row.site, account_id: null, transfer_id: Number(row.transfer_id), field: null, expected: null, actual: null });
  return { balanced: mismatches.length === 0, sites: books, mismatches: mismatches.slice(0, MISMATCH_LIMIT), mismatch_count: mismatches.length };
}

function isZero(amount: string): boolean {
  return /^-?0+(\.0+)?$/.test(amount);
}

/**
 * Every account's balance from the transfers: posted (credits − debits of posted and post_pending
 * transfers) and reserved (its unsettled pending debits); materialised once per check.
 */
function balancesCte(siteFilter: (column: SQL) => SQL): SQL {
  return sql`
    debits as (
      select debit_account_id as id, sum(amount) as amount from ledger_transfers
      where kind in ('posted', 'post_pending') and ${siteFilter(sql`site_id`)} group by debit_account_id
    ),
    credits as (
      select credit_account_id as id, sum(amount) as amount from ledger_transfers
      where kind in ('posted', 'post_pending') and ${siteFilter(sql`site_id`)} group by credit_account_id
    ),
    reserved as (
      select p.debit_account_id as id, sum(p.amount) as amount from ledger_transfers p
      where p.kind = 'pending' and ${siteFilter(sql`p.site_id`)}
        and not exists (select 1 from ledger_transfers s where s.pending_id = p.id)
      group by p.debit_account_id
    ),
    balances as materialized (
      select a.id, a.site_id, a.player_id, a.code, a.unit,
        coalesce(c.amount, 0) - coalesce(d.amount, 0) as posted, coalesce(r.amount, 0) as reserved
      from ledger_accounts a
      left join debits d on d.id = a.id
      left join credits c on c.id = a.id
      left join reserved r on r.id = a.id
      where ${siteFilter(sql`a.site_id`)}
    )`;
}

/**
 * One pass over the transfers (their balances CTE is read by every part): per site and unit, each
 * system account (row_kind system: its code and balance), the players' accounts together (players)
 * and every account together with the reserved total (all: the trial balance); then each wallet
 * field that differs from its accounts (wallet: code = the field, amount = expected, other = the
 * wallet's, null when it has none), and each player account below zero (negative).
 */
function booksQuery(siteFilter: (column: SQL) => SQL): SQL {
  return sql`
    with ${balancesCte(siteFilter)},
    expected as (
      select player_id,
        coalesce(sum(posted - reserved) filter (where code = 'balance'), 0) as balance,
        coalesce(sum(reserved) filter (where code = 'balance'), 0) as held,
        coalesce(sum(posted) filter (where code = 'tokens'), 0) as tokens,
        coalesce(sum(posted) filter (where code = 'frozen_tokens'), 0) as frozen_tokens
      from balances where player_id is not null group by player_id
    )
    select 'system' as row_kind, site_id, unit, code, null as account_id, posted::numeric(24,4)::text as amount, reserved::numeric(24,4)::text as other
    from balances where player_id is null
    union all
    select 'players', site_id, unit, null, null, sum(posted)::numeric(24,4)::text, sum(reserved)::numeric(24,4)::text
    from balances where player_id is not null group by site_id, unit
    union all
    select 'all', site_id, unit, null, null, sum(posted)::numeric(24,4)::text, sum(reserved)::numeric(24,4)::text
    from balances group by site_id, unit
    union all
    (select 'wallet', p.site_id, null, f.field, p.account_id, f.expected::numeric(24,4)::text, f.actual::numeric(24,4)::text
    from expected e
    join players p on p.id = e.player_id
    left join wallets w on w.player_id = e.player_id and w.site_id = p.site_id
    cross join lateral (values
      ('balance', e.balance, w.balance), ('held', e.held, w.held),
      ('tokens', e.tokens, w.tokens), ('frozen_tokens', e.frozen_tokens, w.frozen_tokens)
    ) as f(field, expected, actual)
    where f.expected is distinct from f.actual
    order by p.site_id, p.id, f.field
    limit ${MISMATCH_LIMIT})
    union all
    (select 'negative', b.site_id, b.unit, b.code, p.account_id, (b.posted - b.reserved)::numeric(24,4)::text, null
    from balances b
    join players p on p.id = b.player_id
    where b.player_id is not null and b.posted - b.reserved < 0
    order by b.site_id, p.id, b.code
    limit ${MISMATCH_LIMIT})`;
}

/** Transfers naming an account of another site or unit. */
function foreignTransferQuery(siteFilter: (column: SQL) => SQL): SQL {
  return sql`
    select s.external_id as site, t.id as transfer_id
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    join sites s on s.id = t.site_id
    where ${siteFilter(sql`t.site_id`)}
      and (d.site_id <> t.site_id or c.site_id <> t.site_id or d.unit <> t.unit or c.unit <> t.unit)
    order by t.id
    limit ${MISMATCH_LIMIT}`;
}
