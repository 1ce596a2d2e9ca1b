// `npm run bench:books`: how long the operator's month report and the full books check take over a
// year of a busy site (ADR 0028; targets of issue 22: a month's report < 1 s, the full check < 30 s).
// On PostgreSQL, in a throwaway database it creates (and drops after) on the server of
// BENCH_DATABASE_URL: one site, BENCH_PLAYERS players, BENCH_TRANSFERS transfers spread over a year
// (deposits, game and sports bets, wins, rollbacks, promotions, adjustments, withdrawals requested,
// paid and cancelled), written by SQL (generate_series) through the ledger's constraints and
// triggers, with the wallets then set to match. It then times the report of one month and the
// books check through the operator calls (runOperatorCall, as the CLI and the API run them),
// BENCH_ROUNDS times each, and prints the medians. It measures, it does not test: the exit code is
// 0 whatever the numbers (1 only when it cannot run, or when the books it made do not balance).
//
//   BENCH_DATABASE_URL=postgres://user:password@host:5432/postgres   the server (default: local, user postgres)
//   BENCH_TRANSFERS=1000000   BENCH_PLAYERS=20000   BENCH_ROUNDS=5   BENCH_KEEP=1 (keep the database)
//
// Run with tsx (the server is TypeScript): `npm run bench:books`.
import { createThrowawayDatabase } from './lib/throwaway-database.mjs';

const TRANSFERS = Number(process.env.BENCH_TRANSFERS || 1_000_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS || 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PROVIDERS = ['PG', 'PP', 'JILI', 'EVOPLAY', 'HACKSAW', 'NETENT', 'SPRIBE', 'FC', 'CQ9', 'RELAX'];
const YEAR_START = '2025-01-01T00:00:00Z';
const MONTH = { from: '2025-06-01', to: '2025-06-30' };

process.exitCode = await main();

async function main() {
  let throwaway;
  try {
    throwaway = await createThrowawayDatabase(SERVER_URL, 'wl_bench_books');
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  const { name } = throwaway;
  const url = new URL(throwaway.url);
  const { openDatabase, queryRows } = await import('../packages/api/src/db/client.ts');
  const { migrate } = await import('../packages/api/src/db/migrate.ts');
  const { runOperatorCall } = await import('../packages/api/src/banking/ops-calls.ts');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  try {
    await migrate(database);
    const seeded = await timed(() => seed(database.db, sql, queryRows));
    const [{ count }] = await queryRows(database.db, sql`select count(*)::int as count from ledger_transfers`);
    console.log(`Seeded ${count} transfers of ${PLAYERS} players over a year in ${seconds(seeded.ms)} (database ${name}).`);

    const actor = { operatorId: null, label: 'bench', siteId: null };
    const report = [];
    const books = [];
    for (let round = 0; round < ROUNDS; round++) {
      const r = await timed(() => runOperatorCall(database.db, actor, 'opsReport', { site: 'bench.localhost', ...MONTH }));
      if (r.value.statusCode !== 1) throw new Error(`report refused: ${r.value.message}`);
      report.push(r.ms);
      const b = await timed(() => runOperatorCall(database.db, actor, 'opsBooks', {}));
      if (b.value.statusCode !== 1) throw new Error(`books refused: ${b.value.message}`);
      if (!b.value.balanced) {
        console.error(`The seeded books do not balance: ${JSON.stringify(b.value.mismatches.slice(0, 5))}`);
        return 1;
      }
      books.push(b.ms);
      if (round === 0) {
        const totals = r.value.totals;
        console.log(`Month ${MONTH.from}..${MONTH.to}: deposits ${totals.deposits}, bets ${totals.bets}, wins ${totals.wins}, GGR ${totals.ggr}, active players ${totals.active_players}`);
      }
    }
    console.log(`Report for a month: median ${seconds(median(report))} of ${ROUNDS} (target < 1 s; runs ${report.map(seconds).join(', ')})`);
    console.log(`Full books check:   median ${seconds(median(books))} of ${ROUNDS} (target < 30 s; runs ${books.map(seconds).join(', ')})`);
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    await database.close();
    await throwaway.finish();
  }
}

/** One site, its players (the triggers open their accounts and wallets), a year of transfers, wallets to match. */
async function seed(db, sql, queryRows) {
  const [site] = await queryRows(
    db,
    sql`with owner as (insert into brand_owners (name) values ('Bench') returning id)
        insert into sites (external_id, site_name, theme_code, theme_color, currency, brand_owner_id) select 'bench', 'Bench', 'casino1', 'gold', 'PHP', id from owner returning id`,
  );
  const siteId = site.id;
  await db.execute(sql`insert into site_domains (domain, site_id) values ('bench.localhost', ${siteId})`);
  await db.execute(sql`
    insert into players (site_id, account_id, password_hash, referral_code, created_at)
    select ${siteId}, 'p' || g, 'x', 'R' || g, ${YEAR_START}::timestamptz + (g * interval '365 days' / ${PLAYERS})
    from generate_series(1, ${PLAYERS}) g`);
  for (const code of PROVIDERS) await db.execute(sql`insert into ledger_accounts (site_id, code, unit) values (${siteId}, ${`game:${code}`}, 'money')`);

  // Each player's first transfer is a deposit of 10000, larger than all the debits that follow it
  // (at most 100 each, about 50 of them): no balance goes below zero. The rest is drawn at random.
  await db.execute(sql`
    with player as (
      select id as account_id, row_number() over (order by player_id) - 1 as n
      from ledger_accounts where site_id = ${siteId} and code = 'balance'
    ),
    system as (
      select
        max(id) filter (where code = 'deposits') as deposits, max(id) filter (where code = 'withdrawals') as withdrawals,
        max(id) filter (where code = 'bonuses') as bonuses, max(id) filter (where code = 'adjustments') as adjustments,
        max(id) filter (where code = 'sportsbook') as sportsbook,
        array_agg(id order by id) filter (where code like 'game:%') as games
      from ledger_accounts where site_id = ${siteId} and player_id is null
    ),
    draw as (
      select g, random() as r, random() as size, 1 + floor(random() * ${PROVIDERS.length})::int as game
      from generate_series(0, ${TRANSFERS} - 1) g
    ),
    typed as (
      select d.g, p.account_id as player, s.*, d.game, d.size,
        case when d.g < ${PLAYERS} then 'deposit'
          when d.r < 0.06 then 'deposit' when d.r < 0.50 then 'bet' when d.r < 0.80 then 'win'
          when d.r < 0.83 then 'rollback' when d.r < 0.88 then 'promotion' when d.r < 0.90 then 'adjustment'
          when d.r < 0.92 then 'withdrawal' else 'bet' end as type,
        d.r < 0.05 as sports
      from draw d join player p on p.n = d.g % ${PLAYERS} cross join system s
    )
    insert into ledger_transfers (site_id, kind, debit_account_id, credit_account_id, unit, amount, type, reference, idempotency_key, created_at)
    select ${siteId},
      case when type = 'withdrawal' then 'pending' else 'posted' end,
      case type when 'deposit' then deposits when 'bet' then player when 'win' then (case when sports then sportsbook else games[game] end)
        when 'rollback' then games[game] when 'promotion' then bonuses when 'adjustment' then adjustments else player end,
      case type when 'deposit' then player when 'bet' then (case when sports then sportsbook else games[game] end) when 'withdrawal' then withdrawals
        else player end,
      'money',
      round((case when g < ${PLAYERS} then 10000 when type = 'deposit' then 100 + size * 900 when type = 'withdrawal' then 50 + size * 50
        when type = 'win' then 1 + size * 40 when type = 'promotion' then 5 + size * 45 when type = 'adjustment' then 1 + size * 9
        else 1 + size * 19 end)::numeric, 2),
      type, '', 'bench:' || g,
      ${YEAR_START}::timestamptz + (g * interval '365 days' / ${TRANSFERS})
    from typed
    order by g`);
  // Withdrawals: most paid an hour later, some cancelled, the rest still awaiting a decision.
  await db.execute(sql`
    insert into ledger_transfers (site_id, kind, debit_account_id, credit_account_id, unit, amount, pending_id, type, reference, idempotency_key, created_at)
    select site_id, case when random() < 0.8 then 'post_pending' else 'void_pending' end, debit_account_id, credit_account_id, unit, amount, id,
      'withdrawal', '', idempotency_key || ':settled', created_at + interval '1 hour'
    from ledger_transfers where site_id = ${siteId} and kind = 'pending' and random() < 0.9
    order by id`);
  // The wallets as the ledger says (what the transfers would have moved one by one).
  await db.execute(sql`
    with moves as (
      select debit_account_id as id, -amount as posted, 0 as reserved from ledger_transfers where kind in ('posted', 'post_pending')
      union all select credit_account_id, amount, 0 from ledger_transfers where kind in ('posted', 'post_pending')
      union all select p.debit_account_id, 0, p.amount from ledger_transfers p
        where p.kind = 'pending' and not exists (select 1 from ledger_transfers s where s.pending_id = p.id)
    ),
    balance as (
      select a.player_id, sum(m.posted) - sum(m.reserved) as balance, sum(m.reserved) as held
      from moves m join ledger_accounts a on a.id = m.id where a.player_id is not null group by a.player_id
    )
    update wallets w set balance = b.balance, held = b.held from balance b where w.player_id = b.player_id`);
  await db.execute(sql`vacuum analyze ledger_transfers`);
  await db.execute(sql`analyze ledger_accounts`);
}

async function timed(fn) {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function seconds(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
