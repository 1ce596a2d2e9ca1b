import { Link } from 'react-router';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';

type RewardsPath = '/spin' | '/mission' | '/leaderboard';

/** A rewards screen's heading and lead, with links to the other rewards screens beside them. */
export function RewardsHead({ id, title, lead, links }: { id: string; title: string; lead: string; links: readonly RewardsPath[] }) {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <header className="player-screen__head rewards-screen__head">
      <div>
        <h1 id={id} className="screen__title">
          {title}
        </h1>
        <p className="screen__lead">{lead}</p>
      </div>
      <nav className="rewards-screen__links" aria-label={t('rewards.moreRewards')}>
        {links.map((path) => (
          <Link key={path} to={to(path)} className="btn btn--ghost">
            {t(`_m:${path.slice(1) as RewardsPath extends `/${infer Name}` ? Name : never}`)}
          </Link>
        ))}
      </nav>
    </header>
  );
}
