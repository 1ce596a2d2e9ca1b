import { Link } from 'react-router';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { JoinAction, rewardText } from './JoinAction';
import { PromotionMeta, textLang } from './PromotionMeta';
import { detailSearch, KIND_PATHS } from './query';
import type { PromotionItem } from './promotions-data';
import type { JoinedPromotions } from './use-joined';

/** The banners are 3:1 artwork (1200 × 400): the box is reserved before the image arrives. */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 400;

/**
 * One item of the list: banner, category, period, title (the link to its detail view, stretched
 * over the card so the whole card opens it), summary, reward, and the join button when it needs one.
 */
export function PromotionCard({ item, joined }: { item: PromotionItem; joined: JoinedPromotions }) {
  const { t } = useT();
  const { locale, to } = useLocale();
  const site = useReadySite();
  const titleId = `promo-${item.promotion_id}-title`;
  const reward = rewardText(t, item, site?.site.currency ?? '');
  return (
    <li className="promo-card-item">
      <article className="promo-card" aria-labelledby={titleId} data-testid="promo-card" data-promotion-id={item.promotion_id} data-category={item.category}>
        <div className="promo-card__media">
          <img src={item.image_url} alt={item.title} width={IMAGE_WIDTH} height={IMAGE_HEIGHT} loading="lazy" decoding="async" />
        </div>
        <div className="promo-card__body" lang={textLang(item, locale)}>
          <PromotionMeta item={item} />
          <h2 className="promo-card__title" id={titleId}>
            <Link to={`${to(KIND_PATHS[item.kind])}${detailSearch(item.promotion_id)}`} className="promo-card__link">
              {item.title}
            </Link>
          </h2>
          <p className="promo-card__summary">{item.summary}</p>
          {reward || item.claim_type !== 'none' ? (
            <div className="promo-card__actions">
              {reward ? (
                <p className="promo-reward">
                  <Icon name="gift" size={18} />
                  <span>{t('promotions.reward', { reward })}</span>
                </p>
              ) : null}
              <JoinAction item={item} state={joined} describedBy={titleId} />
            </div>
          ) : null}
        </div>
      </article>
    </li>
  );
}
