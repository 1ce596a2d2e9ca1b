import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_EXPORT_PATH, type OpsBooksReply, type OpsReportReply, type ReportFigures } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, money, t } from '../lib/i18n';
import { useOperator } from '../shell/session';
import '../audit/audit.css';
import './reports.css';
import { Messages } from '../lib/Messages';

/*
 * The ledger reports (issue 26 §2 Reports, ADR 0048): one site's money per day in its time zone
 * (opsReport, computed from the ledger: ADR 0028), the period's totals, the CSV of both, and the
 * books check (opsBooks). The site and the days are the URL.
 */

type Report = OpsReportReply;
type Books = OpsBooksReply;

const MONEY: (keyof ReportFigures & string)[] = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'adjustments'];
const COUNTS: (keyof ReportFigures & string)[] = ['active_players', 'new_players', 'first_depositors'];
const LABELS: Record<string, string> = {
  deposits: 'audit.reports.deposits',
  withdrawals: 'audit.reports.withdrawals',
  bets: 'audit.reports.bets',
  wins: 'audit.reports.wins',
  ggr: 'audit.reports.ggr',
  bonuses: 'audit.reports.bonuses',
  ngr: 'audit.reports.ngr',
  adjustments: 'audit.reports.adjustments',
  active_players: 'audit.reports.activePlayers',
  new_players: 'audit.reports.newPlayers',
  first_depositors: 'audit.reports.firstDepositors',
};
const HINTS: Record<string, string> = {
  ggr: 'audit.reports.ggrHint',
  ngr: 'audit.reports.ngrHint',
};

/** An amount in the report's currency, marked when below zero. */
function Amount({ value, currency }: { value: string; currency: string }) {
  return <span className={value.startsWith('-') ? 'amount reports-negative' : 'amount'}>{currency ? money(value, currency) : money(value, '').trim()}</span>;
}

export function ReportsPage() {
  const operator = useOperator();
  const [params, setParams] = useSearchParams();
  const site = params.get('site') || operator.sites[0]?.domain || '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';

  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!site) return;
    let current = true;
    setReport(null);
    setError('');
    void opsCall('opsReport', {
      site,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    }).then((reply) => {
      if (!current) return;
      if (reply.statusCode !== 1) return setError(failureText(reply.message));
      setReport(reply);
    });
    return () => {
      current = false;
    };
  }, [site, from, to]);

  const siteName = useMemo(() => new Map(operator.sites.map((entry) => [entry.external_id, entry.site_name])), [operator.sites]);

  function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['site', 'from', 'to']) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  if (operator.sites.length === 0) {
    return (
      <section aria-labelledby="reports-title">
        <div className="page-head">
          <h1 id="reports-title">{t('audit.reports.title')}</h1>
        </div>
        <p className="note">{t('audit.reports.noSites')}</p>
      </section>
    );
  }

  const exportHref = report ? `${REPORT_EXPORT_PATH}?${new URLSearchParams({ site, from: report.from, to: report.to }).toString()}` : null;

  return (
    <section aria-labelledby="reports-title">
      <div className="page-head">
        <h1 id="reports-title">{t('audit.reports.title')}</h1>
        <p>{t('audit.reports.intro')}</p>
      </div>
      <form key={`${site}|${report?.from ?? from}|${report?.to ?? to}`} className="filters" onSubmit={show}>
        <label>
          {t('audit.reports.site')}
          <select name="site" defaultValue={site}>
            {operator.sites.map((entry) => (
              <option key={entry.external_id} value={entry.domain}>
                {entry.site_name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.reports.from')}
          <input type="date" name="from" defaultValue={report?.from ?? from} />
        </label>
        <label>
          {t('audit.reports.to')}
          <input type="date" name="to" defaultValue={report?.to ?? to} />
        </label>
        <button type="submit" className="primary">
          {t('audit.reports.show')}
        </button>
      </form>
      <Messages error={error} />
      {!report && !error && <p className="note">{t('audit.reports.loading')}</p>}
      {report && (
        <>
          <div className="audit-bar">
            <p className="reports-period" aria-live="polite">
              {t('audit.reports.period', {
                site: siteName.get(report.site) ?? report.site,
                from: report.from,
                to: report.to,
                timeZone: report.time_zone,
                currency: report.currency,
              })}
            </p>
            {exportHref && (
              <p className="audit-export">
                <a className="button-link" href={exportHref} download aria-describedby="reports-export-hint">
                  {t('audit.reports.exportCsv')}
                </a>
                <span id="reports-export-hint" className="audit-hint">
                  {t('audit.reports.exportHint')}
                </span>
              </p>
            )}
          </div>
          <h2 className="reports-heading">{t('audit.reports.totals')}</h2>
          <dl className="reports-totals" data-testid="report-totals">
            {[...MONEY, ...COUNTS].map((field) => (
              <div key={field} className="reports-figure">
                <dt>
                  {t(LABELS[field]!)}
                  {HINTS[field] && <span className="sub">{t(HINTS[field])}</span>}
                </dt>
                <dd>{typeof report.totals[field] === 'string' ? <Amount value={report.totals[field]} currency={report.currency} /> : <span className="amount">{report.totals[field]}</span>}</dd>
              </div>
            ))}
          </dl>
          <h2 className="reports-heading" id="reports-days">
            {t('audit.reports.perDay', { currency: report.currency })}
          </h2>
          <div className="table-wrap" tabIndex={0} role="region" aria-label={t('table.frame')}>
            <table className="data-table reports-table" aria-labelledby="reports-days" data-testid="report-days">
              <thead>
                <tr>
                  <th scope="col">{t('audit.reports.date')}</th>
                  {[...MONEY, ...COUNTS].map((field) => (
                    <th key={field} scope="col" className="num">
                      {t(LABELS[field]!)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row" className="nowrap">
                      {day.date}
                    </th>
                    <FigureCells figures={day} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('audit.reports.total')}</th>
                  <FigureCells figures={report.totals} />
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
      <BooksCheck site={site} siteName={siteName} />
    </section>
  );
}

/** A row's figures; the table's caption names the currency. */
function FigureCells({ figures }: { figures: OpsReportReply['totals'] }) {
  return (
    <>
      {MONEY.map((field) => (
        <td key={field} className="num">
          <Amount value={figures[field] as string} currency="" />
        </td>
      ))}
      {COUNTS.map((field) => (
        <td key={field} className="num">
          {figures[field]}
        </td>
      ))}
    </>
  );
}

/** The books check of the site: balanced or not, the trial balance per unit, and the mismatches found. */
function BooksCheck({ site, siteName }: { site: string; siteName: Map<string, string> }) {
  const [books, setBooks] = useState<Books | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!site) return;
    let current = true;
    setBooks(null);
    setError('');
    void opsCall('opsBooks', { site }).then((reply) => {
      if (!current) return;
      if (reply.statusCode !== 1) return setError(failureText(reply.message));
      setBooks(reply);
    });
    return () => {
      current = false;
    };
  }, [site, round]);

  return (
    <section className="reports-books" aria-labelledby="books-title">
      <div className="reports-books-head">
        <h2 id="books-title">{t('audit.reports.books.title')}</h2>
        <button type="button" onClick={() => setRound((value) => value + 1)} disabled={books === null && !error}>
          {t('audit.reports.books.check')}
        </button>
      </div>
      <p className="note">{t('audit.reports.books.intro')}</p>
      <Messages error={error} />
      <div aria-live="polite">
        {!books && !error && <p className="note">{t('audit.reports.books.checking')}</p>}
        {books && (
          <p className={books.balanced ? 'reports-status reports-balanced' : 'reports-status reports-unbalanced'} data-testid="books-status">
            {books.balanced ? t('audit.reports.books.balanced') : t('audit.reports.books.unbalanced')}
            {!books.balanced && (
              <span>
                {' '}
                ·{' '}
                {t('audit.reports.books.mismatchCount', {
                  count: books.mismatch_count,
                })}
              </span>
            )}
          </p>
        )}
      </div>
      {books && <BooksTables books={books} siteName={siteName} />}
    </section>
  );
}

function BooksTables({ books, siteName }: { books: OpsBooksReply; siteName: Map<string, string> }) {
  return (
    <>
      {books.sites.map((entry) => (
        <div key={entry.site} className="table-wrap reports-units" tabIndex={0} role="region" aria-label={t('table.frame')}>
          <table className="data-table">
            <caption>
              {t('audit.reports.books.units')}: {siteName.get(entry.site) ?? entry.site} ({entry.currency})
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.reports.books.unit')}</th>
                <th scope="col" className="num">
                  {t('audit.reports.books.sum')}
                </th>
                <th scope="col" className="num">
                  {t('audit.reports.books.players')}
                </th>
                <th scope="col" className="num">
                  {t('audit.reports.books.pending')}
                </th>
                <th scope="col">{t('audit.reports.books.system')}</th>
              </tr>
            </thead>
            <tbody>
              {entry.units.map((unit) => {
                const currency = unit.unit === 'money' ? entry.currency : '';
                const amount = (value: string) => (currency ? money(value, currency) : money(value, '').trim());
                return (
                  <tr key={unit.unit}>
                    <th scope="row">{t(unit.unit === 'money' ? 'audit.reports.books.unitMoney' : 'audit.reports.books.unitTokens')}</th>
                    <td className={`num amount ${/^-?0(\.0+)?$/.test(unit.total) ? '' : 'reports-negative'}`}>{amount(unit.total)}</td>
                    <td className="num amount">{amount(unit.players)}</td>
                    <td className="num amount">{amount(unit.pending)}</td>
                    <td>
                      <details className="reports-system">
                        <summary>{t('audit.reports.books.systemCount', { count: unit.system.length })}</summary>
                        <ul>
                          {unit.system.map((account) => (
                            <li key={account.code}>
                              <span className="mono">{account.code}</span> <span className="amount">{amount(account.balance)}</span>
                            </li>
                          ))}
                        </ul>
                      </details>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
      {books.mismatches.length === 0 ? (
        books.balanced && <p className="note">{t('audit.reports.books.noMismatch')}</p>
      ) : (
        <div className="table-wrap reports-units" tabIndex={0} role="region" aria-label={t('table.frame')}>
          <table className="data-table" data-testid="books-mismatches">
            <caption>
              {t('audit.reports.books.mismatches')}
              {books.mismatches.length < books.mismatch_count && (
                <span className="sub">
                  {t('audit.reports.books.shownOf', {
                    shown: books.mismatches.length,
                    count: books.mismatch_count,
                  })}
                </span>
              )}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.reports.books.kind')}</th>
                <th scope="col">{t('audit.reports.books.account')}</th>
                <th scope="col">{t('audit.reports.books.transfer')}</th>
                <th scope="col">{t('audit.reports.books.field')}</th>
                <th scope="col" className="num">
                  {t('audit.reports.books.expected')}
                </th>
                <th scope="col" className="num">
                  {t('audit.reports.books.actual')}
                </th>
              </tr>
            </thead>
            <tbody>
              {books.mismatches.map((mismatch, index) => (
                <tr key={index}>
                  <td>{t(`audit.reports.books.kinds.${mismatch.kind}`)}</td>
                  <td className="mono">{mismatch.account_id ?? '—'}</td>
                  <td className="mono">{mismatch.transfer_id ?? '—'}</td>
                  <td className="mono">{mismatch.field ?? '—'}</td>
                  <td className="num mono">{mismatch.expected ?? '—'}</td>
                  <td className="num mono">{mismatch.actual ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
