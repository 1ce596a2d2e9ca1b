import { Link } from 'react-router';
import type { ReadySite } from '../lib/site-state';
import { useLocale } from '../lib/use-locale';
import { useSession } from '../client/session';
import { openModal } from '../client/modals';
import { closeRewards, useLayout } from './layout-store';
import { rewardsAction } from './rewards';
import { CloseIcon, GiftIcon } from './icons';
import { useT } from '../i18n/use-t';

/**
 * docs/product.md §2: the closable rewards icon, only on sites with gamify_status on. A player gets the
 * minigame in a new tab; a guest the login modal or the /login page, by template (rewards.ts).
 */
export function RewardsButton({ state }: { state: ReadySite }) {
  const { t } = useT();
  const session = useSession();
  const { to } = useLocale();
  const closed = useLayout((layout) => layout.rewardsClosed);
  if (!state.site.gamify_status || closed) return null;

  const action = rewardsAction(session.isAuthenticated, state.template, to);
  const className = 'floating-button floating-button--rewards';
  const icon = <GiftIcon />;
  let control;
  if (action.kind === 'minigame-tab') {
    control = (
      <a className={className} href={action.href} target="_blank" rel="noopener" aria-label={t('floating.rewardsNewTab')}>
        {icon}
      </a>
    );
  } else if (action.kind === 'login-modal') {
    control = (
      <button type="button" className={className} aria-label={t('floating.rewards')} onClick={() => openModal('login')}>
        {icon}
      </button>
    );
  } else {
    control = (
      <Link className={className} to={action.href} aria-label={t('floating.rewards')}>
        {icon}
      </Link>
    );
  }
  return (
    <div className="floating-rewards" data-action={action.kind}>
      {control}
      <button type="button" className="floating-rewards__close" aria-label={t('floating.rewardsHide')} onClick={closeRewards}>
        <CloseIcon />
      </button>
    </div>
  );
}
