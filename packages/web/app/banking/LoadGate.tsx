import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { DataGate, LoadingCard } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';

/**
 * A banking card's loaded data (ADR 0058): the content, a failure with a retry, or "not
 * available" for a site without banking (its calls answer notFound).
 */
export function LoadGate<T>({ loaded, children }: { loaded: Loaded<T>; children: (value: T) => ReactNode }) {
  const { t } = useT();
  return (
    <DataGate loaded={loaded} failedText={t('banking.failed')} unavailable={<BankingUnavailable />}>
      {children}
    </DataGate>
  );
}

/** The quiet loading card of a banking screen while its data loads (the routes' HydrateFallback). */
export function BankingLoading() {
  const { t } = useT();
  return <LoadingCard className="banking-state" text={t('banking.loading')} />;
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
