import { Link } from 'react-router';
import { useLocale } from '../lib/use-locale';
import { useT } from '../i18n/use-t';
import { KIND_PATHS, listSearch, type PromotionCategory, type PromotionKind } from './query';

/**
 * The category filter: "All" and a chip per category that has items. Each chip is a link (the
 * filter lives in the URL: shareable, and it works before or without JavaScript); choosing one
 * starts again at the first page. The active chip is marked for sight and for screen readers.
 */
export function CategoryFilter({
  kind,
  categories,
  active,
}: {
  kind: PromotionKind;
  categories: readonly PromotionCategory[];
  active: PromotionCategory | null;
}) {
  const { t } = useT();
  const { to } = useLocale();
  // The active category stays offered even when it has nothing running now (an old shared link).
  const shown = active && !categories.includes(active) ? [...categories, active] : categories;
  if (shown.length < 2 && !active) return null;
  const chip = (category: PromotionCategory | null) => (
    <li key={category ?? 'all'}>
      <Link
        to={`${to(KIND_PATHS[kind])}${listSearch({ category })}`}
        className="promo-chip"
        aria-current={active === category ? 'page' : undefined}
        data-category={category ?? 'all'}
        preventScrollReset
      >
        {category ? t(`promotions.categories.${category}`) : t('promotions.all')}
      </Link>
    </li>
  );
  return (
    <nav className="promo-filter" aria-label={t('promotions.filter')}>
      <ul className="promo-filter__list">
        {chip(null)}
        {shown.map(chip)}
      </ul>
    </nav>
  );
}
