import type { LocaleCode } from '@wl/contracts';
import { teamName } from '../shared/format/teams';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';
import type { SiteT } from '../i18n/translate';
import { lineOf, type BetRecord, type BetType } from './board';
import { useSportsSettings } from './betslip-store';
import { formatOdds, formatTotalOdds } from './odds-format';

/** The market's name: 1X2 "Match result", HDP "Handicap", OU "Total". */
export function marketName(t: SiteT, type: BetType): string {
  return t(`sports.market.${type}`);
}

/**
 * What the selection backs, in full: a team (1X2 home or away), the draw, a team with its
 * handicap, or over / under the total. Team names in the page's language (docs/product.md §3).
 */
export function pickText(t: SiteT, bet: BetRecord, locale: LocaleCode): string {
  const line = lineOf(bet);
  const team = bet.home_away === 'home' || bet.home_away === 'away' ? teamName(bet, bet.home_away, locale) : '';
  switch (bet.home_away) {
    case 'draw':
      return t('sports.draw');
    case 'over':
      return line ? t('sports.over', { line }) : t('sports.overNoLine');
    case 'under':
      return line ? t('sports.under', { line }) : t('sports.underNoLine');
    default:
      return line ? `${team} ${line}` : team;
  }
}

/** How far a match under way is: its minute (67'), or in tennis its game; null before it starts. */
export function matchClock(t: SiteT, sport: string, minute: number | null): string | null {
  if (minute === null) return null;
  return sport === 'tennis' ? t('sports.game', { minute }) : t('sports.minute', { minute });
}

/** A price in the player's odds format (decimal, fractional or American: the betslip's setting). */
export function useOddsText(): (odds: string) => string {
  const { oddsFormat } = useSportsSettings();
  return (odds: string) => formatOdds(odds, oddsFormat);
}

/** Total odds (an accumulator's product of prices) in the player's odds format, to two decimals. */
export function useTotalOddsText(): (odds: string) => string {
  const { oddsFormat } = useSportsSettings();
  return (odds: string) => formatTotalOdds(odds, oddsFormat);
}

/** The short label on a price: 1, X, 2 for the match result, the line for handicap and total. */
export function shortPick(t: SiteT, bet: BetRecord): string {
  const line = lineOf(bet);
  if (bet.bet_type === '1X2') return t(`sports.side.${bet.home_away === 'draw' ? 'draw' : bet.home_away === 'away' ? 'away' : 'home'}`);
  if (bet.home_away === 'over') return line ? t('sports.over', { line }) : t('sports.overNoLine');
  if (bet.home_away === 'under') return line ? t('sports.under', { line }) : t('sports.underNoLine');
  return line ?? t(`sports.side.${bet.home_away === 'away' ? 'away' : 'home'}`);
}

/**
 * The bet display of docs/product.md §3: a selection (bet_type, home_away, criteria1, odds) with its match's
 * home and away team names in the page's language, English when a language has none.
 * `price` is the compact form on the board's price buttons (the short pick and the odds, the rest
 * for screen readers); `card` shows every field, labelled. Prices are in the player's odds format.
 */
export function BetDisplay({ bet, layout }: { bet: BetRecord; layout: 'price' | 'card' }) {
  const { t } = useT();
  const { locale } = useLocale();
  const oddsText = useOddsText();
  const market = marketName(t, bet.bet_type);
  const pick = pickText(t, bet, locale);
  const home = teamName(bet, 'home', locale);
  const away = teamName(bet, 'away', locale);
  const line = lineOf(bet);
  const data = { 'data-bet-type': bet.bet_type, 'data-home-away': bet.home_away, 'data-criteria1': bet.criteria1 ?? '' };

  if (layout === 'price') {
    return (
      <span className="bet-price" {...data}>
        <span className="bet-price__pick">{shortPick(t, bet)}</span>
        <span className="bet-price__odds">{oddsText(bet.odds)}</span>
        <span className="visually-hidden">
          {' '}
          ({market}: {pick}, {home} {t('sports.versus')} {away})
        </span>
      </span>
    );
  }
  return (
    <dl className="bet-card" data-testid="bet-display" {...data}>
      <div className="bet-card__row">
        <dt>{t('sports.fields.market')}</dt>
        <dd className="bet-card__market">{market}</dd>
      </div>
      <div className="bet-card__row">
        <dt>{t('sports.fields.pick')}</dt>
        <dd className="bet-card__pick">{pick}</dd>
      </div>
      {line ? (
        <div className="bet-card__row">
          <dt>{t('sports.fields.line')}</dt>
          <dd className="bet-card__line">{line}</dd>
        </div>
      ) : null}
      <div className="bet-card__row">
        <dt>{t('sports.fields.match')}</dt>
        <dd className="bet-card__teams">
          <span data-side="home">{home}</span> {t('sports.versus')} <span data-side="away">{away}</span>
        </dd>
      </div>
      <div className="bet-card__row bet-card__row--odds">
        <dt>{t('sports.fields.odds')}</dt>
        <dd className="bet-card__odds">{oddsText(bet.odds)}</dd>
      </div>
    </dl>
  );
}
