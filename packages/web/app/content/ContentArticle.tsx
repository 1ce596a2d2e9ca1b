import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { contentLang } from '@wl/contracts';
import type { ContentPageData } from './content-page.server';
import type { FaqItem, FaqPart } from './cms-body';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { useLocale } from '../lib/use-locale';

/**
 * A content page as the player sees it (docs/product.md §2): its title, then `children` (what a
 * page adds above the operator's text, e.g. /responsible-gaming's own tools), then the site's CMS
 * body in the player's language, else in English (cms-body.ts), sanitised on the server; a FAQ body
 * as an accordion of questions; a friendly empty state when the page has nothing else to show; and
 * `after` (what a page adds under the text, e.g. /banking's methods).
 */
export function ContentArticle({ data, children, after }: { data: ContentPageData; children?: ReactNode; after?: ReactNode }) {
  const { path, locale } = useLocale();
  const screenTitle = useScreenTitle();
  // The body's own language when it is not the page's (an English body on a Vietnamese page).
  const bodyLang = 'lang' in data && data.lang !== contentLang(locale) ? data.lang : undefined;
  return (
    <article className="content-page" aria-labelledby="content-title" data-content={data.kind}>
      <h1 id="content-title" className="screen__title content-page__title">
        {screenTitle(path)}
      </h1>
      {children}
      {data.kind === 'page' ? (
        <div className="content-page__card">
          <div className="cms-body" lang={bodyLang} dangerouslySetInnerHTML={{ __html: data.html }} />
        </div>
      ) : null}
      {data.kind === 'faq' ? <Faq parts={data.parts} lang={bodyLang} /> : null}
      {data.kind === 'empty' && !children && !after ? <EmptyState /> : null}
      {data.kind === 'failed' ? <FailedState /> : null}
      {after}
    </article>
  );
}

function Faq({ parts, lang }: { parts: FaqPart[]; lang: string | undefined }) {
  return (
    <div className="content-page__card faq" lang={lang}>
      {parts.map((part, index) =>
        part.kind === 'html' ? (
          <div key={index} className="cms-body" dangerouslySetInnerHTML={{ __html: part.html }} />
        ) : (
          <FaqList key={index} items={part.items} />
        ),
      )}
    </div>
  );
}

/**
 * The questions as disclosure widgets (<details>/<summary>): the browser makes each summary a
 * button that says whether it is expanded, opens it with the keyboard, works before the page's
 * scripts run, and opens the answer that holds a find-in-page match.
 */
function FaqList({ items }: { items: FaqItem[] }) {
  const { t } = useT();
  return (
    <ul className="faq__list" aria-label={t('content.faqList')}>
      {items.map((item, index) => (
        <li key={index} className="faq__item">
          <details className="faq__details" data-testid="faq-item">
            <summary className="faq__question">
              <span>{item.question}</span>
              <Icon name="plus" size={20} />
            </summary>
            <div className="faq__answer cms-body" dangerouslySetInnerHTML={{ __html: item.answer }} />
          </details>
        </li>
      ))}
    </ul>
  );
}

function EmptyState() {
  const { t } = useT();
  const { to } = useLocale();
  return (
    <div className="content-page__card content-state" data-testid="content-empty">
      <span className="content-state__icon">
        <Icon name="list" size={28} />
      </span>
      <h2 className="content-state__title">{t('content.emptyTitle')}</h2>
      <p className="content-state__lead">{t('content.emptyLead')}</p>
      <div className="content-state__actions">
        <Link to={to('/')} className="btn btn--primary">
          {t('content.backHome')}
        </Link>
        <Link to={to('/contact-us')} className="btn btn--ghost">
          {t('_m:contact-us')}
        </Link>
      </div>
    </div>
  );
}

function FailedState() {
  const { t } = useT();
  const revalidator = useRevalidator();
  return (
    <div className="content-page__card content-state" role="status">
      <span className="content-state__icon">
        <Icon name="clock" size={28} />
      </span>
      <h2 className="content-state__title">{t('content.failedTitle')}</h2>
      <p className="content-state__lead">{t('content.failedLead')}</p>
      <div className="content-state__actions">
        <button type="button" className="btn btn--primary" disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
          {t('content.retry')}
        </button>
      </div>
    </div>
  );
}
