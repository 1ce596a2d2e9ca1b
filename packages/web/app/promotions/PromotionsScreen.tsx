import { useReadySite } from '../shared/hooks/use-ready-site';
import { Pagination } from '../shared/ui/Pagination';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { useLocale } from '../lib/use-locale';
import { CategoryFilter } from './CategoryFilter';
import { PromotionCard } from './PromotionCard';
import { PromotionDetail } from './PromotionDetail';
import { EmptyState, FailedState, MissingState } from './PromotionStates';
import { KIND_PATHS } from './query';
import { needsButton, type PromotionsPage } from './promotions-data';
import { useJoinedPromotions } from './use-joined';

/** /promotions and /news: the list of the URL's category and page, or the detail of ?id=. */
export function PromotionsScreen({ data }: { data: PromotionsPage | null }) {
  if (!data) return null;
  if (data.view === 'detail') return <PromotionDetail item={data.item} ended={data.ended} />;
  if (data.view === 'missing') return <MissingState kind={data.kind} />;
  return <PromotionList data={data} />;
}

function PromotionList({ data }: { data: Exclude<PromotionsPage, { view: 'detail' | 'missing' }> }) {
  const { t } = useT();
  const { to } = useLocale();
  const screenTitle = useScreenTitle();
  const site = useReadySite();
  const path = KIND_PATHS[data.kind];
  const items = data.view === 'list' ? data.items : [];
  const joined = useJoinedPromotions(items.filter(needsButton).map((item) => item.promotion_id));
  const siteName = site?.site.site_name ?? '';
  const failed = data.view === 'failed' || (data.view === 'list' && data.failed);
  // Link mode: every page is a real address (?page=), so pages work without JavaScript and can be shared.
  const pageLink = `${to(path)}?${data.view === 'list' && data.category ? `category=${data.category}&` : ''}page=[page]`;

  return (
    <section className="promos" aria-labelledby="promos-title" data-kind={data.kind}>
      <header className="promos__head">
        <h1 id="promos-title" className="screen__title">
          {screenTitle(path)}
        </h1>
        <p className="screen__lead">{data.kind === 'news' ? t('promotions.newsLead', { siteName }) : t('promotions.promotionsLead', { siteName })}</p>
      </header>
      {data.view === 'list' ? <CategoryFilter kind={data.kind} categories={data.categories} active={data.category} /> : null}
      {failed ? <FailedState /> : null}
      {!failed && data.view === 'list' && !items.length ? <EmptyState kind={data.kind} filtered={data.category !== null} /> : null}
      {items.length ? (
        <ul className="promo-grid" aria-label={data.view === 'list' && data.category ? t(`promotions.categories.${data.category}`) : screenTitle(path)}>
          {items.map((item) => (
            <PromotionCard key={item.promotion_id} item={item} joined={joined} />
          ))}
        </ul>
      ) : null}
      {data.view === 'list' ? (
        <Pagination page={data.page} total={data.total} perPage={data.pageSize} mode="link" linkUrl={pageLink} label={t('promotions.pages')} />
      ) : null}
    </section>
  );
}
