import { useState } from 'react';
import { useGame } from '../context.js';
import { AUTOPLAY_SPIN_COUNTS, parseLimit, type AutoplaySettings } from './lanterns-autoplay.js';

/** Autoplay's settings: how many spins, and when to stop earlier (loss limit, a large win, free spins). */
export function AutoplayPanel({ onStart, onCancel }: { onStart(settings: AutoplaySettings): void; onCancel(): void }) {
  const { t } = useGame();
  const [spins, setSpins] = useState<number>(AUTOPLAY_SPIN_COUNTS[0]);
  const [lossLimit, setLossLimit] = useState('');
  const [winAbove, setWinAbove] = useState('');
  const [stopOnFreeSpins, setStopOnFreeSpins] = useState(false);
  const [invalid, setInvalid] = useState<'loss' | 'win' | null>(null);

  const begin = () => {
    const loss = parseLimit(lossLimit);
    const win = parseLimit(winAbove);
    if (loss === 'invalid') return setInvalid('loss');
    if (win === 'invalid') return setInvalid('win');
    setInvalid(null);
    onStart({ spins, lossLimit: loss, winAbove: win, stopOnFreeSpins });
  };

  return (
    <div className="hg-lan__autoplay" role="group" aria-label={t('lanterns.autoplay')}>
      <div className="hg-lan__counts" role="group" aria-label={t('lanterns.autoplaySpins')}>
        <span className="hg-lan__label">{t('lanterns.autoplaySpins')}</span>
        {AUTOPLAY_SPIN_COUNTS.map((count) => (
          <button
            key={count}
            type="button"
            className="hg-preset"
            aria-pressed={spins === count}
            aria-label={t('lanterns.autoplaySpinsCount', { count })}
            onClick={() => setSpins(count)}
          >
            {count}
          </button>
        ))}
      </div>
      <label className="hg-field">
        <span>{t('lanterns.lossLimit')}</span>
        <input
          inputMode="decimal"
          autoComplete="off"
          value={lossLimit}
          placeholder={t('lanterns.noLimit')}
          aria-invalid={invalid === 'loss'}
          aria-describedby={invalid === 'loss' ? 'hg-lan-limit-problem' : undefined}
          onChange={(event) => setLossLimit(event.target.value)}
        />
      </label>
      <label className="hg-field">
        <span>{t('lanterns.winAbove')}</span>
        <input
          inputMode="decimal"
          autoComplete="off"
          value={winAbove}
          placeholder={t('lanterns.noLimit')}
          aria-invalid={invalid === 'win'}
          aria-describedby={invalid === 'win' ? 'hg-lan-limit-problem' : undefined}
          onChange={(event) => setWinAbove(event.target.value)}
        />
      </label>
      <button type="button" className="hg-secondary hg-lan__toggle" aria-pressed={stopOnFreeSpins} onClick={() => setStopOnFreeSpins(!stopOnFreeSpins)}>
        {t('lanterns.stopOnFreeSpins')}
      </button>
      {invalid ? (
        <p id="hg-lan-limit-problem" className="hg-stake__problem" role="alert">
          {t('lanterns.limitInvalid')}
        </p>
      ) : null}
      <div className="hg-lan__autoplay-actions">
        <button type="button" className="hg-secondary" onClick={onCancel}>
          {t('lanterns.cancel')}
        </button>
        <button type="button" className="hg-primary" onClick={begin}>
          {t('lanterns.autoplayStart')}
        </button>
      </div>
    </div>
  );
}
