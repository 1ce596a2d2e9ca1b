import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { OpsMatch } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, money, t } from '../lib/i18n';
import { useOperator } from '../shell/session';
import { Messages } from '../lib/Messages';

/*
 * One match of the shared feed (ADR 0035, 0037, 0051): its liability on a chosen site, and for an
 * operator of every site its result (or a correction), a void of a market or the whole match, and
 * a hold or release, each with a reason kept in the audit log.
 */

interface Props {
  match: OpsMatch;
  maySettle: boolean;
  onClose: () => void;
  onDone: (notice: string) => void;
}

type Liability = { selection_id: number; bet_type: string; home_away: string; criteria1: string | null; odds: string; bets: number; stakes: string; potential_return: string; currency: string | null };

export function MatchDialog({ match, maySettle, onClose, onDone }: Props) {
  const operator = useOperator();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [site, setSite] = useState(operator.sites[0]?.domain ?? '');
  const [liability, setLiability] = useState<Liability[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const name = `${match.home_team} – ${match.away_team}`;
  const resulted = match.resulted_at !== null;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    if (!site) return;
    let current = true;
    setLiability(null);
    void opsCall('opsSportsLiability', { match_id: match.match_id, site }).then((reply) => {
      if (!current) return;
      if (reply.statusCode !== 1) {
        setError(failureText(reply.message));
        setLiability([]);
      } else setLiability(reply.value);
    });
    return () => {
      current = false;
    };
  }, [site, match.match_id]);

  async function act(event: FormEvent<HTMLFormElement>, run: (form: FormData, reason: string) => Promise<{ statusCode: number; message: string }>, done: string) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    if (reason.length < 3) return setError(failureText('tooShort'));
    setBusy(true);
    setError('');
    const reply = await run(form, reason);
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    onDone(t(done, { name }));
    dialog.current?.close();
  }

  const score = (form: FormData, field: string) => Number.parseInt(String(form.get(field) ?? ''), 10);
  const siteName = operator.sites.find((entry) => entry.domain === site)?.site_name ?? site;

  return (
    <dialog ref={dialog} className="review" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header>
        <h2 id={titleId}>{name}</h2>
        <button type="button" className="quiet" onClick={() => dialog.current?.close()}>
          {t('games.close')}
        </button>
      </header>
      <div className="games-section">
        <h3>{t('games.sports.liability')}</h3>
        <label>
          {t('games.site')}{' '}
          <select value={site} onChange={(event) => setSite(event.target.value)}>
            {operator.sites.map((entry) => (
              <option key={entry.domain} value={entry.domain}>
                {entry.site_name}
              </option>
            ))}
          </select>
        </label>
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('table.frame')}>
          <table className="data-table">
            <caption className="visually-hidden">{t('games.sports.liabilityOf', { site: siteName })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('games.sports.selection')}</th>
                <th scope="col">{t('games.sports.odds')}</th>
                <th scope="col">{t('games.sports.bets')}</th>
                <th scope="col">{t('games.sports.stakes')}</th>
                <th scope="col">{t('games.sports.potential')}</th>
              </tr>
            </thead>
            <tbody>
              {(liability ?? []).map((row) => (
                <tr key={`${row.selection_id}:${row.currency ?? ''}`}>
                  <td>
                    {row.bet_type} {row.home_away} {row.criteria1 ?? ''}
                  </td>
                  <td className="amount">{row.odds}</td>
                  <td className="amount">{row.bets}</td>
                  <td className="amount">{money(row.stakes, row.currency ?? '').trim()}</td>
                  <td className="amount">{money(row.potential_return, row.currency ?? '').trim()}</td>
                </tr>
              ))}
              {liability !== null && liability.length === 0 && (
                <tr>
                  <td colSpan={5} className="empty">
                    {t('games.sports.noSelections')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
      <Messages error={error} />
      {!maySettle && <p className="note">{t('games.sports.platformOnly')}</p>}
      {maySettle && (
        <>
          <form
            className="decision games-section"
            onSubmit={(event) =>
              act(
                event,
                (form, reason) =>
                  opsCall(resulted ? 'opsSportsCorrect' : 'opsSportsResult', { match_id: match.match_id, home_score: score(form, 'home'), away_score: score(form, 'away'), reason }),
                resulted ? 'games.sports.corrected' : 'games.sports.resulted',
              )
            }
          >
            <h3>{t(resulted ? 'games.sports.correct' : 'games.sports.result')}</h3>
            <div className="games-score">
              <label>
                {match.home_team}
                <input name="home" type="number" min={0} max={999} required defaultValue={match.home_score ?? ''} />
              </label>
              <label>
                {match.away_team}
                <input name="away" type="number" min={0} max={999} required defaultValue={match.away_score ?? ''} />
              </label>
            </div>
            <label>
              {t('games.reason')}
              <input name="reason" required minLength={3} maxLength={500} />
            </label>
            <div className="row-actions">
              <button type="submit" className="primary" disabled={busy}>
                {t(resulted ? 'games.sports.correct' : 'games.sports.result')}
              </button>
            </div>
          </form>
          <form
            className="decision games-section"
            onSubmit={(event) =>
              act(
                event,
                (form, reason) => {
                  const market = String(form.get('market') ?? '');
                  const line = String(form.get('line') ?? '').trim();
                  return opsCall('opsSportsVoid', {
                    match_id: match.match_id,
                    ...(market ? { bet_type: market as '1X2' | 'HDP' | 'OU' } : {}),
                    ...(market && market !== '1X2' && line ? { line } : {}),
                    reason,
                  });
                },
                'games.sports.voided',
              )
            }
          >
            <h3>{t('games.sports.void')}</h3>
            <div className="games-score">
              <label>
                {t('games.sports.market')}
                <select name="market" defaultValue="">
                  <option value="">{t('games.sports.wholeMatch')}</option>
                  <option value="1X2">1X2</option>
                  <option value="HDP">HDP</option>
                  <option value="OU">OU</option>
                </select>
              </label>
              <label>
                {t('games.sports.line')}
                <input name="line" maxLength={12} placeholder="2.5" />
              </label>
            </div>
            <label>
              {t('games.reason')}
              <input name="reason" required minLength={3} maxLength={500} />
            </label>
            <div className="row-actions">
              <button type="submit" disabled={busy}>
                {t('games.sports.void')}
              </button>
            </div>
          </form>
          <form
            className="decision games-section"
            onSubmit={(event) =>
              act(event, (_form, reason) => opsCall('opsSportsHold', { match_id: match.match_id, held: !match.held, reason }), match.held ? 'games.sports.released' : 'games.sports.heldDone')
            }
          >
            <h3>{t(match.held ? 'games.sports.release' : 'games.sports.hold')}</h3>
            <label>
              {t('games.reason')}
              <input name="reason" required minLength={3} maxLength={500} />
            </label>
            <div className="row-actions">
              <button type="submit" disabled={busy}>
                {t(match.held ? 'games.sports.release' : 'games.sports.hold')}
              </button>
            </div>
          </form>
        </>
      )}
    </dialog>
  );
}
