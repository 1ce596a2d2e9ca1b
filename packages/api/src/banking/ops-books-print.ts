import type { BooksMismatch, OpsBooksReply, OpsReportReply, ReportFigures } from '@wl/contracts';

/*
 * How `npm run ops -- report` and `books` print their replies (ADR 0028): a table for a person, CSV for a
 * spreadsheet (report --csv), JSON with --json (printed by the tool itself).
 */

const REPORT_COLUMNS: (keyof ReportFigures)[] = [
  'deposits',
  'withdrawals',
  'bets',
  'wins',
  'ggr',
  'bonuses',
  'ngr',
  'adjustments',
  'active_players',
  'new_players',
  'first_depositors',
];
const REPORT_HEADINGS = ['DEPOSITS', 'WITHDRAWALS', 'BETS', 'WINS', 'GGR', 'BONUSES', 'NGR', 'ADJUSTMENTS', 'ACTIVE', 'NEW', 'FTD'];

function line(cells: string[], widths: number[]): string {
  return cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ').trimEnd();
}

/** The report as CSV: a header, one line per day, then the period's totals (date "total"). */
export function reportCsv(report: OpsReportReply): string[] {
  const rows = [...report.days.map((day) => [day.date, ...REPORT_COLUMNS.map((column) => String(day[column]))]), ['total', ...REPORT_COLUMNS.map((column) => String(report.totals[column]))]];
  return [['date', ...REPORT_COLUMNS].join(','), ...rows.map((row) => row.join(','))];
}

/** The report as a table with its totals. */
export function reportTable(report: OpsReportReply): string[] {
  const rows = [
    ['DATE', ...REPORT_HEADINGS],
    ...report.days.map((day) => [day.date, ...REPORT_COLUMNS.map((column) => String(day[column]))]),
    ['TOTAL', ...REPORT_COLUMNS.map((column) => String(report.totals[column]))],
  ];
  const widths = rows[0]!.map((_, index) => Math.max(...rows.map((row) => row[index]!.length)));
  return [
    `${report.site}: ${report.from} to ${report.to}, days in ${report.time_zone}, amounts in ${report.currency} (GGR = bets − wins, NGR = GGR − bonuses)`,
    ...rows.map((row) => line(row, widths)),
  ];
}

function describeMismatch(mismatch: BooksMismatch): string {
  switch (mismatch.kind) {
    case 'imbalance':
      return `${mismatch.site}: ${mismatch.field} accounts sum to ${mismatch.actual}, not 0`;
    case 'wallet':
      return `${mismatch.site}: wallet of ${mismatch.account_id}: ${mismatch.field} is ${mismatch.actual ?? 'missing'}, its transfers make ${mismatch.expected}`;
    case 'negative':
      return `${mismatch.site}: account ${mismatch.field} of ${mismatch.account_id} is below zero: ${mismatch.actual}`;
    case 'transfer':
      return `${mismatch.site}: transfer ${mismatch.transfer_id} names an account of another site or unit`;
  }
}

/** Each site's trial balance, then every mismatch, then the verdict. */
export function booksText(books: OpsBooksReply): string[] {
  const lines: string[] = [];
  for (const site of books.sites) {
    lines.push(`${site.site} (${site.currency}): ${site.balanced ? 'balanced' : 'NOT BALANCED'}`);
    for (const unit of site.units) {
      lines.push(`  ${unit.unit.padEnd(7)} total ${unit.total}   players ${unit.players}   pending ${unit.pending}`);
      for (const account of unit.system) lines.push(`    ${account.code.padEnd(28)} ${account.balance.padStart(22)}`);
    }
  }
  if (books.mismatch_count > 0) {
    lines.push(`${books.mismatch_count} mismatch${books.mismatch_count === 1 ? '' : 'es'}:`);
    for (const mismatch of books.mismatches) lines.push(`  ${mismatch.kind.padEnd(9)} ${describeMismatch(mismatch)}`);
  }
  lines.push(books.balanced ? 'The books balance.' : 'The books do NOT balance.');
  return lines;
}
