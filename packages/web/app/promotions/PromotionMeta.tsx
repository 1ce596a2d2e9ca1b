import { contentLang, type LocaleCode } from '@wl/contracts';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import type { PromotionItem } from './promotions-data';

/** The language attribute of an item's texts when they are not in the page's language (the English fallback). */
export function textLang(item: Pick<PromotionItem, 'language'>, locale: LocaleCode): string | undefined {
  return contentLang(item.language) !== contentLang(locale) ? contentLang(item.language) : undefined;
}

/** The category badge and the period of an item ("12 Nov 2026 – 31 Dec 2026", or "From 12 Nov 2026 · Ongoing"). */
export function PromotionMeta({ item, ended = false }: { item: PromotionItem; ended?: boolean }) {
  const { t } = useT();
  const { start, end } = item.period;
  return (
    <div className="promo-meta">
      <span className="promo-badge" data-category={item.category}>
        {t(`promotions.categories.${item.category}`)}
      </span>
      <span className="promo-period" data-testid="promo-period">
        <Icon name="clock" size={16} />
        <span>{end ? t('promotions.period', { start, end }) : t('promotions.since', { start })}</span>
        {end ? null : <span className="promo-period__open">{t('promotions.ongoing')}</span>}
      </span>
      {ended ? <span className="promo-badge promo-badge--ended">{t('promotions.ended')}</span> : null}
    </div>
  );
}
