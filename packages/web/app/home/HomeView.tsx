import { CATEGORY_ROUTES, type GameListName } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import type { HomeSection } from './sections';
import { useScreenTitle } from '../i18n/screen-titles';
import { AppPromo, Categories, Marquee, Partners } from './Extras';
import { GameSection } from './GameSection';
import { Hero } from './Hero';
import type { HomeData } from './home-data';
import { Matches, OddsTicker } from './Sports';
import { Stats, Transactions, Winners } from './Boards';
import { useT } from '../i18n/use-t';

/** The heading icon of each curated list. */
const LIST_ICONS: Record<GameListName, string> = { hot: 'hot', featured: 'vip', popular: 'leaderboard', new: 'clock' };

/** One section of the composition, or nothing when its list is empty (docs/product.md §8: lists fall back to empty). */
function Section({ section, state, data, index }: { section: HomeSection; state: ReadySite; data: HomeData; index: number }) {
  const { t } = useT();
  const screenTitle = useScreenTitle();
  const { config } = state.look;
  switch (section.kind) {
    case 'hero':
      return <Hero state={state} slides={data.slides} variant={section.variant} />;
    case 'marquee':
      return data.marquee.length ? <Marquee items={data.marquee} /> : null;
    case 'categories':
      return <Categories gameMenu={state.content.game_menu} family={state.family} providerCount={state.providerCount} variant={section.variant} />;
    case 'list': {
      const games = data.lists[section.list] ?? [];
      if (!games.length) return null;
      const title = t(`homeLists.${section.list}`);
      return (
        <GameSection
          list={section.list}
          title={title}
          icon={LIST_ICONS[section.list]}
          // Only the hot list has a lobby of its own (/hot).
          link={section.list === 'hot' ? CATEGORY_ROUTES.hot : undefined}
          games={games}
          layout={section.layout}
          tile={section.tile ?? config.tile}
          eager={index < 2}
          hotBadge={section.list !== 'hot'}
        />
      );
    }
    case 'games': {
      const games = data.categories[section.category] ?? [];
      if (!games.length) return null;
      const item = state.content.game_menu.find((entry) => entry.content_id === section.category);
      const link = item?.path ?? CATEGORY_ROUTES[section.category];
      return (
        <GameSection
          list={section.category}
          title={screenTitle(link, item?.title ?? section.category)}
          icon={section.category}
          link={link}
          games={games}
          layout={section.layout}
          tile={section.tile ?? config.tile}
          eager={index < 2}
          hotBadge
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
  // Split heroes show the page's heading; every other composition keeps it for screen readers.
  const visibleTitle = data.sections.some((section) => section.kind === 'hero' && section.variant === 'split');
  return (
    <div className="home" data-family={state.family}>
      {visibleTitle ? null : <h1 className="visually-hidden">{t('home.pageTitle', { siteName: state.site.site_name })}</h1>}
      {data.sections.map((section, index) => (
        <Section key={`${section.kind}-${index}`} section={section} state={state} data={data} index={index} />
      ))}
    </div>
  );
}
