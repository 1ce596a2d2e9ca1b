import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../lib/use-locale';
import { Icon } from '../shared/ui/icons';
import type { TileVariant } from '../theme/templates';
import type { GameLayout } from './sections';
import { GameTile, type TileGame } from '../games/GameTile';
import { useT } from '../i18n/use-t';
import { gridFit } from './tile-grid';

/** A section's heading row: icon, title, optional subtitle, arrows for rows, and "See all". */
export function SectionHead({
  id,
  title,
  icon,
  subtitle,
  link,
  linkLabel,
  controls,
}: {
  id: string;
  title: string;
  icon?: string;
  subtitle?: string;
  link?: string;
  linkLabel?: string;
  controls?: ReactNode;
}) {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <div className="section-head">
      <h2 id={id} className="section-title">
        {icon ? (
          <span className="section-title__icon">
            <Icon name={icon} size={20} />
          </span>
        ) : null}
        <span>{title}</span>
      </h2>
      {subtitle ? <p className="section-head__subtitle">{subtitle}</p> : null}
      <div className="section-head__end">
        {controls}
        {link ? (
          <Link to={to(link)} className="section-head__link">
            {t('home.seeAll')}
            {/* The visible text starts the link's name; the rest says what it leads to. */}
            {linkLabel ? <span className="visually-hidden"> {linkLabel}</span> : null}
            <Icon name="arrowRight" size={16} />
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** Arrow buttons that scroll a row of tiles by about a screen. */
export function RowArrows({ target }: { target: React.RefObject<HTMLUListElement | null> }) {
  const { t } = useT();
  const scroll = (direction: number) => {
    const element = target.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.85, behavior: 'smooth' });
  };
  return (
    <span className="row-arrows">
      <button type="button" className="icon-button row-arrows__button" aria-label={t('home.scrollBack')} onClick={() => scroll(-1)}>
        <Icon name="chevronLeft" size={18} />
      </button>
      <button type="button" className="icon-button row-arrows__button" aria-label={t('home.scrollOn')} onClick={() => scroll(1)}>
        <Icon name="chevronRight" size={18} />
      </button>
    </span>
  );
}

/** The tiles' layout style: a grid's columns fitted to its size; a spotlight's columns for two rows beside its big tile. */
function tilesStyle(layout: GameLayout, count: number, tile: TileVariant): CSSProperties | undefined {
  if (layout === 'grid') return gridFit(count, tile);
  if (layout === 'spotlight') return { '--spot-cols': 2 + Math.ceil((count - 1) / 2) } as CSSProperties;
  return undefined;
}

/**
 * A list of games (a curated list or one category's) as a scrolling row, a grid, or a grid led by
 * one big tile. Every game given is shown: the caller decides how many.
 */
export function GameSection({
  list,
  title,
  icon,
  link,
  games,
  layout,
  tile,
  eager,
  hotBadge,
}: {
  /** The list's key (hot, featured, livecasino...), for the heading's id and data-list. */
  list: string;
  title: string;
  icon: string;
  /** The lobby the "See all" link leads to, if the list has one. */
  link?: string;
  games: TileGame[];
  layout: GameLayout;
  tile: TileVariant;
  eager: boolean;
  /** Hot badges on the tiles (left out of the hot list, where every game is hot). */
  hotBadge: boolean;
}) {
  const row = useRef<HTMLUListElement>(null);
  const id = `games-${list}`;
  return (
    <section className="home-section games" data-list={list} data-layout={layout} aria-labelledby={id}>
      <SectionHead id={id} title={title} icon={icon} link={link} linkLabel={title} controls={layout === 'row' ? <RowArrows target={row} /> : null} />
      <ul className={`tiles tiles--${layout}`} data-tile={tile} ref={row} style={tilesStyle(layout, games.length, tile)}>
        {games.map((game, index) => (
          <GameTile key={`${game.provider_code}:${game.game_code}`} game={game} variant={tile} eager={eager && index < 6} hotBadge={hotBadge} />
        ))}
      </ul>
    </section>
  );
}
