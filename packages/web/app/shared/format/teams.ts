import type { LocaleCode, Match, PublicBet } from '@wl/contracts';

/** A team's name in the page's language, else the English default (docs/product.md §3 bet display). */
export function teamName(record: Match | PublicBet, side: 'home' | 'away', locale: LocaleCode): string {
  const key = `${side}_name_${locale.toLowerCase()}` as keyof typeof record;
  const local = record[key];
  return typeof local === 'string' && local ? local : side === 'home' ? record.home_team_name : record.away_team_name;
}
