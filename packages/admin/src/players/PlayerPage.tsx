import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { OpsPlayerReply } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, money, t } from '../lib/i18n';
import { useMay, useOperator } from '../shell/session';
import { StatusTag } from './parts';
import { ProfileTab } from './ProfileTab';
import { StatementTab } from './StatementTab';
import { SessionsTab } from './SessionsTab';
import { LimitsTab } from './LimitsTab';
import { DocumentsTab } from './DocumentsTab';
import { FlagsTab } from './FlagsTab';
import { NotesTab } from './NotesTab';
import './players.css';
import { Messages } from '../lib/Messages';

/*
 * One player (issue 26 §2, ADR 0047): /players/<site external id>/<account id>, the section in
 * ?tab=, the statement's page and ledger in ?page= and ?account=. The page's data is one call
 * (opsPlayer); the statement and the risk flags are their own calls.
 */

const TABS = ['profile', 'statement', 'sessions', 'limits', 'documents', 'flags', 'notes'] as const;
type Tab = (typeof TABS)[number];

export type PlayerData = Omit<OpsPlayerReply, 'statusCode' | 'message'>;
export interface PlayerTarget {
  /** The site's domain, as the operator calls name it. */
  site: string;
  account_id: string;
}

export function PlayerPage() {
  const operator = useOperator();
  const mayFlags = useMay('aml.view');
  const { site: siteId = '', accountId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') ?? 'profile';
  const tab: Tab = (TABS as readonly string[]).includes(tabParam) ? (tabParam as Tab) : 'profile';
  const site = operator.sites.find((entry) => entry.external_id === siteId);
  const target: PlayerTarget | null = site ? { site: site.domain, account_id: accountId } : null;

  const [data, setData] = useState<PlayerData | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  const load = useCallback(async () => {
    if (!site) return setError(failureText('accountNotFound'));
    const reply = await opsCall('opsPlayer', { site: site.domain, account_id: accountId });
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    const { statusCode: _status, message: _message, ...value } = reply;
    setError('');
    setData(value);
  }, [site, accountId]);

  useEffect(() => {
    void load();
  }, [load]);

  /** After a change: say what happened and read the page again. */
  const changed = useCallback(
    async (text: string) => {
      setNotice(text);
      await load();
    },
    [load],
  );

  const tabs = TABS.filter((entry) => entry !== 'flags' || mayFlags);
  const tabLink = (entry: Tab) => {
    const next = new URLSearchParams();
    if (entry !== 'profile') next.set('tab', entry);
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

  return (
    <section aria-labelledby="player-title" className="player-page">
      <p className="player-back">
        <Link to="/players">{t('players.back')}</Link>
      </p>
      <div className="page-head player-head">
        <h1 id="player-title">
          <span className="mono">{accountId}</span>
          {data?.profile.full_name && <span className="player-name">{data.profile.full_name}</span>}
        </h1>
        {data && (
          <p className="player-summary">
            <StatusTag status={data.profile.status} />
            <span>{data.profile.site_name}</span>
            <span className="amount">{money(data.balances.available, data.balances.currency)}</span>
            <span>{t(`players.kycLevels.${data.profile.kyc_level}`)}</span>
            {data.profile.open_flags > 0 && <span className="tag player-flagged">{t('players.openFlags', { count: data.profile.open_flags })}</span>}
            {data.exclusion && <span className="tag player-excluded">{t(`players.exclusionKinds.${data.exclusion.kind}`)}</span>}
          </p>
        )}
      </div>
      <Messages error={error} />
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {data && target && (
        <>
          <nav className="player-tabs" aria-label={t('players.sections')}>
            {tabs.map((entry) => (
              <Link
                key={entry}
                to={tabLink(entry)}
                aria-current={entry === tab ? 'page' : undefined}
                onClick={() => setNotice('')}
                preventScrollReset
              >
                {t(`players.tabs.${entry}`)}
                {entry === 'documents' && data.documents.some((document) => document.status === 'pending') && <span className="player-dot" aria-label={t('players.pendingDocuments')} />}
              </Link>
            ))}
          </nav>
          <div className="player-panel">
            {tab === 'profile' && <ProfileTab data={data} target={target} onChanged={changed} />}
            {tab === 'statement' && <StatementTab target={target} params={params} setParams={setParams} />}
            {tab === 'sessions' && <SessionsTab data={data} target={target} onChanged={changed} />}
            {tab === 'limits' && <LimitsTab data={data} />}
            {tab === 'documents' && <DocumentsTab data={data} onChanged={changed} />}
            {tab === 'flags' && mayFlags && <FlagsTab target={target} params={params} setParams={setParams} />}
            {tab === 'notes' && <NotesTab data={data} target={target} onChanged={changed} />}
          </div>
        </>
      )}
      {!data && !error && <p className="page-loading">{t('players.loading')}</p>}
    </section>
  );
}
