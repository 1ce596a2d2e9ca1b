import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONTENT_KINDS, type ContentKind } from '@wl/contracts';
import { t } from '../lib/i18n';
import { useMay, useOperator } from '../shell/session';
import { ContentList } from './ContentList';
import { InboxTab } from './InboxTab';
import { CmsTab } from './CmsTab';
import { SeoTab } from './SeoTab';
import { PromotionsTab } from './PromotionsTab';
import { MissionsTab } from './MissionsTab';
import { SpinTab } from './SpinTab';
import './content.css';

/*
 * The Content screen (issue 26 §2 Content; ADR 0052, 0053, 0054): one site at a time (?site=, a
 * domain of the operator's sites), a tab per part (?tab=): announcements, marquee, slides, CMS
 * pages, SEO, promotions, missions, the lucky spin, and the inbox message form.
 */

type Tab = ContentKind | 'pages' | 'seo' | 'promotions' | 'missions' | 'spin' | 'inbox';

export function ContentPage() {
  const operator = useOperator();
  const maySend = useMay('marketing.send');
  const [params, setParams] = useSearchParams();
  // The home lists, the CMS pages and SEO records (ADR 0053), promotions, missions and the lucky
  // spin (ADR 0054), and the inbox form for an operator who may send marketing.
  const tabs: Tab[] = [...CONTENT_KINDS, 'pages', 'seo', 'promotions', 'missions', 'spin', ...(maySend ? (['inbox'] as const) : [])];
  const tabParam = params.get('tab') ?? 'announcements';
  const tab: Tab = (tabs as string[]).includes(tabParam) ? (tabParam as Tab) : 'announcements';
  const siteParam = params.get('site') ?? '';
  const site = operator.sites.find((entry) => entry.domain === siteParam) ?? operator.sites[0];

  // The site in the URL once chosen (the first one by default), so the page can be linked and reloaded.
  useEffect(() => {
    if (site && siteParam !== site.domain) {
      const next = new URLSearchParams(params);
      next.set('site', site.domain);
      setParams(next, { replace: true });
    }
  }, [site, siteParam, params, setParams]);

  const chooseSite = (domain: string) => {
    const next = new URLSearchParams();
    next.set('site', domain);
    if (tab !== 'announcements') next.set('tab', tab);
    setParams(next);
  };
  const tabLink = (entry: Tab) => {
    const next = new URLSearchParams();
    if (site) next.set('site', site.domain);
    if (entry !== 'announcements') next.set('tab', entry);
    return `?${next.toString()}`;
  };

  return (
    <section aria-labelledby="content-title" className="content-page">
      <div className="page-head">
        <h1 id="content-title">{t('content.title')}</h1>
        <p>{t('content.intro')}</p>
      </div>
      {!site ? (
        <p className="note">{t('content.noSites')}</p>
      ) : (
        <>
          <form className="filters" onSubmit={(event) => event.preventDefault()}>
            <label>
              {t('content.site')}
              <select value={site.domain} onChange={(event) => chooseSite(event.target.value)}>
                {operator.sites.map((entry) => (
                  <option key={entry.external_id} value={entry.domain}>
                    {entry.site_name} ({entry.domain})
                  </option>
                ))}
              </select>
            </label>
          </form>
          <nav className="content-tabs" aria-label={t('content.sections')}>
            {tabs.map((entry) => (
              <Link key={entry} to={tabLink(entry)} aria-current={entry === tab ? 'page' : undefined} preventScrollReset>
                {t(`content.tabs.${entry}`)}
              </Link>
            ))}
          </nav>
          <div className="content-panel">
            {tab === 'pages' ? (
              <CmsTab key={site.domain} site={site.domain} params={params} setParams={setParams} />
            ) : tab === 'seo' ? (
              <SeoTab key={site.domain} site={site.domain} params={params} setParams={setParams} />
            ) : tab === 'promotions' ? (
              <PromotionsTab key={site.domain} site={site.domain} params={params} setParams={setParams} />
            ) : tab === 'missions' ? (
              <MissionsTab key={site.domain} site={site.domain} />
            ) : tab === 'spin' ? (
              <SpinTab key={site.domain} site={site.domain} />
            ) : tab === 'inbox' ? (
              <InboxTab key={site.domain} site={site.domain} siteName={site.site_name} />
            ) : (
              <ContentList key={`${site.domain}/${tab}`} kind={tab} site={site.domain} params={params} setParams={setParams} />
            )}
          </div>
        </>
      )}
    </section>
  );
}
