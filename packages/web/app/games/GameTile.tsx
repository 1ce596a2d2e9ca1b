import type { CSSProperties, SyntheticEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { CATEGORY_ROUTES, PROVIDERS, type CatalogueGame, type Game } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { splitLocale } from '../lib/locale';
import { Icon } from '../shared/ui/icons';
import type { TileVariant } from '../theme/templates';
import { FavouriteButton } from '../player/FavouriteButton';
import { playnowPath } from '../shared/game-links';
import { useGameLauncher } from '../play/use-game-launcher';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { useSession } from '../client/session';

/**
 * A game as a tile shows it: the Game of docs/product.md §3, with the catalogue's extras when the list has
 * them (the lobby and the home lists do; get_hot_games answers plain games).
 */
export type TileGame = Game & Partial<Pick<CatalogueGame, 'provider_name' | 'game_placeholder' | 'hot' | 'is_new' | 'has_demo'>>;

const PROVIDER_NAMES: ReadonlyMap<string, string> = new Map(PROVIDERS.map((provider) => [provider.code, provider.name]));

/** The art's size: the generated artwork is 300 × 400; landscape and square tiles crop it. */
const ART_WIDTH = 300;
const ART_HEIGHT = 400;

/**
 * Hides an image that is still loading, so it fades in over the blur placeholder once it has
 * loaded (games.css). An image that loaded before the page hydrated is left as it is, and without
 * JavaScript no image is ever hidden.
 */
function holdUntilLoaded(image: HTMLImageElement | null): void {
  if (image && !image.complete) image.dataset.pending = '';
}

function reveal(event: SyntheticEvent<HTMLImageElement>): void {
  delete event.currentTarget.dataset.pending;
}

/** A broken image stays hidden: the placeholder is a better picture than a broken-image icon. */
function keepPlaceholder(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.dataset.failed = '';
}

/**
 * A game tile: a link that opens the game (/playnow, whose close button goes back to `from`), its
 * art over the blurred placeholder, the live, hot and new badges, and the favourite heart beside
 * the link (a button cannot sit inside a link; CSS puts it on the art's corner). The data
 * attributes name the game for tests and analytics. A guest's tile of a game with a demo opens it
 * with play money (issue 23 §2) under a "free play" badge; the others meet the guard at /playnow.
 */
export function GameTile({
  id,
  game,
  variant,
  eager = false,
  from,
  showCategory = false,
  hotBadge = true,
}: {
  /** The tile's element id, for a link to a place in a list. */
  id?: string;
  game: TileGame;
  variant: TileVariant;
  /** The first tiles of a page: their images load at once (they are the page's largest paint). */
  eager?: boolean;
  /** The locale-free path and query the game's close button returns to; the current page by default. */
  from?: string;
  /** Names the game's category on the tile (the hot lobby mixes every category). */
  showCategory?: boolean;
  /** The hot badge; a list of hot games only leaves it out. */
  hotBadge?: boolean;
}) {
  const { t } = useT();
  const { to } = useLocale();
  const location = useLocation();
  const screenTitle = useScreenTitle();
  // A guest until the stored session is read: a player's tile then links to real play again.
  const session = useSession();
  const demo = !session.isAuthenticated && game.has_demo === true;
  // Popup providers' games open in their own window within the click (docs/product.md §9 'popup').
  const launcher = useGameLauncher();
  const back = from ?? `${splitLocale(location.pathname).path}${location.search}`;
  const provider = game.provider_name ?? PROVIDER_NAMES.get(game.provider_code) ?? game.provider_code;
  const live = game.game_type === 'livecasino';
  // The placeholder is a CSS gradient of the artwork's colours (contracts' GAME_PLACEHOLDER).
  const art: CSSProperties | undefined = game.game_placeholder ? { backgroundImage: game.game_placeholder } : undefined;
  return (
    <li
      id={id}
      className="tile"
      data-tile={variant}
      data-game-type={game.game_type}
      data-provider={game.provider_code}
      data-game-code={game.game_code}
      data-hot={game.hot || undefined}
      data-demo={demo || undefined}
    >
      <Link to={to(playnowPath(game, back, { demo }))} className="tile__link" onClick={(event) => launcher.onGameClick(event, game)}>
        <span className="tile__art" style={art}>
          <img
            className="tile__img"
            src={game.game_image}
            alt=""
            width={ART_WIDTH}
            height={ART_HEIGHT}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            ref={holdUntilLoaded}
            onLoad={reveal}
            onError={keepPlaceholder}
          />
          <span className="tile__badges">
            {[
              live ? <span key="live" className="tile__badge">{t('home.live')}</span> : null,
              demo ? <span key="demo" className="tile__badge tile__badge--demo">{t('lobby.badgeDemo')}</span> : null,
              hotBadge && game.hot ? <span key="hot" className="tile__badge tile__badge--hot">{t('lobby.badgeHot')}</span> : null,
              game.is_new ? <span key="new" className="tile__badge tile__badge--new">{t('lobby.badgeNew')}</span> : null,
            ]
              .filter((badge) => badge !== null)
              // Two at most, the way to play first: a third wraps onto the art (a crash cover's multiplier).
              .slice(0, 2)}
          </span>
        </span>
        <span className="tile__caption">
          <span className="tile__name">{game.game_name}</span>
          <span className="tile__provider">
            {showCategory ? <span className="tile__category">{screenTitle(CATEGORY_ROUTES[game.game_type])}</span> : null}
            <span className="tile__provider-name">{provider}</span>
          </span>
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
