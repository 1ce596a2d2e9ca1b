import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { JoinAction, rewardText } from './JoinAction';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from './PromotionCard';
import { PromotionMeta, textLang } from './PromotionMeta';
import { BackLink } from './PromotionStates';
import { needsButton, type PromotionDetailItem } from './promotions-data';
import { useJoinedPromotions } from './use-joined';

/**
 * One promotion or news item (?id=): banner, category and period, title, summary, the join or
 * claim panel when the item needs one, and its body (operator HTML, sanitised by the API and again
 * by the web server before it reaches this component).
 */
export function PromotionDetail({ item, ended }: { item: PromotionDetailItem; ended: boolean }) {
  const { t } = useT();
  const { locale } = useLocale();
  const site = useReadySite();
  const joined = useJoinedPromotions(needsButton(item) ? [item.promotion_id] : []);
  const reward = rewardText(t, item, site?.site.currency ?? '');
  const lang = textLang(item, locale);
  return (
    <article className="promos promos--detail promo-detail" aria-labelledby="promo-detail-title" data-testid="promo-detail" data-promotion-id={item.promotion_id}>
      <BackLink kind={item.kind} />
      <div className="promo-detail__card">
        <img className="promo-detail__image" src={item.image_url} alt={item.title} width={IMAGE_WIDTH} height={IMAGE_HEIGHT} fetchPriority="high" />
        <div className="promo-detail__content">
          <PromotionMeta item={item} ended={ended} />
          <h1 id="promo-detail-title" className="screen__title promo-detail__title" lang={lang}>
            {item.title}
          </h1>
          <p className="promo-detail__summary" lang={lang}>
            {item.summary}
          </p>
          {needsButton(item) ? (
            <div className="promo-detail__cta">
              <p className="promo-reward">
                <Icon name="gift" size={20} />
                <span>{reward ? t('promotions.reward', { reward }) : item.claim_type === 'join' ? t('promotions.joinLead') : t('promotions.claimLead')}</span>
              </p>
              <JoinAction item={item} state={joined} ended={ended} />
              {joined.status === 'guest' && !ended ? <p className="promo-detail__hint">{t('promotions.guestHint')}</p> : null}
            </div>
          ) : null}
          {item.body ? <div className="cms-body promo-detail__body" lang={lang} data-testid="promo-body" dangerouslySetInnerHTML={{ __html: item.body }} /> : null}
        </div>
      </div>
    </article>
  );
}
