/**
 * A labelled progress bar (ARIA progressbar, whole percent): the visible label names it, the
 * detail line says what the percentage is of ("4 / 10").
 */
export function ProgressBar({
  label,
  percent,
  detail,
  labelId,
  ownerId,
}: {
  label: string;
  percent: number;
  detail?: string;
  labelId: string;
  /** The element naming what the bar belongs to (a mission's title), read before the label. */
  ownerId?: string;
}) {
  const shown = Math.floor(Math.min(100, Math.max(0, percent)));
  return (
    <div className="reward-bar" data-complete={shown === 100 || undefined}>
      <div className="reward-bar__head">
        <span id={labelId} className="reward-bar__label">
          {label}
        </span>
        <span className="reward-bar__detail">{detail}</span>
      </div>
      <div
        className="reward-bar__track"
        role="progressbar"
        aria-labelledby={ownerId ? `${ownerId} ${labelId}` : labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={detail ? `${shown}% (${detail})` : `${shown}%`}
      >
        <span className="reward-bar__fill" style={{ width: `${shown}%` }} />
      </div>
    </div>
  );
}
