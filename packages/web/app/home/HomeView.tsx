import type { ReadySite } from '../lib/site-state';
import { templateConfig, type HomeSection } from '../theme/templates';
import { AppPromo, Categories, Marquee, Partners } from './Extras';
import { GameSection } from './GameSection';
import { Hero } from './Hero';
import type { HomeData } from './home-data';
import { Matches, OddsTicker } from './Sports';
import { Stats, Transactions, Winners } from './Boards';
import { useT } from '../i18n/use-t';

/** One section of the composition, or nothing when its list is empty (spec §8: lists fall back to empty). */
function Section({ section, state, data, index }: { section: HomeSection; state: ReadySite; data: HomeData; index: number }) {
  const config = templateConfig(state.template);
  switch (section.kind) {
    case 'hero':
      return <Hero state={state} slides={data.slides} variant={section.variant} />;
    case 'marquee':
      return data.marquee.length ? <Marquee items={data.marquee} /> : null;
    case 'categories':
      return <Categories gameMenu={state.content.game_menu} family={state.family} providerCount={state.providerCount} variant={section.variant} />;
    case 'games': {
      const games = data.games[section.list] ?? [];
      if (!games.length) return null;
      return (
        <GameSection
          list={section.list}
          games={games}
          gameMenu={state.content.game_menu}
          layout={section.layout}
          limit={section.limit}
          tile={section.tile ?? config.tile}
          eager={index < 2}
        />
      );
    }
    case 'matches':
      return data.matches.length ? <Matches matches={data.matches} variant={section.variant} limit={section.limit} /> : null;
    case 'odds':
      return data.odds.length ? <OddsTicker odds={data.odds} /> : null;
    case 'winners':
      return data.winners.length ? <Winners winners={data.winners} variant={section.variant} /> : null;
    case 'transactions':
      return data.deposits.length || data.withdrawals.length ? <Transactions deposits={data.deposits} withdrawals={data.withdrawals} /> : null;
    case 'stats':
      return data.statistics ? <Stats statistics={data.statistics} currency={state.site.currency} /> : null;
    case 'partners':
      return data.partners.length ? <Partners partners={data.partners} /> : null;
    case 'app':
      return <AppPromo site={state.site} />;
  }
}

/** The home page: the template's sections, top to bottom. */
export function HomeView({ state, data }: { state: ReadySite; data: HomeData }) {
  const { t } = useT();
  const { home } = templateConfig(state.template);
  // Split heroes show the page's heading; every other composition keeps it for screen readers.
  const visibleTitle = home.some((section) => section.kind === 'hero' && section.variant === 'split');
  return (
    <div className="home" data-family={state.family}>
      {visibleTitle ? null : <h1 className="visually-hidden">{t('home.pageTitle', { siteName: state.site.site_name })}</h1>}
      {home.map((section, index) => (
        <Section key={`${section.kind}-${index}`} section={section} state={state} data={data} index={index} />
      ))}
    </div>
  );
}
