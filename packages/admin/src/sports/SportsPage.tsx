import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { OPS_MATCH_STATES, type OpsMatch, type OpsMatchState } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { MatchDialog } from './MatchDialog';
import '../games/games.css';
import { Pager } from '../lib/DataTable';
import { useListParams } from '../lib/list-params';
import { Messages } from '../lib/Messages';

/*
 * The shared feed's matches (issue 26 §2 "Sportsbook and games", ADR 0051): filtered by state,
 * team and day, paged on the server (opsMatches), every filter in the URL. A match opens its
 * liability per site and, for an operator of every site, result, correction, void and hold.
 */

const PAGE_SIZE = 25;
const STATE_TAGS: Record<OpsMatchState, string> = { upcoming: 'tag-muted', live: 'tag-on', awaiting: 'tag-warn', resulted: 'tag-muted', void: 'tag-muted' };

/** The local day of a YYYY-MM-DD date as an ISO range. */
function dayRange(date: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const start = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(start.getTime())) return null;
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return { from: start.toISOString(), to: end.toISOString() };
}

export function SportsPage() {
  const { params, setFilter, goTo } = useListParams();
  const state = (OPS_MATCH_STATES as readonly string[]).includes(params.get('state') ?? '') ? (params.get('state') as OpsMatchState) : '';
  const q = params.get('q') ?? '';
  const date = params.get('date') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [rows, setRows] = useState<OpsMatch[] | null>(null);
  const [total, setTotal] = useState(0);
  const [maySettle, setMaySettle] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<OpsMatch | null>(null);

  const load = useCallback(async () => {
    const range = dayRange(date);
    const reply = await opsCall('opsMatches', { ...(state ? { state } : {}), ...(q ? { q } : {}), ...(range ?? {}), page, page_size: PAGE_SIZE });
    if (reply.statusCode !== 1) {
      setError(failureText(reply.message));
      setRows([]);
      return;
    }
    setError('');
    setRows(reply.value);
    setTotal(reply.total);
    setMaySettle(reply.may_settle);
  }, [state, q, date, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter('q', String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section aria-labelledby="sports-title">
      <div className="page-head">
        <h1 id="sports-title">{t('games.sports.title')}</h1>
        <p>{t('games.sports.intro')}</p>
      </div>
      <form className="filters" onSubmit={search} role="search">
        <label>
          {t('games.sports.team')}
          <input type="search" name="q" defaultValue={q} key={q} placeholder={t('games.sports.teamHint')} />
        </label>
        <button type="submit">{t('games.apply')}</button>
        <label>
          {t('games.sports.state')}
          <select value={state} onChange={(event) => setFilter('state', event.target.value)}>
            <option value="">{t('games.sports.allStates')}</option>
            {OPS_MATCH_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`games.sports.states.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('games.sports.date')}
          <input type="date" value={date} onChange={(event) => setFilter('date', event.target.value)} />
        </label>
        <p className="count" aria-live="polite">
          {rows === null ? t('games.loading') : t('games.sports.count', { count: total })}
        </p>
      </form>
      {rows !== null && !maySettle && <p className="note">{t('games.sports.platformOnly')}</p>}
      <Messages notice={notice} error={error} />
      <div className="table-wrap">
        <table className="data-table" data-testid="matches-list">
          <caption className="visually-hidden">{t('games.sports.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('games.sports.match')}</th>
              <th scope="col">{t('games.sports.start')}</th>
              <th scope="col">{t('games.sports.state')}</th>
              <th scope="col">{t('games.sports.score')}</th>
              <th scope="col">{t('games.sports.openBets')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('games.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((match) => (
              <tr key={match.match_id} data-match={match.match_id}>
                <td>
                  {match.home_team} – {match.away_team}
                  <span className="sub">
                    {match.sport} · {match.league}
                  </span>
                </td>
                <td className="nowrap">{dateTime(match.start_time)}</td>
                <td>
                  <span className="games-tags">
                    <span className={`tag ${STATE_TAGS[match.state]}`}>{t(`games.sports.states.${match.state}`)}</span>
                    {match.held && <span className="tag tag-warn">{t('games.sports.held')}</span>}
                    {match.suspended && <span className="tag tag-muted">{t('games.sports.suspended')}</span>}
                  </span>
                  {match.corrections > 0 && <span className="sub">{t('games.sports.corrections', { count: match.corrections })}</span>}
                </td>
                <td className="amount">{match.home_score === null ? '–' : `${match.home_score} : ${match.away_score}`}</td>
                <td className="amount">{match.open_bets}</td>
                <td>
                  <button type="button" onClick={() => setOpen(match)} aria-label={t('games.sports.manageOf', { name: `${match.home_team} – ${match.away_team}` })}>
                    {t(maySettle ? 'games.sports.manage' : 'games.sports.view')}
                  </button>
                </td>
              </tr>
            ))}
            {rows !== null && rows.length === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  {t('games.sports.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={goTo} />
      {open && (
        <MatchDialog
          match={open}
          maySettle={maySettle}
          onClose={() => setOpen(null)}
          onDone={(text) => {
            setNotice(text);
            void load();
          }}
        />
      )}
    </section>
  );
}
