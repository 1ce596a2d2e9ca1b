import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGINATION } from '@wl/contracts';
import { Icon } from '../shared/ui/icons';
import { formatCount } from '../shared/format/numbers';
import { useT } from '../i18n/use-t';
import { useScreenTitle } from '../i18n/screen-titles';
import { useLocale } from '../lib/use-locale';
import { Pagination } from '../shared/ui/Pagination';
import { paginationModel } from '../shared/ui/pagination';
import type { HistoryLoad } from './use-history';

/** The three records screens, in the order the links between them show. */
const RECORD_SCREENS = ['/statement', '/transaction-history', '/bet-history'] as const;

/**
 * A records screen: its title and lead, links to the other two records screens, and its
 * content (filters, totals, the list).
 */
export function HistoryScreen({ id, lead, children }: { id: string; lead: string; children: ReactNode }) {
  const { t } = useT();
  const { path, to } = useLocale();
  const screenTitle = useScreenTitle();
  return (
    <section className="player-screen history" aria-labelledby={`${id}-title`} data-testid={id}>
      <header className="history__head">
        <div className="player-screen__head">
          <h1 id={`${id}-title`} className="screen__title">
            {screenTitle(path)}
          </h1>
          <p className="screen__lead">{lead}</p>
        </div>
        <nav className="history__screens" aria-label={t('history.records')}>
          {RECORD_SCREENS.filter((screen) => screen !== path).map((screen) => (
            <Link key={screen} to={to(screen)} className="btn btn--ghost history__screen-link">
              {screenTitle(screen)}
              <Icon name="chevronRight" size={16} />
            </Link>
          ))}
        </nav>
      </header>
      {children}
    </section>
  );
}

export interface HistoryTab {
  key: string;
  label: string;
  href: string;
  current: boolean;
}

/** Tabs that are links (every tab is a URL of the screen); the current one is marked for screen readers too. */
export function HistoryTabs({ label, tabs }: { label: string; tabs: HistoryTab[] }) {
  return (
    <nav className="history-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.href}
          className="history-tabs__tab"
          aria-current={tab.current ? 'page' : undefined}
          data-tab={tab.key}
          preventScrollReset
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export interface TotalItem {
  key: string;
  label: string;
  value: ReactNode;
}

/** The totals of every row matching the filters (every page), from the reply. */
export function HistoryTotals({ items, stale }: { items: TotalItem[]; stale: boolean }) {
  const { t } = useT();
  return (
    <section className="history-totals" aria-label={t('history.totals')} data-stale={stale || undefined}>
      <dl className="history-totals__list" data-testid="history-totals">
        {items.map((item) => (
          <div className="history-totals__item" key={item.key} data-total={item.key}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The first load: placeholder rows, announced as loading. */
export function HistoryLoading() {
  const { t } = useT();
  return (
    <div className="history-loading" role="status" data-testid="history-loading">
      <span className="visually-hidden">{t('history.loading')}</span>
      {[0, 1, 2].map((row) => (
        <span key={row} className="history-loading__row" aria-hidden="true" />
      ))}
    </div>
  );
}

/** The list could not be loaded: say so, and offer to ask again. */
export function HistoryFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className="history-state" role="alert" data-testid="history-failed">
      <span className="history-state__icon">
        <Icon name="clock" size={26} />
      </span>
      <p className="history-state__text">{t('history.failed')}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t('history.retry')}
      </button>
    </div>
  );
}

/**
 * Nothing to list: nothing at all yet (with a way on), nothing matching the filters, or a page
 * past the last (a link from when there were more rows).
 */
export function HistoryEmpty({
  icon,
  text,
  filtered,
  beyondLast,
  firstPageHref,
  action,
}: {
  icon: string;
  text: string;
  filtered: boolean;
  beyondLast: boolean;
  firstPageHref: string;
  action?: { href: string; label: string } | undefined;
}) {
  const { t } = useT();
  return (
    <div className="history-state" data-testid="history-empty">
      <span className="history-state__icon">
        <Icon name={icon} size={26} />
      </span>
      <p className="history-state__text">{beyondLast ? t('history.emptyPage') : filtered ? t('history.emptyFiltered') : text}</p>
      {beyondLast ? (
        <Link to={firstPageHref} className="btn btn--primary">
          {t('history.firstPage')}
        </Link>
      ) : !filtered && action ? (
        <Link to={action.href} className="btn btn--primary">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/** Under the list: which rows of how many are shown, and the pagination widget in link mode. */
export function HistoryFooter({ page, total, linkUrl }: { page: number; total: number; linkUrl: string }) {
  const { t } = useT();
  const model = paginationModel({ page, total, perPage: PAGINATION.perPage, mode: 'link', linkUrl });
  if (!total) return null;
  return (
    <footer className="history-footer">
      <p className="history-footer__range" data-testid="history-range">
        {t('history.showing', { from: formatCount(model.from), to: formatCount(model.to), total: formatCount(total) })}
      </p>
      <Pagination page={page} total={total} perPage={PAGINATION.perPage} mode="link" linkUrl={linkUrl} />
    </footer>
  );
}

/**
 * The list of a records screen in its card: the first load, the failure with its retry, the
 * empty states, and the rows of the page asked for (dimmed while the next page or filter
 * loads) with the range shown and the pagination widget.
 */
export function HistoryListCard<T extends { total: number; value: unknown[] }>({
  load,
  onRetry,
  icon,
  label,
  title,
  page,
  linkUrl,
  firstPageHref,
  filtered,
  empty,
  children,
}: {
  load: HistoryLoad<T>;
  onRetry: () => void;
  icon: string;
  /** The card's title until the first reply. */
  label: string;
  /** The card's title with the count of matching rows. */
  title: (total: number) => string;
  page: number;
  linkUrl: string;
  firstPageHref: string;
  filtered: boolean;
  empty: { text: string; action?: { href: string; label: string } | undefined };
  children: (reply: T) => ReactNode;
}) {
  const id = useId();
  const ready = load.kind === 'ready' ? load : null;
  const rows = ready?.reply.value.length ?? 0;
  return (
    <section
      className="player-card history-list"
      aria-labelledby={id}
      aria-busy={load.kind === 'loading' || ready?.stale === true}
      data-testid="history-list"
      data-state={ready ? (ready.stale ? 'stale' : 'ready') : load.kind}
      data-for={ready?.key}
    >
      <h2 className="player-card__title history-list__title" id={id}>
        <Icon name={icon} size={20} />
        {ready ? title(ready.reply.total) : label}
      </h2>
      {load.kind === 'loading' ? <HistoryLoading /> : null}
      {load.kind === 'failed' ? <HistoryFailed onRetry={onRetry} /> : null}
      {ready && !rows ? (
        <HistoryEmpty
          icon={icon}
          text={empty.text}
          action={empty.action}
          filtered={filtered}
          beyondLast={ready.reply.total > 0}
          firstPageHref={firstPageHref}
        />
      ) : null}
      {ready && rows ? (
        <>
          <ol className="history-list__rows" data-stale={ready.stale || undefined}>
            {children(ready.reply)}
          </ol>
          <HistoryFooter page={page} total={ready.reply.total} linkUrl={linkUrl} />
        </>
      ) : null}
    </section>
  );
}

/** A records screen while its route's data loads (its HydrateFallback): the screen and the loading rows. */
export function HistoryFallback({ id, lead, label }: { id: string; lead: string; label: string }) {
  const titleId = useId();
  return (
    <HistoryScreen id={id} lead={lead}>
      <section className="player-card history-list" aria-labelledby={titleId} aria-busy="true" data-testid="history-list" data-state="loading">
        <h2 className="player-card__title history-list__title" id={titleId}>
          {label}
        </h2>
        <HistoryLoading />
      </section>
    </HistoryScreen>
  );
}
