import { useEffect, useRef, useState } from 'react';
import { hundredthsText } from '../../games/money.js';
import { useGame } from '../context.js';
import { curveValue, type CrashFrame } from './crash-clock.js';

/*
 * Rocket's stage: the flight's curve (SVG, in the stage's own pixels so the rocket keeps its shape
 * at every width), the rocket at its tip, the big multiplier, the betting countdown and the crash.
 * The axes grow with the flight: at least 10 s and 2×, always a little ahead of the rocket.
 */

/** The time axis spans at least this much growth (10 s at the default speed, games/crash.ts). */
const MIN_SPAN_GROWTH = 0.6;
/** Steps of the time axis's labels, in ms: the first that gives at most 6 labels. */
const TIME_STEPS = [250, 500, 1_000, 2_000, 4_000, 5_000, 10_000, 20_000, 30_000, 60_000, 120_000];
const MIN_TOP = 2;
const PAD = { left: 44, right: 18, top: 18, bottom: 26 };
/** The least room between two grid lines, in pixels: their labels must not touch. */
const MIN_GRID_GAP = 24;

/** "Nice" multipliers for the horizontal grid lines. */
const GRID_STEPS = [1.2, 1.5, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000, 1_000_000];

function useSize(): [React.RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 640, height: 360 });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) setSize({ width: Math.round(width), height: Math.round(height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

export interface StageProps {
  frame: CrashFrame;
  growthPerMs: number;
  /** The player's automatic cash-out (a dashed line on the chart), if any. */
  autoCashout: string | null;
  /** The player's cash-out of this round, once made: the stage glows green. */
  cashedOut: string | null;
  round: number;
  lost: boolean;
}

export function CrashStage({ frame, growthPerMs, autoCashout, cashedOut, round, lost }: StageProps) {
  const { t, fmt } = useGame();
  const [boxRef, { width, height }] = useSize();
  const plotWidth = Math.max(10, width - PAD.left - PAD.right);
  const plotHeight = Math.max(10, height - PAD.top - PAD.bottom);
  const flying = frame.phase === 'flying';
  const crashed = frame.phase === 'crashed';
  const value = Number(frame.hundredths) / 100;
  const spanMs = Math.max(MIN_SPAN_GROWTH / growthPerMs, frame.flightMs * 1.2);
  const top = Math.max(MIN_TOP, 1 + (value - 1) * 1.25);
  const x = (ms: number) => PAD.left + (ms / spanMs) * plotWidth;
  const y = (multiple: number) => PAD.top + plotHeight - ((multiple - 1) / (top - 1)) * plotHeight;

  // The curve up to now (or to the crash): its exact shape, capped at the shown multiplier.
  const samples = 48;
  const points: Array<[number, number]> = [];
  if (frame.flightMs > 0) {
    for (let index = 0; index <= samples; index += 1) {
      const ms = (frame.flightMs * index) / samples;
      points.push([x(ms), y(Math.min(value, curveValue(ms, growthPerMs)))]);
    }
  }
  const tip = points.at(-1) ?? [x(0), y(1)];
  const before = points.at(-4) ?? [tip[0] - 10, tip[1]];
  const angle = (Math.atan2(tip[1] - before[1], tip[0] - before[0]) * 180) / Math.PI;
  const line = points.map(([px, py], index) => `${index === 0 ? 'M' : 'L'}${px.toFixed(1)},${py.toFixed(1)}`).join(' ');
  const area = points.length > 0 ? `${line} L${tip[0].toFixed(1)},${y(1).toFixed(1)} L${x(0).toFixed(1)},${y(1).toFixed(1)} Z` : '';

  // The grid's lines from the top down, each at least MIN_GRID_GAP pixels from the last one and from 1×.
  const gridLines: number[] = [];
  for (const step of GRID_STEPS.filter((value) => value < top).reverse()) {
    const last = gridLines.at(-1);
    if (y(1) - y(step) >= MIN_GRID_GAP && (last === undefined || y(step) - y(last) >= MIN_GRID_GAP)) gridLines.push(step);
    if (gridLines.length === 4) break;
  }
  const timeStep = TIME_STEPS.find((step) => spanMs / step <= 6) ?? TIME_STEPS.at(-1)!;
  const times = Array.from({ length: Math.floor(spanMs / timeStep) }, (_, index) => (index + 1) * timeStep);
  const autoValue = autoCashout ? Number(autoCashout) : null;

  const state = crashed ? 'crashed' : flying ? 'flying' : 'betting';
  const seconds10 = frame.remainingMs === null ? null : (Math.ceil(frame.remainingMs / 100) / 10).toFixed(1);
  return (
    <section
      className={`hg-stage hg-crash__stage is-${state}${cashedOut ? ' is-cashed' : ''}`}
      aria-label={t('game.ROCKET')}
      data-testid="crash-stage"
      data-phase={state}
    >
      <div className="hg-crash__sky" ref={boxRef}>
        <div className="hg-crash__stars" aria-hidden="true" />
        <svg className="hg-crash__chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('crash.chart')}>
          <defs>
            <linearGradient id="hg-crash-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={crashed ? '#ff5d6c' : '#ffc940'} stopOpacity="0.45" />
              <stop offset="100%" stopColor={crashed ? '#ff5d6c' : '#ffc940'} stopOpacity="0" />
            </linearGradient>
            <linearGradient id="hg-crash-line" x1="0" y1="0" x2="1" y2="0">
              <stop offset="0%" stopColor="#ff9a3c" />
              <stop offset="100%" stopColor={crashed ? '#ff5d6c' : '#ffe27a'} />
            </linearGradient>
          </defs>
          {gridLines.map((step) => (
            <g key={step} className="hg-crash__grid">
              <line x1={PAD.left} x2={width - PAD.right} y1={y(step)} y2={y(step)} />
              <text x={PAD.left - 6} y={y(step) + 4} textAnchor="end">
                {step}×
              </text>
            </g>
          ))}
          <g className="hg-crash__grid">
            <line x1={PAD.left} x2={width - PAD.right} y1={y(1)} y2={y(1)} />
            <text x={PAD.left - 6} y={y(1) + 4} textAnchor="end">
              1×
            </text>
            {times.map((ms) => (
              <text key={ms} x={x(ms)} y={height - 6} textAnchor="middle">
                {ms < 1_000 ? (ms / 1_000).toFixed(2).replace(/0$/, '') : ms / 1_000}s
              </text>
            ))}
          </g>
          {autoValue !== null && autoValue < top && !crashed ? (
            <g className="hg-crash__target">
              <line x1={PAD.left} x2={width - PAD.right} y1={y(autoValue)} y2={y(autoValue)} />
              <text x={width - PAD.right} y={y(autoValue) - 5} textAnchor="end">
                {fmt.multiple(autoCashout!)}
              </text>
            </g>
          ) : null}
          {area ? <path className="hg-crash__area" d={area} fill="url(#hg-crash-fill)" /> : null}
          {line ? <path className="hg-crash__line" d={line} stroke="url(#hg-crash-line)" /> : null}
          {crashed ? (
            <g className="hg-crash__boom" transform={`translate(${tip[0].toFixed(1)} ${tip[1].toFixed(1)})`} aria-hidden="true">
              <circle r="26" className="hg-crash__boom-ring" />
              <circle r="14" className="hg-crash__boom-core" />
              {[0, 45, 90, 135, 180, 225, 270, 315].map((turn) => (
                <line key={turn} x1="0" y1="0" x2="0" y2="-30" transform={`rotate(${turn})`} className="hg-crash__spark" />
              ))}
            </g>
          ) : (
            <g
              className="hg-crash__rocket"
              transform={`translate(${tip[0].toFixed(1)} ${tip[1].toFixed(1)}) rotate(${flying ? angle.toFixed(1) : -35})`}
              aria-hidden="true"
            >
              <g className="hg-crash__rocket-body">
                {flying ? <path className="hg-crash__flame" d="M-16,-5 L-34,0 L-16,5 Z" /> : null}
                <path d="M-16,-7 L8,-7 Q22,-7 28,0 Q22,7 8,7 L-16,7 Z" className="hg-crash__hull" />
                <path d="M-16,-7 L-22,-14 L-8,-7 Z M-16,7 L-22,14 L-8,7 Z" className="hg-crash__fin" />
                <circle cx="10" cy="0" r="3.6" className="hg-crash__window" />
              </g>
            </g>
          )}
        </svg>
        <div className="hg-crash__readout" aria-live="off">
          <strong className="hg-crash__multiplier" data-testid="multiplier">
            {crashed ? t('crash.crashedAt', { multiplier: fmt.multiple(hundredthsText(frame.hundredths)) }) : fmt.multiple(hundredthsText(frame.hundredths))}
          </strong>
          {frame.phase === 'betting' && seconds10 !== null ? (
            <div className="hg-crash__countdown">
              <span data-testid="countdown">{t('crash.nextRound', { seconds: seconds10 })}</span>
              <div
                className="hg-crash__bar"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(frame.bettingLeft * 100)}
                aria-label={t('crash.nextRound', { seconds: seconds10 })}
              >
                <span style={{ transform: `scaleX(${frame.bettingLeft.toFixed(3)})` }} />
              </div>
            </div>
          ) : null}
          {crashed && seconds10 !== null ? <span className="hg-crash__caption hg-muted">{t('crash.nextRound', { seconds: seconds10 })}</span> : null}
        </div>
        <span className="hg-crash__round hg-muted">{t('crash.round', { n: round })}</span>
        {lost ? (
          <span className="hg-crash__lost" role="status">
            {t('crash.reconnecting')}
          </span>
        ) : null}
      </div>
    </section>
  );
}
