import { useState } from 'react';
import { useNavigate } from 'react-router';
import { guestGuardAction, type FavouriteGame } from '@wl/contracts';
import { useLocale } from '../lib/use-locale';
import { openModal } from '../client/modals';
import { useSession } from '../client/session';
import { openSignIn } from '../shell/AuthModals';
import { isFavourite, setFavourite } from './favourites';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { useT } from '../i18n/use-t';

/**
 * The heart on a game: toggles the player's favourite (optimistic, reverted on failure). A guest
 * gets the template's login behaviour instead, as the header's "Log in" does (docs/product.md D3).
 */
export function FavouriteButton({ game, className = '' }: { game: FavouriteGame; className?: string }) {
  const { t } = useT();
  const session = useSession();
  const site = useReadySite();
  const navigate = useNavigate();
  const { to } = useLocale();
  const [pending, setPending] = useState(false);
  const on = session.isAuthenticated && isFavourite(session.game_fav_list, game);

  const toggle = async () => {
    if (!session.isAuthenticated) {
      const action = site ? guestGuardAction(site.themeCode) : null;
      if (action?.kind === 'redirect-then-modal') {
        if (action.modal === 'signin') openSignIn('login');
        else openModal('login');
      } else {
        void navigate(to('/login'));
      }
      return;
    }
    // One change at a time per heart, so replies cannot land out of order.
    if (pending) return;
    setPending(true);
    await setFavourite(game, !on);
    setPending(false);
  };

  return (
    <button
      type="button"
      className={`fav-button ${className}`.trim()}
      aria-pressed={on}
      aria-label={on ? t('player.removeFavourite', { game: game.game_name }) : t('player.addFavourite', { game: game.game_name })}
      aria-busy={pending || undefined}
      data-on={on || undefined}
      onClick={() => void toggle()}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 20.3l-1.2-1.1C6.1 15 3 12.2 3 8.7 3 5.9 5.2 3.8 7.9 3.8c1.6 0 3.1.7 4.1 1.9 1-1.2 2.5-1.9 4.1-1.9 2.7 0 4.9 2.1 4.9 4.9 0 3.5-3.1 6.3-7.8 10.5L12 20.3z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
