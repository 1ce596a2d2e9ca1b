import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORY_ROUTES, type Game, type MenuItem } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { Icon } from '../frame/icons';
import type { GameListKey, TileVariant } from '../theme/templates';
import { gameLink } from './home-data';
import { FavouriteButton } from '../player/FavouriteButton';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';

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

/**
 * A game tile: a link to the game's lobby filtered to its provider (the launch comes later), and
 * the favourite heart beside it (a button cannot sit inside a link; CSS puts it on the art's corner).
 */
export function GameTile({ game, gameMenu, variant, eager }: { game: Game; gameMenu: MenuItem[]; variant: TileVariant; eager?: boolean }) {
  const { t } = useT();
  const { to } = useLocale();
  const { path, provider } = gameLink(game, gameMenu);
  return (
    <li className="tile" data-tile={variant}>
      <Link to={to(path)} className="tile__link">
        <span className="tile__art">
          <img src={game.game_image} alt="" width={300} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" />
          {game.game_type === 'livecasino' ? <span className="tile__badge">{t('home.live')}</span> : null}
        </span>
        <span className="tile__caption">
          <span className="tile__name">{game.game_name}</span>
          <span className="tile__provider">{provider}</span>
        </span>
        {variant === 'list' ? (
          <span className="tile__go">
            <Icon name="chevronRight" size={18} />
          </span>
        ) : null}
      </Link>
      <FavouriteButton
        className="tile__fav"
        game={{
          provider_code: game.provider_code,
          game_code: game.game_code,
          game_name: game.game_name,
          game_type: game.game_type,
          img_url: game.game_image,
        }}
      />
    </li>
  );
}

/** Arrow buttons that scroll a row of tiles by about a screen. */
function RowArrows({ target }: { target: React.RefObject<HTMLUListElement | null> }) {
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

/** A list of games (hot, or one category) as a scrolling row, a grid, or a grid led by one big tile. */
export function GameSection({
  list,
  games,
  gameMenu,
  layout,
  limit,
  tile,
  eager,
}: {
  list: GameListKey;
  games: Game[];
  gameMenu: MenuItem[];
  layout: 'row' | 'grid' | 'spotlight';
  limit: number;
  tile: TileVariant;
  eager: boolean;
}) {
  const screenTitle = useScreenTitle();
  const { t } = useT();
  const row = useRef<HTMLUListElement>(null);
  const category = gameMenu.find((item) => item.content_id === list);
  const title = list === 'hot' ? t('home.hotGames') : screenTitle(category?.path ?? '', category?.title ?? list);
  const id = `games-${list}`;
  return (
    <section className="home-section games" data-list={list} data-layout={layout} aria-labelledby={id}>
      <SectionHead
        id={id}
        title={title}
        icon={list}
        link={category?.path ?? CATEGORY_ROUTES[list]}
        linkLabel={title}
        controls={layout === 'row' ? <RowArrows target={row} /> : null}
      />
      <ul
        className={`tiles tiles--${layout}`}
        data-tile={tile}
        ref={row}
        // Spotlight: the big tile takes two columns and two rows, the rest fill two rows beside it.
        style={layout === 'spotlight' ? ({ '--spot-cols': 2 + Math.ceil((Math.min(limit, games.length) - 1) / 2) } as CSSProperties) : undefined}
      >
        {games.slice(0, limit).map((game, index) => (
          <GameTile key={`${game.provider_code}:${game.game_code}`} game={game} gameMenu={gameMenu} variant={tile} eager={eager && index < 6} />
        ))}
      </ul>
    </section>
  );
}
