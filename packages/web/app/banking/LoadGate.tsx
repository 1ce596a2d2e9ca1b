import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../frame/icons';
import { RetryNote } from '../player/RetryNote';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import type { Load } from './use-session-call';

/**
 * A banking card's request: a quiet loading note, a failure with a retry, "not available" for a
 * site without banking, and the content once the reply is there.
 */
export function LoadGate<T>({ load, retry, children }: { load: Load<T>; retry: () => void; children: (value: T) => ReactNode }) {
  const { t } = useT();
  if (load.kind === 'ready') return <>{children(load.value)}</>;
  if (load.kind === 'loading') {
    return (
      <div className="player-card banking-state" aria-busy="true">
        <p className="player-card__note">{t('banking.loading')}</p>
      </div>
    );
  }
  if (load.kind === 'unavailable') return <BankingUnavailable />;
  return (
    <div className="player-card">
      <RetryNote text={t('banking.failed')} retryLabel={t('player.retry')} onRetry={retry} />
    </div>
  );
}

/**
 * Why a banking screen cannot go on yet (no banking, no full name, no account, the most accounts)
 * and the one link that helps: an icon, a title, a lead and the link.
 */
export function BankingStateCard({ icon, title, lead, link, testId }: { icon: string; title: string; lead: string; link: ReactNode; testId: string }) {
  return (
    <div className="player-card banking-state" data-testid={testId}>
      <span className="banking-state__icon" aria-hidden="true">
        <Icon name={icon} size={28} />
      </span>
      <h2 className="banking-state__title">{title}</h2>
      <p className="banking-state__lead">{lead}</p>
      {link}
    </div>
  );
}

/** A site whose operator has not set banking up: say so, and where to ask. */
export function BankingUnavailable() {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <BankingStateCard
      testId="banking-unavailable"
      icon="bank"
      title={t('banking.unavailableTitle')}
      lead={t('banking.unavailableLead')}
      link={
        <Link to={to('/contact-us')} className="btn btn--ghost">
          {t('_m:contact-us')}
        </Link>
      }
    />
  );
}
