import { useState } from 'react';
import { useGame } from '../context.js';
import { parseStake, stakePresets, stepStake, type StakeProblem } from '../stake.js';

/** The stake: −/+ steps, presets and a typed amount, checked against the limits and the balance. */
export function StakeControl({ disabled = false }: { disabled?: boolean }) {
  const { t, fmt, limits, balance, stake, setStake, sound } = useGame();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<StakeProblem | null>(null);
  const choose = (next: string) => {
    setTyped(null);
    setProblem(null);
    setStake(next);
    sound.play('click');
  };
  const commit = (text: string) => {
    const check = parseStake(text, limits, balance);
    if (check.ok) {
      choose(check.stake);
    } else {
      setProblem(check.problem);
    }
  };
  const problemText =
    problem === 'tooSmall'
      ? t('stake.tooSmall', { min: fmt.money(limits.minBet) })
      : problem === 'tooLarge'
        ? t('stake.tooLarge', { max: fmt.money(limits.maxBet) })
        : problem === 'overBalance'
          ? t('stake.overBalance')
          : problem === 'invalid'
            ? t('stake.invalid')
            : null;
  return (
    <div className="hg-stake">
      <div className="hg-stake__row">
        <button type="button" className="hg-step" aria-label={t('stake.less')} disabled={disabled} onClick={() => choose(stepStake(stake, -1, limits))}>
          −
        </button>
        <label className="hg-stake__field">
          <span>{t('stake.label')}</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            value={typed ?? stake}
            disabled={disabled}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'hg-stake-problem' : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(null);
            }}
            onBlur={(event) => commit(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit(event.currentTarget.value);
            }}
          />
        </label>
        <button type="button" className="hg-step" aria-label={t('stake.more')} disabled={disabled} onClick={() => choose(stepStake(stake, 1, limits))}>
          +
        </button>
      </div>
      <div className="hg-stake__presets">
        {stakePresets(limits).map((preset) => (
          <button
            key={preset}
            type="button"
            className="hg-preset"
            aria-label={t('stake.preset', { amount: fmt.money(preset) })}
            aria-pressed={preset === stake}
            disabled={disabled}
            onClick={() => choose(preset)}
          >
            {fmt.money(preset)}
          </button>
        ))}
      </div>
      {problemText ? (
        <p id="hg-stake-problem" className="hg-stake__problem" role="alert">
          {problemText}
        </p>
      ) : null}
    </div>
  );
}
