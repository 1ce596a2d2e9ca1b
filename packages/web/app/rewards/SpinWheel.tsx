import { useEffect, useId, useRef, useState, type TransitionEvent } from 'react';
import { Link } from 'react-router';
import { STATUS, isAtLeast, type SpinInfoReply, type SpinReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { refreshBalance } from '../client/account';
import { handleApiError } from '../client/errors';
import { updateSession } from '../client/session';
import { formatAmount } from '../shared/format/numbers';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { prizeFace, prizeLabel, segmentTone } from './prizes';
import { SPIN_MS, fittedSize, landedIndex, landingRotation, pointAt, segmentPath } from './wheel-geometry';

/** The SVG's own units: a 320 × 320 box; the segments reach 148, the rim around them 156. */
const BOX = 320;
const CENTRE = BOX / 2;
const RADIUS = 148;
const LIGHTS = 24;

type Phase = 'idle' | 'requesting' | 'spinning';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The reply carries the balances after the spin: the header and the minigame show them without another call. */
function showBalances(reply: SpinReply): void {
  updateSession({
    game: { balance: reply.game_balance, token: reply.game_token },
    minigame: { frozen_token: reply.frozen_token, token_balance: reply.game_token },
  });
}

/**
 * The lucky wheel: one segment per prize of spin_info in wheel order, clockwise from the pointer
 * at the top, and the Spin button with the cost and the player's tokens. The outcome is the
 * server's (spin answers the prize); the wheel only shows it: it turns several times and settles
 * with the pointer on the segment of prize.index, then the result is announced and the header's
 * balances take the reply's. With reduced motion the wheel moves there at once.
 */
export function SpinWheel({
  info,
  currency,
  tokens,
  onSpun,
}: {
  info: Pick<SpinInfoReply, 'spin_cost' | 'prizes'>;
  currency: string;
  /** The player's game tokens; null while unknown (the server then decides). */
  tokens: string | null;
  /** After the wheel has settled on the prize, with the spin's reply. */
  onSpun?: (reply: SpinReply) => void;
}) {
  const { t } = useT();
  const { to } = useLocale();
  const noteId = useId();
  // At rest the pointer sits in the middle of the first segment, not on a border.
  const [rotation, setRotation] = useState(() => (info.prizes.length ? -180 / info.prizes.length : 0));
  const [animated, setAnimated] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<SpinReply | null>(null);
  /** The reply of the spin in flight, shown once the wheel has stopped. */
  const pending = useRef<SpinReply | null>(null);
  const fallback = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The latest callback, for a spin that settles after a re-render (the fallback timer holds an older closure).
  const onSpunRef = useRef(onSpun);
  useEffect(() => {
    onSpunRef.current = onSpun;
  });

  useEffect(
    () => () => {
      clearTimeout(fallback.current);
      // Left mid-spin: the tokens are spent all the same, so the header still learns the new balances.
      const reply = pending.current;
      pending.current = null;
      if (reply) showBalances(reply);
    },
    [],
  );

  const prizes = info.prizes;
  const count = prizes.length;
  const cost = formatAmount(info.spin_cost);
  const enough = tokens === null || isAtLeast(tokens, info.spin_cost);
  const busy = phase !== 'idle';

  const finish = () => {
    const reply = pending.current;
    if (!reply) return;
    pending.current = null;
    clearTimeout(fallback.current);
    setPhase('idle');
    setResult(reply);
    showBalances(reply);
    onSpunRef.current?.(reply);
  };

  const spin = async () => {
    if (busy || !enough || count === 0) return;
    setPhase('requesting');
    setResult(null);
    const reply = await callApi('spin', sessionCallPayload());
    if (reply.statusCode !== STATUS.ok || !('prize' in reply)) {
      setPhase('idle');
      // Spent elsewhere meanwhile (another tab): the header learns the real figure.
      if (reply.message === 'insufficientTokens') void refreshBalance();
      handleApiError(reply);
      return;
    }
    pending.current = reply;
    const reduced = prefersReducedMotion();
    setAnimated(!reduced);
    setRotation(landingRotation(rotation, reply.prize.index, count));
    if (reduced) {
      finish();
      return;
    }
    setPhase('spinning');
    // transitionend does not come when the tab is hidden or the transition is cut short.
    fallback.current = setTimeout(finish, SPIN_MS + 400);
  };

  const onTransitionEnd = (event: TransitionEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && event.propertyName === 'transform') finish();
  };

  const landed = count ? landedIndex(rotation, count) : 0;
  const won = result && result.prize.prize_type !== 'none';

  return (
    <div className="spin-wheel" data-phase={phase}>
      <div className="spin-wheel__stage">
        {/* The clip keeps the turning square's corners from widening the page: only the round wheel shows. */}
        <div className="spin-wheel__clip">
          <div
            className="spin-wheel__disc"
            style={{ transform: `rotate(${rotation}deg)` }}
            data-animated={animated || undefined}
            data-testid="spin-disc"
            data-rotation={rotation}
            data-landed-index={landed}
            onTransitionEnd={onTransitionEnd}
          >
            <svg viewBox={`0 0 ${BOX} ${BOX}`} role="img" aria-label={t('rewards.spin.wheelLabel', { number: String(count) })} focusable="false">
              <circle className="spin-wheel__rim" cx={CENTRE} cy={CENTRE} r={RADIUS + 8} />
              {prizes.map((prize) => (
                <Segment key={prize.prize_id} index={prize.index} count={count} face={prizeFace(t, prize, currency)} />
              ))}
              {Array.from({ length: LIGHTS }, (_, light) => {
                const point = pointAt(CENTRE, RADIUS + 4, (light + 0.5) * (360 / LIGHTS));
                return <circle key={light} className="spin-wheel__light" cx={point.x} cy={point.y} r={2.6} />;
              })}
            </svg>
          </div>
        </div>
        <svg className="spin-wheel__pointer" viewBox="0 0 40 48" aria-hidden="true" focusable="false">
          <path d="M20 46 4 12a16 16 0 1 1 32 0z" />
          <circle cx="20" cy="15" r="6" />
        </svg>
        <span className="spin-wheel__hub" aria-hidden="true">
          <Icon name="gift" size={26} />
        </span>
      </div>

      <div className="spin-wheel__controls">
        <button
          type="button"
          className="btn btn--primary btn--large spin-wheel__button"
          disabled={busy || !enough || count === 0}
          aria-describedby={noteId}
          onClick={() => void spin()}
          data-testid="spin-button"
        >
          {busy ? t('rewards.spin.spinning') : t('rewards.spin.button', { cost })}
        </button>
        <p id={noteId} className={enough ? 'spin-wheel__note' : 'spin-wheel__note spin-wheel__note--short'} data-testid="spin-note">
          {tokens === null
            ? t('rewards.spin.costNote', { cost })
            : enough
              ? t('rewards.spin.yourTokens', { tokens: formatAmount(tokens), cost })
              : t('rewards.spin.notEnough', { tokens: formatAmount(tokens), cost })}
          {!enough ? (
            <>
              {' '}
              <Link to={to('/mission')}>{t('rewards.spin.earnTokens')}</Link>
            </>
          ) : null}
        </p>
      </div>

      <div className="spin-wheel__result" role="status" aria-live="polite">
        {phase === 'spinning' ? <p className="spin-wheel__spinning">{t('rewards.spin.spinningStatus')}</p> : null}
        {result && phase === 'idle' ? (
          <div
            className={won ? 'spin-result spin-result--won' : 'spin-result'}
            data-testid="spin-result"
            data-prize-index={result.prize.index}
            data-prize-type={result.prize.prize_type}
            data-prize-amount={result.prize.amount}
          >
            <span className="spin-result__icon" aria-hidden="true">
              <Icon name={won ? 'trophy' : 'clock'} size={24} />
            </span>
            <div>
              <p className="spin-result__title">
                {won ? t('rewards.spin.resultWin', { prize: prizeLabel(t, result.prize, currency) }) : t('rewards.spin.resultNone')}
              </p>
              <p className="spin-result__detail">
                {result.prize.prize_type === 'frozen_tokens' ? `${t('rewards.spin.frozenNote')} ` : ''}
                {t('rewards.spin.tokensLeft', { tokens: formatAmount(result.game_token) })}
              </p>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Segment({ index, count, face }: { index: number; count: number; face: { value: string; unit: string } }) {
  const middle = (index + 0.5) * (360 / count);
  const valueRadius = RADIUS * 0.72;
  const unitRadius = RADIUS * 0.53;
  const valueSize = fittedSize(face.value, valueRadius, count, { min: 12, max: 30 });
  const unitSize = fittedSize(face.unit, unitRadius, count, { min: 9, max: 13 });
  return (
    <g className={`spin-wheel__segment spin-wheel__segment--tone${segmentTone(index, count)}`} data-index={index}>
      <path d={segmentPath(CENTRE, RADIUS, index, count)} />
      {/* Turned with the segment: upright at the pointer, where the prize is read. */}
      <g transform={`rotate(${middle} ${CENTRE} ${CENTRE})`}>
        <text className="spin-wheel__value" x={CENTRE} y={CENTRE - valueRadius} fontSize={valueSize} textAnchor="middle" dominantBaseline="central">
          {face.value}
        </text>
        <text className="spin-wheel__unit" x={CENTRE} y={CENTRE - unitRadius} fontSize={unitSize} textAnchor="middle" dominantBaseline="central">
          {face.unit}
        </text>
      </g>
    </g>
  );
}
