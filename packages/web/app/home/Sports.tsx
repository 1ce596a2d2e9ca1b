import { useState } from 'react';
import type { Match, OddsSelection, PublicBet } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { teamName } from '../shared/format/teams';
import { type HomeMatch } from './home-data';
import { SectionHead } from './GameSection';
import { useT } from '../i18n/use-t';
import type { SiteT } from '../i18n/translate';
import { marketName, matchClock, pickText, useOddsText } from '../sports/BetDisplay';
import { BetslipLayout } from '../sports/BetslipLayout';
import { PriceToggle } from '../sports/PriceToggle';
import { betOf } from '../sports/board';
import { useLiveMatches } from '../sports/use-live-matches';

const BET_SIDES = ['home', 'draw', 'away', 'over', 'under'] as const;

/** The short label of a bet's side (1, X, 2, Over, Under); an unknown side reads as sent. */
function betSideLabel(t: SiteT, side: string): string {
  return (BET_SIDES as readonly string[]).includes(side) ? t(`home.betSide.${side as (typeof BET_SIDES)[number]}`) : side;
}

const SPORT_TITLES: Record<string, string> = { soccer: 'Football', basketball: 'Basketball', tennis: 'Tennis' };
const sportTitle = (sport: string) => SPORT_TITLES[sport] ?? sport.charAt(0).toUpperCase() + sport.slice(1);

function find(odds: OddsSelection[], type: OddsSelection['bet_type'], side: OddsSelection['home_away']) {
  return odds.find((selection) => selection.bet_type === type && selection.home_away === side);
}

/**
 * One price: its side (1, X, 2, Over 2.5...) and odds in the player's format, a toggle that puts
 * the selection on the betslip (ADR 0035); a dash when the market is closed.
 */
function Price({ label, selection, match }: { label: string; selection: OddsSelection | undefined; match: Match }) {
  const { t } = useT();
  const { locale } = useLocale();
  const oddsText = useOddsText();
  if (!selection) {
    return (
      <span className="price" data-closed="">
        <span className="price__label">{label}</span>
        <span className="price__odds">–</span>
      </span>
    );
  }
  const bet = betOf(match, selection);
  return (
    <PriceToggle bet={bet} suspended={match.suspended} className="price price--toggle">
      <span className="price__label">{label}</span>
      <span className="price__odds">{oddsText(selection.odds)}</span>
      <span className="visually-hidden">
        {' '}
        ({marketName(t, bet.bet_type)}: {pickText(t, bet, locale)}, {teamName(match, 'home', locale)} {t('sports.versus')} {teamName(match, 'away', locale)})
      </span>
    </PriceToggle>
  );
}

function MatchStatus({ match }: { match: HomeMatch }) {
  const { t } = useT();
  if (match.status === 'live') {
    return (
      <span className="match__status">
        <span className="badge badge--live">{t('home.live')}</span>
        {match.minute !== null ? <span className="match__minute">{matchClock(t, match.sport, match.minute)}</span> : null}
      </span>
    );
  }
  return (
    <span className="match__status">
      <time dateTime={match.start_time}>{match.kick_off_label}</time>
    </span>
  );
}

function Teams({ match }: { match: Match }) {
  const { locale } = useLocale();
  const live = match.status === 'live';
  return (
    <div className="match__teams">
      {(['home', 'away'] as const).map((side) => (
        <span key={side} className="match__team">
          <span className="match__name">{teamName(match, side, locale)}</span>
          {live ? <span className="match__score">{side === 'home' ? match.home_score : match.away_score}</span> : null}
        </span>
      ))}
    </div>
  );
}

function Markets({ match, full }: { match: HomeMatch; full: boolean }) {
  const { t } = useT();
  // The match as the slip keeps it: without the server's formatted kick-off time.
  const { kick_off_label: _label, ...plain } = match;
  const { odds } = plain;
  const hdpHome = find(odds, 'HDP', 'home');
  const total = find(odds, 'OU', 'over') ?? find(odds, 'OU', 'under');
  return (
    <div className="match__markets">
      <div className="market" role="group" aria-label={t('home.betType.1X2')}>
        <Price label={t('home.betSide.home')} selection={find(odds, '1X2', 'home')} match={plain} />
        <Price label={t('home.betSide.draw')} selection={find(odds, '1X2', 'draw')} match={plain} />
        <Price label={t('home.betSide.away')} selection={find(odds, '1X2', 'away')} match={plain} />
      </div>
      {full ? (
        <>
          <div className="market" role="group" aria-label={t('home.betType.HDP')}>
            <Price label={hdpHome?.criteria1 ?? t('home.marketHandicap')} selection={hdpHome} match={plain} />
            <Price
              label={invertLine(find(odds, 'HDP', 'away')?.criteria1 ?? null) ?? t('home.marketHandicap')}
              selection={find(odds, 'HDP', 'away')}
              match={plain}
            />
          </div>
          <div className="market" role="group" aria-label={t('home.betType.OU')}>
            <Price
              label={total?.criteria1 ? t('home.over', { line: total.criteria1 }) : t('home.betSide.over')}
              selection={find(odds, 'OU', 'over')}
              match={plain}
            />
            <Price
              label={total?.criteria1 ? t('home.under', { line: total.criteria1 }) : t('home.betSide.under')}
              selection={find(odds, 'OU', 'under')}
              match={plain}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The away side's handicap is the home line with its sign turned. */
function invertLine(line: string | null): string | null {
  if (line === null) return null;
  if (line.startsWith('-')) return `+${line.slice(1)}`;
  if (line.startsWith('+')) return `-${line.slice(1)}`;
  return line === '0' ? line : `-${line}`;
}

/**
 * Live and upcoming matches with their prices (match_list, read again every few seconds): a board
 * with every market and a sport filter, or cards with the match result. A price puts its selection
 * on the betslip beside the section (ADR 0035).
 */
export function Matches({ matches: loaded, variant, limit }: { matches: HomeMatch[]; variant: 'board' | 'cards'; limit: number }) {
  const { t } = useT();
  const matches = useLiveMatches(loaded);
  const sports = [...new Set(matches.map((match) => match.sport))];
  const [sport, setSport] = useState<string | null>(null);
  const shown = matches.filter((match) => sport === null || match.sport === sport).slice(0, limit);
  const id = `matches-${variant}`;
  return (
    <BetslipLayout>
      <section className={`home-section matches matches--${variant}`} aria-labelledby={id}>
        <SectionHead id={id} title={t('home.matches')} icon="sportsbook" subtitle={t('home.liveAndUpcoming')} link="/sports" linkLabel={t('home.allMatches')} />
        {sports.length > 1 ? (
          <div className="sport-filter" role="group" aria-label={t('home.matches')}>
            {[null, ...sports].map((key) => (
              <button key={key ?? 'all'} type="button" className="sport-filter__button" aria-pressed={sport === key} onClick={() => setSport(key)}>
                {key === null ? t('home.liveAndUpcoming') : sportTitle(key)}
              </button>
            ))}
          </div>
        ) : null}
        {variant === 'board' ? (
          <div className="match-board__head" aria-hidden="true">
            <span>{t('home.matches')}</span>
            <span>{t('home.marketResult')}</span>
            <span>{t('home.marketHandicap')}</span>
            <span>{t('home.marketTotal')}</span>
          </div>
        ) : null}
        <ul className={variant === 'board' ? 'match-board' : 'match-cards'}>
          {shown.map((match) => (
            <li key={match.match_id} className="match" data-status={match.status} data-suspended={match.suspended || undefined}>
              <div className="match__meta">
                <MatchStatus match={match} />
                <span className="match__league">
                  {sportTitle(match.sport)} · {match.league}
                </span>
              </div>
              <Teams match={match} />
              <Markets match={match} full={variant === 'board'} />
            </li>
          ))}
        </ul>
      </section>
    </BetslipLayout>
  );
}

/** Featured prices (public_odds) running across the page; still and scrollable under reduced motion. */
export function OddsTicker({ odds }: { odds: PublicBet[] }) {
  const { t } = useT();
  const { locale } = useLocale();
  const oddsText = useOddsText();
  const featured = odds.filter((bet) => bet.bet_type === '1X2').slice(0, 16);
  const items = featured.map((bet) => (
    <>
      {bet.status === 'live' ? <span className="badge badge--live">{t('home.live')}</span> : null}
      <span className="ticker__text">
        {teamName(bet, 'home', locale)} {t('home.versus')} {teamName(bet, 'away', locale)}
      </span>
      <span className="price price--inline">
        <span className="price__label">{betSideLabel(t, bet.home_away)}</span>
        <span className="price__odds">{oddsText(bet.odds)}</span>
      </span>
    </>
  ));
  return (
    <section className="home-section odds-ticker ticker" aria-labelledby="odds-ticker-title">
      <h2 id="odds-ticker-title" className="ticker__title">
        {t('home.featuredOdds')}
      </h2>
      <div className="ticker__viewport">
        <ul className="ticker__track">
          {items.map((item, index) => (
            <li key={`${featured[index]!.match_id}:${featured[index]!.home_away}`} className="ticker__item">
              {item}
            </li>
          ))}
        </ul>
        <ul className="ticker__track ticker__track--copy" aria-hidden="true">
          {items.map((item, index) => (
            <li key={`${featured[index]!.match_id}:${featured[index]!.home_away}`} className="ticker__item">
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
