import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { LocaleCode, Match } from '@wl/contracts';
import { teamName } from '../shared/format/teams';
import { useLocale } from '../lib/use-locale';
import { useHydrated } from '../client/hydration';
import { dateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import type { SiteT } from '../i18n/translate';
import { Icon } from '../shared/ui/icons';
import { playnowPath } from '../shared/game-links';
import { useGameLauncher } from '../play/use-game-launcher';
import { BetDisplay, marketName, matchClock } from './BetDisplay';
import { BetslipLayout } from './BetslipLayout';
import { PriceToggle } from './PriceToggle';
import { dayOf, groupByLeague, isKnownSport, marketsOf, sportsOf, type BetRecord, type LeagueGroup } from './board';
import type { SportsData, Sportsbook } from './sports-data';
import { useLiveMatches } from './use-live-matches';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A sport's name in the page's language; a sport the texts do not know reads as its key, capitalised. */
export function sportName(t: SiteT, sport: string): string {
  return isKnownSport(sport) ? t(`sports.sport.${sport}`) : sport.charAt(0).toUpperCase() + sport.slice(1);
}

/**
 * Times in the viewer's time zone. The server and the hydration render use UTC (the server does
 * not know the viewer's zone, and both renders must match); the browser's zone follows.
 */
function useViewerTimeZone(): string {
  const hydrated = useHydrated();
  return hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' : 'UTC';
}

function zoneLabel(locale: LocaleCode, timeZone: string): string {
  if (timeZone === 'UTC') return 'UTC';
  const parts = dateFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(new Date());
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * /sports: live and upcoming matches grouped by league, then live first and by day, with the
 * 1X2, handicap and total prices, read again every few seconds. A price is a toggle that puts its
 * selection on the betslip beside the board (ADR 0035); the site's sportsbooks open from the top.
 */
export function SportsBoard({ data }: { data: SportsData }) {
  const { t } = useT();
  const { locale, to } = useLocale();
  const screenTitle = useScreenTitle();
  const timeZone = useViewerTimeZone();
  const [search] = useSearchParams();
  const matches = useLiveMatches(data.matches);
  const sports = sportsOf(matches);
  const sport = sports.find((key) => key === search.get('sport')) ?? null;
  const shown = sport ? matches.filter((match) => match.sport === sport) : matches;
  const leagues = groupByLeague(shown, timeZone);
  // "Today" and "tomorrow" as of the page's first render.
  const [now] = useState(() => Date.now());

  return (
    <BetslipLayout>
      <section className="sports" aria-labelledby="sports-title">
        <header className="sports__head">
          <h1 id="sports-title" className="screen__title">
            {screenTitle('/sports')}
          </h1>
          <p className="screen__lead">{t('sports.lead', { zone: zoneLabel(locale, timeZone) })}</p>
        </header>

        {data.sportsbooks.length ? <Sportsbooks sportsbooks={data.sportsbooks} /> : null}

        {sports.length > 1 ? (
          <nav className="sports-filter" aria-label={t('sports.filterLabel')}>
            {[null, ...sports].map((key) => (
              <Link
                key={key ?? 'all'}
                to={key ? `${to('/sports')}?sport=${encodeURIComponent(key)}` : to('/sports')}
                className="sports-filter__link"
                aria-current={sport === key ? 'page' : undefined}
                preventScrollReset
              >
                {key ? sportName(t, key) : t('sports.allSports')}
              </Link>
            ))}
          </nav>
        ) : null}

        {leagues.length ? (
          leagues.map((league) => <League key={league.key} league={league} timeZone={timeZone} now={now} />)
        ) : (
          <p className="sports__empty" data-testid="sports-empty">
            {t('sports.empty')}
          </p>
        )}
      </section>
    </BetslipLayout>
  );
}

/** The site's sportsbooks, each opening its first game on /playnow. */
function Sportsbooks({ sportsbooks }: { sportsbooks: Sportsbook[] }) {
  const { t } = useT();
  return (
    <section className="sportsbooks" aria-labelledby="sportsbooks-title">
      <h2 id="sportsbooks-title" className="sportsbooks__title">
        {t('sports.sportsbooksTitle')}
      </h2>
      <p className="sportsbooks__lead">{t('sports.sportsbooksLead')}</p>
      <SportsbookLinks sportsbooks={sportsbooks} />
    </section>
  );
}

function SportsbookLinks({ sportsbooks }: { sportsbooks: Sportsbook[] }) {
  const { t } = useT();
  const { to } = useLocale();
  const launcher = useGameLauncher();
  return (
    <ul className="sportsbooks__list">
      {sportsbooks.map((book) => {
        const game = { provider_code: book.provider_code, game_code: book.game_code };
        return (
          <li key={book.provider_code}>
            <Link
              to={to(playnowPath(game, '/sports'))}
              className="sportsbooks__link"
              data-provider={book.provider_code}
              onClick={(event) => launcher.onGameClick(event, game)}
            >
              <Icon name="sportsbook" size={18} />
              <span>{t('sports.openSportsbook', { name: book.name })}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function League({ league, timeZone, now }: { league: LeagueGroup; timeZone: string; now: number }) {
  const { t } = useT();
  const { locale } = useLocale();
  const id = `league-${league.key.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
  const today = dayOf(new Date(now).toISOString(), timeZone);
  const tomorrow = dayOf(new Date(now + DAY_MS).toISOString(), timeZone);
  const dayTitle = (day: string, sample: Match) => {
    const date = dateFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(new Date(sample.start_time));
    if (day === today) return t('sports.today', { date });
    if (day === tomorrow) return t('sports.tomorrow', { date });
    return date;
  };
  const rows = (matches: Match[]) => (
    <ul className="sb-matches">
      {matches.map((match) => (
        <MatchRow key={match.match_id} match={match} timeZone={timeZone} />
      ))}
    </ul>
  );
  return (
    <section className="sb-league" aria-labelledby={id} data-testid="league" data-sport={league.sport} data-league={league.league}>
      <h2 id={id} className="sb-league__title">
        <span className="sb-league__icon" aria-hidden="true">
          <Icon name="sportsbook" size={18} />
        </span>
        <span className="sb-league__sport">{sportName(t, league.sport)}</span>
        <span className="sb-league__name">{league.league}</span>
      </h2>
      {league.live.length ? (
        <div className="sb-day" data-day="live">
          <h3 className="sb-day__title">{t('sports.liveNow')}</h3>
          {rows(league.live)}
        </div>
      ) : null}
      {league.days.map((group) => (
        <div key={group.day} className="sb-day" data-day={group.day}>
          <h3 className="sb-day__title">{dayTitle(group.day, group.matches[0]!)}</h3>
          {rows(group.matches)}
        </div>
      ))}
    </section>
  );
}

function MatchRow({ match, timeZone }: { match: Match; timeZone: string }) {
  const { t } = useT();
  const { locale } = useLocale();
  const live = match.status === 'live';
  const markets = marketsOf(match);
  const time = dateFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(match.start_time));
  return (
    <li className="sb-match" data-testid="match" data-match-id={match.match_id} data-status={match.status} data-suspended={match.suspended || undefined}>
      <div className="sb-match__info">
        <p className="sb-match__when">
          {live ? (
            <>
              <span className="badge badge--live">{t('sports.live')}</span>
              {match.minute !== null ? <span className="sb-match__minute">{matchClock(t, match.sport, match.minute)}</span> : null}
            </>
          ) : (
            <time dateTime={match.start_time}>{time}</time>
          )}
        </p>
        <p className="sb-match__teams">
          {(['home', 'away'] as const).map((side) => (
            <span key={side} className="sb-match__team" data-side={side}>
              <span className="sb-match__name">{teamName(match, side, locale)}</span>
              {live ? <span className="sb-match__score">{side === 'home' ? match.home_score : match.away_score}</span> : null}
            </span>
          ))}
        </p>
      </div>
      {markets.length ? (
        <div className="sb-match__markets">
          {match.suspended ? <p className="sb-match__suspended">{t('sports.suspended')}</p> : null}
          {markets.map((market) => (
            <div key={market.type} className="sb-market" role="group" aria-label={marketName(t, market.type)} data-market={market.type}>
              <span className="sb-market__name" aria-hidden="true">
                {marketName(t, market.type)}
              </span>
              <div className="sb-market__prices" data-count={market.bets.length}>
                {market.bets.map((bet) => (
                  <PriceButton key={bet.home_away} bet={bet} suspended={match.suspended} />
                ))}
              </div>
            </div>
          ))}
        </div>
      ) : (
        <p className="sb-match__closed">{t('sports.closed')}</p>
      )}
    </li>
  );
}

function PriceButton({ bet, suspended }: { bet: BetRecord; suspended: boolean }) {
  return (
    <PriceToggle bet={bet} suspended={suspended} className="sb-price">
      <BetDisplay bet={bet} layout="price" />
    </PriceToggle>
  );
}
