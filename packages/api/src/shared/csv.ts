/*
 * The one CSV writer of the operator exports (ADR 0048): RFC 4180 (comma, CRLF, fields quoted when
 * they hold a quote, comma, CR or LF, quotes doubled) and safe to open in a spreadsheet: a text
 * that begins with = + - @, a tab or a carriage return gets a leading apostrophe, so operator- or
 * player-entered text ("=HYPERLINK(...)") is never run as a formula. A plain number ("-12.5000")
 * is left as it is: a number is no formula, and an amount must stay a number in the sheet.
 */

export type CsvCell = string | number | boolean | null | undefined;

/** UTF-8 byte order mark: spreadsheets then read the file as UTF-8 (names with accents, "₱"). */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised against formulas, then quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value !== 'number' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export const csvRow = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole small document (a header and its rows), with the byte order mark. */
export const csvDocument = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string => CSV_BOM + csvRow(header) + rows.map(csvRow).join('');
