import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { GAME_CATEGORIES, OPS_GAME_OFFERED, type OpsGame } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { useMay, useOperator } from '../shell/session';
import { ReasonDialog } from './ReasonDialog';
import './games.css';
import { Pager } from '../lib/DataTable';
import { useListParams } from '../lib/list-params';
import { Messages } from '../lib/Messages';

/*
 * The catalogue's games as one site offers them (issue 26 §2 "Sportsbook and games", ADR 0051):
 * searched, filtered and paged on the server (opsGames), every filter in the URL. A game is
 * switched off or on for that site with a reason; the hot/new flags are the platform's, changed
 * only by an operator of every site. Providers on/off and their order are the site editor's.
 */

const PAGE_SIZE = 25;

type Change = { game: OpsGame; offered?: boolean; hot?: boolean; is_new?: boolean };

export function GamesPage() {
  const operator = useOperator();
  const mayManage = useMay('sites.manage');
  const { params, setFilter, goTo } = useListParams();
  const site = operator.sites.some((entry) => entry.domain === params.get('site')) ? params.get('site')! : (operator.sites[0]?.domain ?? '');
  const q = params.get('q') ?? '';
  const provider = params.get('provider') ?? '';
  const category = (GAME_CATEGORIES as readonly string[]).includes(params.get('category') ?? '') ? (params.get('category') as (typeof GAME_CATEGORIES)[number]) : '';
  const offered = (OPS_GAME_OFFERED as readonly string[]).includes(params.get('offered') ?? '') ? (params.get('offered') as (typeof OPS_GAME_OFFERED)[number]) : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [rows, setRows] = useState<OpsGame[] | null>(null);
  const [total, setTotal] = useState(0);
  const [providers, setProviders] = useState<{ provider_code: string; name: string; enabled: boolean }[]>([]);
  const [mayFlag, setMayFlag] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [change, setChange] = useState<Change | null>(null);

  const load = useCallback(async () => {
    if (!site) return;
    const reply = await opsCall('opsGames', {
      site,
      ...(q ? { q } : {}),
      ...(provider ? { provider } : {}),
      ...(category ? { category } : {}),
      ...(offered ? { offered } : {}),
      page,
      page_size: PAGE_SIZE,
    });
    if (reply.statusCode !== 1) {
      setError(failureText(reply.message));
      setRows([]);
      return;
    }
    setError('');
    setRows(reply.value);
    setTotal(reply.total);
    setProviders(reply.providers);
    setMayFlag(reply.may_flag);
  }, [site, q, provider, category, offered, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter('q', String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  async function apply(reason: string): Promise<string | null> {
    if (!change) return null;
    const { game, ...wanted } = change;
    const reply = await opsCall('opsGameSet', { site, game_id: game.game_id, ...wanted, reason });
    if (reply.statusCode !== 1) return reply.message;
    setNotice(t('games.saved', { name: game.game_name }));
    void load();
    return null;
  }

  const changeTitle = (wanted: Change): string => {
    if (wanted.offered !== undefined) return t(wanted.offered ? 'games.switchOnOf' : 'games.switchOffOf', { name: wanted.game.game_name });
    return t('games.flagsOf', { name: wanted.game.game_name });
  };

  return (
    <section aria-labelledby="games-title">
      <div className="page-head games-head">
        <div>
          <h1 id="games-title">{t('games.title')}</h1>
          <p>{t('games.intro')}</p>
        </div>
        {site && (
          <a className="games-link" href={`/admin/sites/${encodeURIComponent(site)}`}>
            {t('games.providersLink')}
          </a>
        )}
      </div>
      <form className="filters" onSubmit={search} role="search">
        <label>
          {t('games.site')}
          <select value={site} onChange={(event) => setFilter('site', event.target.value, ['provider'])}>
            {operator.sites.map((entry) => (
              <option key={entry.domain} value={entry.domain}>
                {entry.site_name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('games.search')}
          <input type="search" name="q" defaultValue={q} key={q} placeholder={t('games.searchHint')} />
        </label>
        <button type="submit">{t('games.apply')}</button>
        <label>
          {t('games.provider')}
          <select value={provider} onChange={(event) => setFilter('provider', event.target.value)}>
            <option value="">{t('games.allProviders')}</option>
            {providers.map((entry) => (
              <option key={entry.provider_code} value={entry.provider_code}>
                {entry.enabled ? entry.name : t('games.providerOffName', { name: entry.name })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('games.category')}
          <select value={category} onChange={(event) => setFilter('category', event.target.value)}>
            <option value="">{t('games.allCategories')}</option>
            {GAME_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('games.offered')}
          <select value={offered} onChange={(event) => setFilter('offered', event.target.value)}>
            <option value="">{t('games.allOffered')}</option>
            {OPS_GAME_OFFERED.map((value) => (
              <option key={value} value={value}>
                {t(`games.offeredStates.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <p className="count" aria-live="polite">
          {rows === null ? t('games.loading') : t('games.count', { count: total })}
        </p>
      </form>
      {!mayManage && <p className="note">{t('games.readOnly')}</p>}
      {mayManage && rows !== null && !mayFlag && <p className="note">{t('games.flagsPlatform')}</p>}
      <Messages notice={notice} error={error} />
      <div className="table-wrap">
        <table className="data-table" data-testid="games-list">
          <caption className="visually-hidden">{t('games.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('games.columns.game')}</th>
              <th scope="col">{t('games.columns.provider')}</th>
              <th scope="col">{t('games.columns.categories')}</th>
              <th scope="col">{t('games.columns.flags')}</th>
              <th scope="col">{t('games.columns.offered')}</th>
              {mayManage && (
                <th scope="col">
                  <span className="visually-hidden">{t('games.columns.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((game) => (
              <tr key={game.game_id} data-game={`${game.provider_code}/${game.game_code}`}>
                <td>
                  {game.game_name}
                  <span className="sub mono">{game.game_code}</span>
                </td>
                <td>
                  {game.provider_name}
                  {!game.provider_enabled && <span className="sub">{t('games.providerOff')}</span>}
                </td>
                <td>
                  <span className="games-tags">
                    {game.categories.map((value) => (
                      <span key={value} className="tag tag-muted">
                        {value}
                      </span>
                    ))}
                  </span>
                </td>
                <td>
                  {mayFlag ? (
                    <>
                      <label className="games-flag">
                        <input type="checkbox" checked={game.hot} onChange={() => setChange({ game, hot: !game.hot })} />
                        {t('games.hot')}
                      </label>
                      <label className="games-flag">
                        <input type="checkbox" checked={game.is_new} onChange={() => setChange({ game, is_new: !game.is_new })} />
                        {t('games.new')}
                      </label>
                    </>
                  ) : (
                    <span className="games-tags">
                      {game.hot && <span className="tag tag-warn">{t('games.hot')}</span>}
                      {game.is_new && <span className="tag tag-on">{t('games.new')}</span>}
                    </span>
                  )}
                </td>
                <td>
                  <span className={`tag ${game.offered ? 'tag-on' : 'tag-muted'}`}>
                    {t(game.offered ? 'games.on' : game.switched_off ? 'games.switchedOff' : 'games.providerOffShort')}
                  </span>
                </td>
                {mayManage && (
                  <td>
                    <button type="button" onClick={() => setChange({ game, offered: game.switched_off })} aria-label={t(game.switched_off ? 'games.switchOnOf' : 'games.switchOffOf', { name: game.game_name })}>
                      {t(game.switched_off ? 'games.switchOn' : 'games.switchOff')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
            {rows !== null && rows.length === 0 && (
              <tr>
                <td colSpan={mayManage ? 6 : 5} className="empty">
                  {t('games.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={goTo} />
      {change && (
        <ReasonDialog title={changeTitle(change)} confirm={t('games.confirm')} onConfirm={apply} onClose={() => setChange(null)}>
          <p>
            {change.offered === false && t('games.switchOffHelp')}
            {change.offered === true && t('games.switchOnHelp')}
            {change.offered === undefined &&
              t('games.flagsHelp', {
                flag: t(change.hot !== undefined ? 'games.hot' : 'games.new'),
                value: t((change.hot ?? change.is_new) ? 'games.set' : 'games.cleared'),
              })}
          </p>
        </ReasonDialog>
      )}
    </section>
  );
}
