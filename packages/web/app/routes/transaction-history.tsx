import type { ReactNode } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/transaction-history';
import {
  PAGINATION,
  PAYMENT_STATUSES,
  type DepositRecord,
  type DepositsReply,
  type WithdrawalRecord,
  type WithdrawalsReply,
} from '@wl/contracts';
import { useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { formatCount } from '../shared/format/numbers';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { HistoryFilters } from '../history/HistoryFilters';
import { HistoryFallback, HistoryListCard, HistoryScreen, HistoryTabs, HistoryTotals } from '../history/HistoryParts';
import { Money } from '../history/Money';
import { StatusBadge } from '../shared/ui/StatusBadge';
import { HISTORY_TIME, paymentStatusLabel } from '../history/labels';
import { MaskedNumber } from '../shared/ui/MaskedNumber';
import { pageLinkOf, parseTransactionQuery, rangeFilters, searchOf, type PaymentKind, type QueryFields } from '../history/query';
import { useHistoryLoad } from '../history/use-history';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/player.css';
import '../styles/history.css';

export { screenMeta as meta } from '../seo/merge-meta';

const DEFAULTS: QueryFields = { kind: 'deposit' };

type PaymentList = { kind: 'deposit'; reply: DepositsReply } | { kind: 'withdrawal'; reply: WithdrawalsReply };
/** What the list card reads: the reply's page and counts, with which kind it holds. */
type Listed = { total: number; value: (DepositRecord | WithdrawalRecord)[]; list: PaymentList };

/** The page of the URL's query (deposits or withdrawals), loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { signal } = request;
  const query = parseTransactionQuery(new URL(request.url).searchParams);
  const fields: QueryFields = { kind: query.kind, status: query.status, from: query.from, to: query.to, page: query.page };
  const payload = { ...(query.status ? { status: query.status } : {}), ...rangeFilters(query), page: query.page, page_size: PAGINATION.perPage };
  const listed = <R extends DepositsReply | WithdrawalsReply>(loaded: Loaded<R>, list: (reply: R) => PaymentList): Loaded<Listed> =>
    loaded.kind === 'ready' ? { kind: 'ready', value: { total: loaded.value.total, value: loaded.value.value, list: list(loaded.value) } } : loaded;
  const list =
    query.kind === 'withdrawal'
      ? listed(await sessionLoader('withdrawals', payload, { signal }), (reply) => ({ kind: 'withdrawal', reply }))
      : listed(await sessionLoader('deposits', payload, { signal }), (reply) => ({ kind: 'deposit', reply }));
  return { key: searchOf(fields, DEFAULTS), list };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useT();
  return <HistoryFallback id="transaction-history" lead={t('history.transactions.lead')} label={t('history.transactions.deposits')} />;
}

/**
 * /transaction-history: the player's deposits and withdrawals (deposits and withdrawals calls) on
 * two tabs, by status and days, one page of 10 at a time from the server, every state a URL
 * (?kind=withdrawal&status=rejected&from=2026-11-01&page=2): the reference, amount, status, the
 * method or the bank account (its number masked but for the last four digits), when it was asked
 * for and decided, a rejection's reason; with the count and sum of every matching request.
 */
export default function TransactionHistoryPage() {
  const { t } = useT();
  const session = useSession();
  const { to, path } = useLocale();
  const site = useReadySite();
  const [search] = useSearchParams();
  const query = parseTransactionQuery(search);
  const fields: QueryFields = { kind: query.kind, status: query.status, from: query.from, to: query.to, page: query.page };
  const here = to(path);

  const { key, list: loaded } = useLoaderData<typeof clientLoader>();
  const { load, retry } = useHistoryLoad(key, loaded);
  useRevalidateOnPlayerChange();

  if (!session.isAuthenticated) return null;
  const ready = load.kind === 'ready' ? load : null;
  // A reply of the other tab, still on screen while this one loads, is not shown under this tab.
  const list = ready && ready.reply.list.kind === query.kind ? ready.reply.list : null;
  const filtered = query.status !== '' || query.from !== '' || query.to !== '';
  const hrefOf = (next: QueryFields) => `${here}${searchOf(next, DEFAULTS)}`;
  const tabLoad = list || !ready ? load : ({ kind: 'loading' } as const);
  const isDeposit = query.kind === 'deposit';

  return (
    <HistoryScreen id="transaction-history" lead={t('history.transactions.lead')}>
      <HistoryTabs
        label={t('history.transactions.kinds')}
        tabs={(['deposit', 'withdrawal'] as PaymentKind[]).map((kind) => ({
          key: kind,
          label: kind === 'deposit' ? t('history.transactions.deposits') : t('history.transactions.withdrawals'),
          // The tab keeps the status and days: the same question about the other kind.
          href: hrefOf({ ...fields, kind, page: 1 }),
          current: kind === query.kind,
        }))}
      />
      <div className="player-card">
        <HistoryFilters
          action={here}
          range={query}
          selects={[
            {
              name: 'status',
              label: t('history.transactions.status'),
              value: query.status,
              choices: [
                { value: '', label: t('history.transactions.allStatuses') },
                ...PAYMENT_STATUSES.map((status) => ({ value: status, label: paymentStatusLabel(t, status) })),
              ],
            },
          ]}
          hrefFor={(values) => hrefOf({ ...values, kind: query.kind, page: 1 })}
          clearHref={filtered ? hrefOf({ kind: query.kind }) : null}
        />
      </div>
      {list ? (
        <HistoryTotals
          stale={ready?.stale ?? false}
          items={[
            { key: 'count', label: t('history.transactions.count'), value: formatCount(list.reply.totals.count) },
            {
              key: 'amount',
              label: t('history.transactions.amount'),
              value: <Money amount={list.reply.totals.amount} currency={list.reply.value[0]?.currency ?? site?.site.currency ?? ''} />,
            },
          ]}
        />
      ) : null}
      <HistoryListCard
        load={tabLoad}
        onRetry={retry}
        icon={isDeposit ? 'plus' : 'wallet'}
        label={isDeposit ? t('history.transactions.deposits') : t('history.transactions.withdrawals')}
        title={(total) =>
          `${isDeposit ? t('history.transactions.deposits') : t('history.transactions.withdrawals')} · ${t('history.transactions.requests', { count: total })}`
        }
        page={query.page}
        linkUrl={pageLinkOf(here, fields, DEFAULTS)}
        firstPageHref={hrefOf({ ...fields, page: 1 })}
        filtered={filtered}
        empty={{
          text: isDeposit ? t('history.transactions.emptyDeposits') : t('history.transactions.emptyWithdrawals'),
          action: isDeposit
            ? { href: to('/deposit'), label: t('history.transactions.deposit') }
            : { href: to('/withdrawal'), label: t('history.transactions.withdraw') },
        }}
      >
        {(listed) =>
          listed.list.kind === 'deposit'
            ? listed.list.reply.value.map((deposit) => <DepositRow key={deposit.deposit_id} deposit={deposit} />)
            : listed.list.reply.value.map((withdrawal) => <WithdrawalRow key={withdrawal.withdrawal_id} withdrawal={withdrawal} />)
        }
      </HistoryListCard>
    </HistoryScreen>
  );
}

/** A bank account as a player recognises it without showing its number: the bank and the last four digits. */
function MaskedAccount({ bank, number }: { bank: string; number: string }) {
  return (
    <span className="history-row__account">
      {bank} <MaskedNumber number={number} className="history-row__code" />
    </span>
  );
}

interface Fact {
  key: string;
  label: string;
  value: ReactNode;
}

/** One request: its reference and status, where the money went, when it was asked for and decided, a rejection's reason. */
function PaymentRow({ kind, record, icon, facts }: { kind: PaymentKind; record: DepositRecord | WithdrawalRecord; icon: string; facts: Fact[] }) {
  const { t } = useT();
  const dates = useDateFormat(HISTORY_TIME);
  return (
    <li className="history-row history-row--payment" data-testid="payment-row" data-kind={kind} data-status={record.status} data-reference={record.reference}>
      <span className="history-row__icon" data-status={record.status} aria-hidden="true">
        <Icon name={icon} size={18} />
      </span>
      <div className="history-row__main">
        <p className="history-row__title">
          <span className="history-row__code">{record.reference}</span>
          <StatusBadge status={record.status} label={paymentStatusLabel(t, record.status)} />
        </p>
        <dl className="history-row__facts">
          {facts.map((fact) => (
            <div key={fact.key} data-fact={fact.key}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
          <div>
            <dt>{t('history.transactions.requested')}</dt>
            <dd>
              <time dateTime={record.created_at}>{dates.format(new Date(record.created_at))}</time>
            </dd>
          </div>
          <div>
            <dt>{t('history.transactions.decided')}</dt>
            <dd>
              {record.decided_at ? (
                <time dateTime={record.decided_at}>{dates.format(new Date(record.decided_at))}</time>
              ) : (
                <span className="history-row__muted">{t('history.notDecided')}</span>
              )}
            </dd>
          </div>
        </dl>
        {record.status === 'rejected' && record.reason ? (
          <p className="history-row__reason" data-testid="rejection-reason">
            <Icon name="close" size={16} />
            <span>
              <span className="history-row__label">{t('history.transactions.reason')}</span> {record.reason}
            </span>
          </p>
        ) : null}
      </div>
      <div className="history-row__figures">
        <Money amount={record.amount} currency={record.currency} className="history-row__amount" />
      </div>
    </li>
  );
}

function DepositRow({ deposit }: { deposit: DepositRecord }) {
  const { t } = useT();
  const account = deposit.receiving_account;
  const facts: Fact[] = [];
  if (deposit.method_name || account) {
    facts.push({
      key: 'method',
      label: t('history.transactions.paidInto'),
      value: (
        <>
          {deposit.method_name ?? ''}
          {deposit.method_name && account ? ' · ' : ''}
          {account ? <MaskedAccount bank={account.bank_name} number={account.account_number} /> : null}
        </>
      ),
    });
  }
  if (deposit.transfer_reference) {
    facts.push({ key: 'transfer', label: t('history.transactions.transferReference'), value: <span className="history-row__code">{deposit.transfer_reference}</span> });
  }
  return <PaymentRow kind="deposit" record={deposit} icon="plus" facts={facts} />;
}

function WithdrawalRow({ withdrawal }: { withdrawal: WithdrawalRecord }) {
  const { t } = useT();
  const account = withdrawal.bank_account;
  const facts: Fact[] = account
    ? [{ key: 'account', label: t('history.transactions.paidTo'), value: <MaskedAccount bank={account.bank_name} number={account.account_number} /> }]
    : [];
  return <PaymentRow kind="withdrawal" record={withdrawal} icon="wallet" facts={facts} />;
}
