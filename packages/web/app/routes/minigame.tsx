import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { STATUS, type SpinReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { refreshBalance } from '../client/account';
import { handleApiError } from '../client/errors';
import { getSession, updateSession, useSession } from '../client/session';
import { Icon } from '../frame/icons';
import { useReadySite } from '../player/site';
import type { Load } from '../rewards/load';
import { MissionList } from '../rewards/MissionList';
import { TokenSummary, type MinigameStatus } from '../rewards/TokenSummary';
import { WheelCard } from '../rewards/WheelCard';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import '../styles/player.css';
import '../styles/rewards.css';
import { RetryNote } from '../player/RetryNote';
import { RewardsHead } from '../rewards/RewardsHead';

export { screenMeta as meta } from '../seo/merge-meta';

/** How many missions the minigame lists; the rest are on /mission. */
const MISSIONS_SHOWN = 4;

/**
 * The minigame status (tokens, frozen tokens, release progress). The call releases the frozen
 * tokens when their condition holds, so the session's token figure follows its answer.
 */
async function requestStatus(signal?: AbortSignal): Promise<Load<MinigameStatus> | null> {
  const reply = await callApi('minigame', sessionCallPayload(), signal ? { signal } : {});
  if (signal?.aborted) return null;
  if (reply.statusCode !== STATUS.ok || !('token_balance' in reply)) {
    handleApiError(reply);
    return { kind: 'failed' };
  }
  const { statusCode: _status, message: _message, ...status } = reply;
  const game = getSession().game;
  updateSession({
    minigame: { frozen_token: status.frozen_token, token_balance: status.token_balance },
    ...(game ? { game: { ...game, token: status.token_balance } } : {}),
  });
  return { kind: 'ready', value: status };
}

/**
 * /minigame (player only, the minigame layout: no site header): the token wallet with the frozen
 * tokens and their release condition, the lucky wheel and the missions in one place, with links
 * to the full /spin and /mission screens.
 */
export default function MinigamePage() {
  const { t } = useT();
  const { to } = useLocale();
  const session = useSession();
  const site = useReadySite();
  const [status, setStatus] = useState<Load<MinigameStatus>>({ kind: 'loading' });

  const reload = useCallback((signal?: AbortSignal) => {
    // The balance after the status: the status call may have just released frozen tokens.
    void requestStatus(signal).then((next) => {
      if (!next) return;
      setStatus(next);
      void refreshBalance();
    });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const onSpun = useCallback(
    (reply: SpinReply) => {
      setStatus((before) => (before.kind === 'ready' ? { kind: 'ready', value: { ...before.value, token_balance: reply.game_token, frozen_token: reply.frozen_token, released: '0' } } : before));
      // Frozen tokens won: their release progress counts from now, as the server tells.
      if (reply.prize.prize_type === 'frozen_tokens') reload();
    },
    [reload],
  );

  if (!site || !session.isAuthenticated) return null;
  const currency = site.site.currency;
  const tokens = session.game?.token ?? (status.kind === 'ready' ? status.value.token_balance : null);

  return (
    <section className="player-screen rewards-screen minigame-screen" aria-labelledby="minigame-title">
      <RewardsHead id="minigame-title" title={t('_m:minigame')} lead={t('rewards.minigame.lead')} links={['/spin', '/mission', '/leaderboard']} />

      {status.kind === 'ready' && tokens !== null ? (
        <TokenSummary status={status.value} tokens={tokens} currency={currency} />
      ) : (
        <div className="player-card" aria-busy={status.kind === 'loading'}>
          {status.kind === 'failed' ? (
            <RetryNote
              text={t('rewards.failed')}
              retryLabel={t('rewards.retry')}
              onRetry={() => {
                setStatus({ kind: 'loading' });
                reload();
              }}
            />
          ) : (
            <p className="player-card__note">{t('rewards.loading')}</p>
          )}
        </div>
      )}

      <div className="minigame__grid">
        <WheelCard site={site.site} tokens={tokens} onSpun={onSpun} odds="folded" title={t('rewards.minigame.wheelTitle')} />
        <section className="player-card minigame__missions" aria-labelledby="minigame-missions-title">
          <h2 id="minigame-missions-title" className="player-card__title">
            <Icon name="trophy" size={20} />
            {t('rewards.minigame.missionsTitle')}
          </h2>
          <MissionList currency={currency} limit={MISSIONS_SHOWN} />
          <Link to={to('/mission')} className="btn btn--outline minigame__all">
            {t('rewards.minigame.allMissions')}
            <Icon name="arrowRight" size={16} />
          </Link>
        </section>
      </div>
    </section>
  );
}
