import { useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/statement';
import { LEDGER_ACCOUNT_NAMES, PAGINATION, type StatementEntry } from '@wl/contracts';
import { useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { formatCount } from '../shared/format/numbers';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { HistoryFilters } from '../history/HistoryFilters';
import { HistoryFallback, HistoryListCard, HistoryScreen, HistoryTotals } from '../history/HistoryParts';
import { Money, signOf } from '../history/Money';
import { HISTORY_TIME, accountLabel, entryTypeLabel } from '../history/labels';
import { pageLinkOf, parseStatementQuery, rangeFilters, searchOf, type LedgerAccountName, type QueryFields } from '../history/query';
import { useHistoryLoad } from '../history/use-history';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/player.css';
import '../styles/history.css';

export { screenMeta as meta } from '../seo/merge-meta';

const DEFAULTS: QueryFields = { account: 'balance' };

/** Token ledgers count tokens, not money. */
const isTokens = (account: LedgerAccountName) => account === 'tokens' || account === 'frozen_tokens';

/** The page of the URL's query, loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseStatementQuery(new URL(request.url).searchParams);
  const fields: QueryFields = { account: query.account, type: query.type, from: query.from, to: query.to, page: query.page };
  const payload = { account: query.account, ...(query.type ? { types: [query.type] } : {}), ...rangeFilters(query), page: query.page, page_size: PAGINATION.perPage };
  return { key: searchOf(fields, DEFAULTS), list: await sessionLoader('statement', payload, { signal: request.signal }) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useT();
  return <HistoryFallback id="statement" lead={t('history.statement.lead')} label={accountLabel(t, 'balance')} />;
}

/**
 * /statement: every ledger entry of the player (statement call), newest first, one page of 10 at
 * a time from the server: its type, the signed amount, the balance after it, the time and the
 * reference; filtered by ledger, type and days, every state a URL
 * (?account=tokens&type=spin&from=2026-11-01&to=2026-11-25&page=2), with the totals of every
 * matching entry.
 */
export default function StatementPage() {
  const { t } = useT();
  const session = useSession();
  const { to, path } = useLocale();
  const site = useReadySite();
  const [search] = useSearchParams();
  const query = parseStatementQuery(search);
  const fields: QueryFields = { account: query.account, type: query.type, from: query.from, to: query.to, page: query.page };
  const here = to(path);

  const { key, list } = useLoaderData<typeof clientLoader>();
  const { load, retry } = useHistoryLoad(key, list);
  useRevalidateOnPlayerChange();

  if (!session.isAuthenticated) return null;
  const reply = load.kind === 'ready' ? load.reply : null;
  const unit = isTokens(query.account) ? t('history.statement.tokenUnit') : (reply?.currency ?? site?.site.currency ?? '');
  const types = [...new Set([...(reply?.types ?? []), ...(query.type ? [query.type] : [])])];
  const filtered = query.type !== '' || query.from !== '' || query.to !== '';
  const hrefOf = (next: QueryFields) => `${here}${searchOf(next, DEFAULTS)}`;

  return (
    <HistoryScreen id="statement" lead={t('history.statement.lead')}>
      <div className="player-card">
        <HistoryFilters
          action={here}
          range={query}
          selects={[
            {
              name: 'account',
              label: t('history.statement.account'),
              value: query.account,
              choices: LEDGER_ACCOUNT_NAMES.map((account) => ({ value: account, label: accountLabel(t, account) })),
            },
            {
              name: 'type',
              label: t('history.statement.type'),
              value: query.type,
              choices: [{ value: '', label: t('history.statement.allTypes') }, ...types.map((type) => ({ value: type, label: entryTypeLabel(t, type) }))],
            },
          ]}
          // Another ledger has other types: a new ledger starts with every type.
          hrefFor={(values) => hrefOf({ ...values, type: values.account === query.account ? (values.type ?? '') : '', page: 1 })}
          clearHref={filtered ? hrefOf({ account: query.account }) : null}
        />
      </div>
      {reply ? (
        <HistoryTotals
          stale={load.kind === 'ready' && load.stale}
          items={[
            { key: 'count', label: t('history.statement.count'), value: formatCount(reply.totals.count) },
            { key: 'credits', label: t('history.statement.credits'), value: <Money amount={reply.totals.credits} currency={unit} signed /> },
            { key: 'debits', label: t('history.statement.debits'), value: <Money amount={reply.totals.debits} currency={unit} signed /> },
            { key: 'net', label: t('history.statement.net'), value: <Money amount={reply.totals.net} currency={unit} signed /> },
          ]}
        />
      ) : null}
      <HistoryListCard
        load={load}
        onRetry={retry}
        icon="list"
        label={accountLabel(t, query.account)}
        title={(total) => `${accountLabel(t, query.account)} · ${t('history.statement.entries', { count: total })}`}
        page={query.page}
        linkUrl={pageLinkOf(here, fields, DEFAULTS)}
        firstPageHref={hrefOf({ ...fields, page: 1 })}
        filtered={filtered}
        empty={{ text: t('history.statement.empty') }}
      >
        {(list) => list.value.map((entry) => <StatementRow key={entry.entry_id} entry={entry} unit={unit} />)}
      </HistoryListCard>
    </HistoryScreen>
  );
}

function StatementRow({ entry, unit }: { entry: StatementEntry; unit: string }) {
  const { t } = useT();
  const dates = useDateFormat(HISTORY_TIME);
  const sign = signOf(entry.amount);
  return (
    <li
      className="history-row"
      data-testid="statement-row"
      data-entry-id={entry.entry_id}
      data-type={entry.type}
      data-amount={entry.amount}
      data-balance-after={entry.balance_after}
    >
      <span className="history-row__icon" data-sign={sign > 0 ? 'credit' : sign < 0 ? 'debit' : undefined} aria-hidden="true">
        <Icon name={sign < 0 ? 'minus' : 'plus'} size={18} />
      </span>
      <div className="history-row__main">
        <p className="history-row__title">{entryTypeLabel(t, entry.type)}</p>
        <p className="history-row__meta">
          <time dateTime={entry.created_at}>{dates.format(new Date(entry.created_at))}</time>
        </p>
        {entry.reference ? (
          <p className="history-row__meta history-row__reference">
            <span className="history-row__label">{t('history.statement.reference')}</span> <span className="history-row__code">{entry.reference}</span>
          </p>
        ) : null}
      </div>
      <div className="history-row__figures">
        <Money amount={entry.amount} currency={unit} signed className="history-row__amount" />
        <span className="history-row__after">
          <span className="history-row__label">{t('history.statement.balanceAfter')}</span>{' '}
          <Money amount={entry.balance_after} currency={unit} />
        </span>
      </div>
    </li>
  );
}
