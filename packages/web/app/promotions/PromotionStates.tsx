import { Link, useRevalidator } from 'react-router';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { KIND_PATHS, type PromotionKind } from './query';

/** The link back to the whole list of the kind. */
export function BackLink({ kind }: { kind: PromotionKind }) {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <Link to={to(KIND_PATHS[kind])} className="promo-back" data-testid="promo-back">
      <Icon name="chevronLeft" size={18} />
      <span>{kind === 'news' ? t('promotions.backToNews') : t('promotions.backToPromotions')}</span>
    </Link>
  );
}

/** Nothing running (or nothing in the chosen category): said plainly, with the way on. */
export function EmptyState({ kind, filtered }: { kind: PromotionKind; filtered: boolean }) {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <div className="promo-state-card" data-testid="promo-empty">
      <span className="promo-state-card__icon">
        <Icon name={kind === 'news' ? 'list' : 'promotions'} size={28} />
      </span>
      <h2 className="promo-state-card__title">{kind === 'news' ? t('promotions.newsEmptyTitle') : t('promotions.emptyTitle')}</h2>
      <p className="promo-state-card__lead">{filtered ? t('promotions.emptyCategoryLead') : t('promotions.emptyLead')}</p>
      <div className="promo-state-card__actions">
        {filtered ? (
          <Link to={to(KIND_PATHS[kind])} className="btn btn--primary">
            {t('promotions.showAll')}
          </Link>
        ) : (
          <Link to={to('/')} className="btn btn--primary">
            {t('promotions.backHome')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** A call that failed: try again (the loader runs again), without leaving the page. */
export function FailedState() {
  const { t } = useT();
  const revalidator = useRevalidator();
  return (
    <div className="promo-state-card" role="status" data-testid="promo-failed">
      <span className="promo-state-card__icon">
        <Icon name="clock" size={28} />
      </span>
      <h2 className="promo-state-card__title">{t('promotions.failedTitle')}</h2>
      <p className="promo-state-card__lead">{t('promotions.failedLead')}</p>
      <div className="promo-state-card__actions">
        <button type="button" className="btn btn--primary" disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
          {t('promotions.retry')}
        </button>
      </div>
    </div>
  );
}

/** An id that is no item of this kind on this site (ended and removed, mistyped, another kind's). */
export function MissingState({ kind }: { kind: PromotionKind }) {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <section className="promos promos--detail" aria-labelledby="promo-missing-title">
      <div className="promo-state-card" data-testid="promo-missing">
        <span className="promo-state-card__icon">
          <Icon name="list" size={28} />
        </span>
        <h1 id="promo-missing-title" className="promo-state-card__title">
          {kind === 'news' ? t('promotions.newsMissingTitle') : t('promotions.missingTitle')}
        </h1>
        <p className="promo-state-card__lead">{kind === 'news' ? t('promotions.newsMissingLead') : t('promotions.missingLead')}</p>
        <div className="promo-state-card__actions">
          <Link to={to(KIND_PATHS[kind])} className="btn btn--primary">
            {kind === 'news' ? t('promotions.seeAllNews') : t('promotions.seeAllPromotions')}
          </Link>
          <Link to={to('/')} className="btn btn--ghost">
            {t('promotions.backHome')}
          </Link>
        </div>
      </div>
    </section>
  );
}
