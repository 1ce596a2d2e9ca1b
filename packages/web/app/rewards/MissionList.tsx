import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { STATUS, type LocaleCode, type Mission, type MissionClaimReply, type MissionsReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { updateSession } from '../client/session';
import { showToast } from '../client/toasts';
import { formatAmount } from '../shared/format/numbers';
import { Icon } from '../shared/ui/icons';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import type { SiteT } from '../i18n/translate';
import { ProgressBar } from './ProgressBar';
import { DataGate } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { sessionLoader } from '../shared/data/session-loader';

/** When a daily mission resets, in the player's own time zone: "Tue 08:00". */
const RESET_TIME: Intl.DateTimeFormatOptions = { weekday: 'short', hour: '2-digit', minute: '2-digit' };

/** The missions of the session's player in the page's language, for a route's clientLoader (ADR 0058). */
export function loadMissions(language: LocaleCode, signal: AbortSignal): Promise<Loaded<MissionsReply>> {
  return sessionLoader('missions', { language }, { signal });
}

/** "4 / 10", or amounts with the currency for turnover. */
function progressText(t: SiteT, mission: Mission, currency: string): string {
  const progress = formatAmount(mission.progress);
  const target = formatAmount(mission.target);
  return mission.kind === 'turnover'
    ? t('rewards.missions.amountProgress', { progress, target, currency })
    : t('rewards.missions.countProgress', { progress, target });
}

/**
 * The player's missions (title, description, progress bar, token reward, daily reset time) with
 * a Claim button on completed ones. A claim credits the tokens once (the server guards it), marks
 * the mission claimed, shows a toast and puts the new balances in the header at once.
 * `limit` shows the first missions only (the minigame's summary); `onClaimed` follows each claim.
 */
export function MissionList({
  missions,
  currency,
  limit,
  onClaimed,
  headingLevel = 3,
}: {
  /** The route's loaded missions (loadMissions); null while they load. */
  missions: Loaded<MissionsReply> | null;
  currency: string;
  limit?: number;
  onClaimed?: (reply: MissionClaimReply) => void;
  /** The level of each mission's title under the list's own heading. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useT();
  const { revalidate } = useRevalidator();

  if (!missions || missions.kind === 'guest') {
    return (
      <p className="player-card__note" aria-busy="true">
        {t('rewards.loading')}
      </p>
    );
  }
  return (
    <DataGate loaded={missions} failedText={t('rewards.failed')} retryLabel={t('rewards.retry')} unavailable={<p className="player-empty">{t('rewards.missions.empty')}</p>} bare>
      {({ value }) => {
        if (!value.length) return <p className="player-empty">{t('rewards.missions.empty')}</p>;
        const shown = limit ? value.slice(0, limit) : value;
        return (
          <ul className="missions" data-testid="missions">
            {shown.map((mission) => (
              <MissionItem key={mission.mission_id} mission={mission} currency={currency} headingLevel={headingLevel} onChange={revalidate} onClaimed={onClaimed} />
            ))}
          </ul>
        );
      }}
    </DataGate>
  );
}

function MissionItem({
  mission,
  currency,
  headingLevel,
  onChange,
  onClaimed,
}: {
  mission: Mission;
  currency: string;
  headingLevel: 2 | 3;
  /** After a claim: the route loads its missions again (ADR 0058). */
  onChange: () => Promise<void>;
  onClaimed: ((reply: MissionClaimReply) => void) | undefined;
}) {
  const { t } = useT();
  const resetTime = useDateFormat(RESET_TIME);
  const [claiming, setClaiming] = useState(false);
  const titleId = `mission-${mission.mission_id}-title`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const reward = formatAmount(mission.reward_tokens);

  const claim = async () => {
    if (claiming) return;
    setClaiming(true);
    const reply = await callApi('missionClaim', { ...sessionCallPayload(), mission_id: mission.mission_id });
    if (reply.statusCode === STATUS.ok && 'game_token' in reply) {
      // The reply carries the balances after the credit: the header shows them without another call.
      updateSession({ game: { balance: reply.game_balance, token: reply.game_token } });
      showToast({ kind: 'success', title: t('rewards.missions.claimedToast', { amount: formatAmount(reply.reward_tokens) }) });
      onClaimed?.(reply);
    } else {
      handleApiError(reply);
    }
    // The list loads again (claimed here, or meanwhile in another tab or device); the button waits for it.
    if (reply.statusCode === STATUS.ok || reply.message === 'alreadyClaimed' || reply.message === 'notClaimable') await onChange();
    setClaiming(false);
  };

  const state = mission.claimed ? 'claimed' : mission.claimable ? 'claimable' : 'open';
  return (
    <li className="mission" data-state={state} data-testid="mission" data-mission-id={mission.mission_id} data-kind={mission.kind}>
      <div className="mission__head">
        <span className="mission__icon" aria-hidden="true">
          <Icon name={mission.claimed ? 'check' : mission.period === 'daily' ? 'clock' : 'trophy'} size={20} />
        </span>
        <div className="mission__text">
          <Heading id={titleId} className="mission__title">
            {mission.title}
          </Heading>
          <p className="mission__description">{mission.description}</p>
        </div>
        <span className="mission__reward">
          <Icon name="gift" size={16} />
          <span className="visually-hidden">{t('rewards.missions.rewardLabel')} </span>
          {t('rewards.missions.reward', { amount: reward })}
        </span>
      </div>
      <ProgressBar
        label={t('rewards.missions.progress')}
        labelId={`mission-${mission.mission_id}-progress`}
        ownerId={titleId}
        percent={mission.progress_percent}
        detail={progressText(t, mission, currency)}
      />
      <div className="mission__foot">
        <span className="mission__period">
          {mission.period === 'daily' ? (
            <>
              <span className="badge mission__badge">{t('rewards.missions.daily')}</span>
              {mission.period_end ? (
                <time dateTime={mission.period_end}>{t('rewards.missions.resets', { time: resetTime.format(new Date(mission.period_end)) })}</time>
              ) : null}
            </>
          ) : (
            <span className="badge mission__badge">{t('rewards.missions.once')}</span>
          )}
        </span>
        {mission.claimable ? (
          <button
            type="button"
            className="btn btn--primary mission__claim"
            disabled={claiming}
            aria-describedby={titleId}
            onClick={() => void claim()}
          >
            {claiming ? t('rewards.missions.claiming') : t('rewards.missions.claim', { amount: reward })}
          </button>
        ) : mission.claimed ? (
          <span className="mission__claimed" data-testid="mission-claimed">
            <Icon name="check" size={16} />
            {t('rewards.missions.claimed')}
          </span>
        ) : null}
      </div>
    </li>
  );
}
