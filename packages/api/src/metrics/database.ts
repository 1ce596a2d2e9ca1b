import { sql } from 'drizzle-orm';
import { Counter, Gauge } from 'prom-client';
import { queryRows, type Database } from '../db/client.js';
import { onTransferWritten, type WrittenTransfer } from '../ledger/events.js';
import { databaseReadFailures, metricsRegistry } from './registry.js';

/**
 * The figures read from the database on a scrape (pending payments, the sites' currencies) are
 * kept this long, so scrapes from several Prometheus servers, or a short scrape interval, cost
 * the database one small query per interval at most.
 */
export const DATABASE_FIGURES_TTL_MS = 5_000;
/** Transfer types are the code's own words (deposit, bet, win...); past this many, or another shape, `other`. */
const MAX_TRANSFER_TYPES = 50;
const TRANSFER_TYPE = /^[a-z][a-z0-9_]{0,39}$/;

interface DatabaseFigures {
  pending: { kind: string; currency: string; count: number; amount: number }[];
  currencyOfSite: Map<number, string>;
}

/** The database this process serves, while an app is built on it (watchDatabase). */
let watched: { database: Database; figures: { at: number; promise: Promise<DatabaseFigures> } | null; last: DatabaseFigures | null } | null = null;

/** Transfers this process wrote, summed by site, kind, type and unit (sites become currencies on a scrape). */
const transferTotals = new Map<string, { siteId: number; kind: string; type: string; unit: string; count: number; amount: number }>();
const transferTypes = new Set<string>();
let ledgerFollowed = false;

function typeLabelOf(type: string): string {
  if (transferTypes.has(type)) return type;
  if (!TRANSFER_TYPE.test(type) || transferTypes.size >= MAX_TRANSFER_TYPES) return 'other';
  transferTypes.add(type);
  return type;
}

function countTransfer(transfer: WrittenTransfer): void {
  const type = typeLabelOf(transfer.type);
  const key = `${transfer.siteId}|${transfer.kind}|${type}|${transfer.unit}`;
  let total = transferTotals.get(key);
  if (!total) {
    total = { siteId: transfer.siteId, kind: transfer.kind, type, unit: transfer.unit, count: 0, amount: 0 };
    transferTotals.set(key, total);
  }
  total.count += 1;
  // A float is enough to watch the flow; the books stay exact in the ledger (ADR 0062).
  total.amount += Number(transfer.amount);
}

/** Reads the pending payments and the sites' currencies, at most once per DATABASE_FIGURES_TTL_MS. */
async function databaseFigures(): Promise<DatabaseFigures | null> {
  const current = watched;
  if (!current) return null;
  const now = Date.now();
  if (!current.figures || now - current.figures.at >= DATABASE_FIGURES_TTL_MS) {
    current.figures = { at: now, promise: readFigures(current.database) };
  }
  try {
    current.last = await current.figures.promise;
  } catch {
    // The database is away (a restart): the last figures are served, and the failure counted.
    databaseReadFailures.inc();
  }
  return current.last;
}

async function readFigures(database: Database): Promise<DatabaseFigures> {
  const pending = await queryRows<{ kind: string; currency: string; count: number; amount: string }>(
    database.db,
    sql`select p.kind, s.currency, count(*)::int as count, sum(p.amount)::text as amount
      from payments p join sites s on s.id = p.site_id
      where p.status = 'pending'
      group by p.kind, s.currency`,
  );
  const sites = await queryRows<{ id: number; currency: string }>(database.db, sql`select id, currency from sites`);
  return {
    pending: pending.map((row) => ({ kind: row.kind, currency: row.currency, count: row.count, amount: Number(row.amount) })),
    currencyOfSite: new Map(sites.map((site) => [site.id, site.currency])),
  };
}

/** A gauge of the pending payments by kind and currency: their number or their sum. */
function pendingPaymentsGauge(name: string, help: string, valueOf: (row: DatabaseFigures['pending'][number]) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['kind', 'currency'] as const,
    registers: [metricsRegistry],
    async collect() {
      const figures = await databaseFigures();
      this.reset();
      for (const row of figures?.pending ?? []) this.set({ kind: row.kind, currency: row.currency }, valueOf(row));
    },
  });
}

pendingPaymentsGauge(
  'wl_payments_pending',
  'Deposits and withdrawals waiting for an operator, by kind and currency (read from the database, cached a few seconds).',
  (row) => row.count,
);
pendingPaymentsGauge('wl_payments_pending_amount', 'Sum of the pending deposits and withdrawals, by kind and currency (a float, for monitoring).', (row) => row.amount);

new Counter({
  name: 'wl_ledger_transfers_total',
  help: 'Ledger transfers this process wrote, by kind (posted, pending, post_pending, void_pending) and type (deposit, bet, win...).',
  labelNames: ['kind', 'type'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const total of transferTotals.values()) this.inc({ kind: total.kind, type: total.type }, total.count);
  },
});

new Counter({
  name: 'wl_ledger_transfer_amount_total',
  help: 'Sum of the amounts of the ledger transfers this process wrote, by kind, type and currency (tokens: TOKENS); a float, for monitoring.',
  labelNames: ['kind', 'type', 'currency'] as const,
  registers: [metricsRegistry],
  async collect() {
    let figures = watched?.last ?? null;
    const needsCurrencies = [...transferTotals.values()].some((total) => total.unit === 'money' && !figures?.currencyOfSite.has(total.siteId));
    if (needsCurrencies) figures = await databaseFigures();
    this.reset();
    for (const total of transferTotals.values()) {
      const currency = total.unit === 'tokens' ? 'TOKENS' : (figures?.currencyOfSite.get(total.siteId) ?? 'unknown');
      this.inc({ kind: total.kind, type: total.type, currency }, total.amount);
    }
  },
});

new Gauge({
  name: 'wl_db_pool_connections',
  help: 'PostgreSQL pool connections (node-postgres): total open, idle, and queries waiting for one; absent on PGlite.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const pool = watched?.database.poolCounts?.();
    if (!pool) return;
    this.set({ state: 'total' }, pool.total);
    this.set({ state: 'idle' }, pool.idle);
    this.set({ state: 'waiting' }, pool.waiting);
  },
});

new Gauge({
  name: 'wl_db_pool_max',
  help: 'The PostgreSQL pool\'s size limit; absent on PGlite.',
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const pool = watched?.database.poolCounts?.();
    if (pool) this.set(pool.max);
  },
});

/**
 * Reads the gauges of `database` on each scrape and counts the ledger's transfers (from now on);
 * answers the function that stops watching it (the app's close).
 */
export function watchDatabase(database: Database): () => void {
  if (!ledgerFollowed) {
    ledgerFollowed = true;
    onTransferWritten(countTransfer);
  }
  const entry = { database, figures: null, last: null };
  watched = entry;
  return () => {
    if (watched === entry) watched = null;
  };
}
