/*
 * The audit log's filters as the URL keeps them and as the server takes them (ADR 0048). The URL
 * holds days as the operator picked them (YYYY-MM-DD); the call gets the operator's own midnights
 * as instants, so "from 3 March to 4 March" is those days where the operator sits, the last one
 * included, like the times the table shows.
 */

export const FILTER_NAMES = ['site', 'actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** A local day's midnight (or the next day's, for an end) as an ISO instant; anything else as given (the server names what is wrong). */
function localMidnight(day: string, nextDay: boolean): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const exists = new Date(Date.UTC(year, month, date));
  if (year < 1900 || exists.getUTCMonth() !== month || exists.getUTCDate() !== date) return day;
  return new Date(year, month, date + (nextDay ? 1 : 0)).toISOString();
}

/** The URL's filters as the opsAudit call and the CSV export take them. */
export function callFilters(filters: Partial<Record<FilterName, string>>): Partial<Record<FilterName, string>> {
  const out: Partial<Record<FilterName, string>> = { ...filters };
  if (filters.from) out.from = localMidnight(filters.from, false);
  if (filters.to) out.to = localMidnight(filters.to, true);
  return out;
}
