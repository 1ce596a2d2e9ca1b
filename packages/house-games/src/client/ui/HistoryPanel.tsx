import { useCallback, useEffect, useState } from 'react';
import type { HouseReply, RoundView } from '../../api.js';
import { errorCodeOf } from '../api-client.js';
import { useGame } from '../context.js';
import type { ClientGame } from '../games/client-game.js';
import { Modal } from './Modal.js';

/** The player's last rounds of this game (the `history` call), each with a way to verify it. */
export function HistoryPanel({ game, onVerify, onClose }: { game: ClientGame; onVerify(round: RoundView): void; onClose(): void }) {
  const { t, fmt, api, reportError } = useGame();
  const [rounds, setRounds] = useState<RoundView[] | null>(null);
  const [more, setMore] = useState(false);
  const failed = useCallback(
    (error: unknown) => {
      reportError(errorCodeOf(error));
      setRounds((known) => known ?? []);
    },
    [reportError],
  );
  const show = (reply: HouseReply<'history'>, older: boolean) => {
    setRounds((known) => [...(older ? (known ?? []) : []), ...reply.rounds]);
    setMore(reply.rounds.length >= 50);
  };
  useEffect(() => {
    let live = true;
    api.call('history', {}).then(
      (reply) => {
        if (!live) return;
        setRounds(reply.rounds);
        setMore(reply.rounds.length >= 50);
      },
      (error: unknown) => live && failed(error),
    );
    return () => {
      live = false;
    };
  }, [api, failed]);
  const loadOlder = (before: string) => api.call('history', { before }).then((reply) => show(reply, true), failed);
  const statusText = (round: RoundView) =>
    round.status === 'open'
      ? t('history.open')
      : round.status === 'refused'
        ? t('history.refused')
        : round.status === 'rolled_back'
          ? t('history.rolledBack')
          : null;
  return (
    <Modal title={t('history.title')} closeLabel={t('shell.close')} onClose={onClose} wide>
      {rounds === null ? <p>{t('shell.loading')}</p> : null}
      {rounds?.length === 0 ? <p>{t('history.empty')}</p> : null}
      {rounds && rounds.length > 0 ? (
        <div className="hg-table-wrap">
          <table className="hg-history">
            <thead>
              <tr>
                <th scope="col">{t('history.time')}</th>
                <th scope="col">{t('history.stake')}</th>
                <th scope="col">{t('history.win')}</th>
                <th scope="col">{t('history.outcome')}</th>
                <th scope="col">
                  <span className="hg-visually-hidden">{t('history.verify')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => {
                const won = round.win !== null && Number(round.win) > 0;
                return (
                  <tr key={round.id}>
                    <td>{fmt.time(round.createdAt)}</td>
                    <td data-label={t('history.stake')}>{fmt.money(round.stake)}</td>
                    <td data-label={t('history.win')} className={won ? 'hg-win' : undefined}>
                      {round.win === null ? '—' : fmt.money(round.win)}
                    </td>
                    <td>{statusText(round) ?? (round.status === 'settled' ? game.summary(round.view, t, fmt) : '')}</td>
                    <td>
                      {round.fair.serverSeed && round.status === 'settled' ? (
                        <button type="button" className="hg-link" onClick={() => onVerify(round)}>
                          {t('history.verify')}
                        </button>
                      ) : (
                        <span className="hg-muted" title={t('history.verifyLater')}>
                          #{round.fair.nonce}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {more && rounds ? (
        <button type="button" className="hg-secondary" onClick={() => void loadOlder(rounds.at(-1)?.id ?? '')}>
          {t('history.more')}
        </button>
      ) : null}
      {/* A seed-chain game's rounds are verifiable as soon as they crashed: no seeds to rotate. */}
      {game.seedChain ? null : <p className="hg-muted">{t('history.verifyLater')}</p>}
    </Modal>
  );
}
