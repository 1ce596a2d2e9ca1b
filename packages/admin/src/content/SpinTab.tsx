import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { PRIZE_TYPES, PRIZE_WEIGHT_TOTAL, parseMinorUnits, percentToWeight, spinExpectedValue, weightToPercent, type PrizeType } from '@wl/contracts';
import { opsCall, type Failure } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { Messages } from '../lib/Messages';
import { useMay } from '../shell/session';
import { FieldError, Reason, described, errorText, type FieldErrors } from './rewards-shared';
import './rewards.css';

/*
 * The Content screen's Lucky spin tab (ADR 0054): the wheel's cost, on/off and prize table as
 * editable rows in wheel order. Chances are typed as percentages with up to 4 decimals and turned
 * into parts per million exactly (string arithmetic, never floats: ADR 0025); Save waits until they
 * add up to exactly 100 %. The average payout per spin is shown by prize type as it is edited.
 */

interface PrizeRow {
  key: number;
  label: string;
  prize_type: PrizeType;
  amount: string;
  percent: string;
}

let keys = 0;
const rowOf = (prize: { label: string; prize_type: PrizeType; amount: string; weight?: number }): PrizeRow => ({
  key: ++keys,
  label: prize.label,
  prize_type: prize.prize_type,
  amount: prize.amount,
  percent: prize.weight === undefined ? '' : weightToPercent(prize.weight),
});

/** `part` / `whole` as a percentage with two decimals, exactly (rounded down), from BigInts. */
function ratioPercent(part: bigint, whole: bigint): string {
  if (whole <= 0n) return '–';
  const hundredths = (part * 10_000n) / whole;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')} %`;
}

export function SpinTab({ site }: { site: string }) {
  const mayManage = useMay('content.manage');
  const mayMoney = useMay('money.adjust');
  const [loaded, setLoaded] = useState(false);
  const [configured, setConfigured] = useState(false);
  const [spins, setSpins] = useState(0);
  const [cost, setCost] = useState('');
  const [active, setActive] = useState(true);
  const [rows, setRows] = useState<PrizeRow[]>([]);
  const [version, setVersion] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const base = useId();

  const load = useCallback(async () => {
    const reply = await opsCall('opsSpin', { site });
    setLoaded(true);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    setConfigured(reply.configured);
    setSpins(reply.spins);
    setCost(reply.cost ?? '10');
    setActive(reply.configured ? reply.active : true);
    setRows(
      reply.prizes.length
        ? reply.prizes.map(rowOf)
        : [rowOf({ label: 'Try again', prize_type: 'none', amount: '0', weight: 500_000 }), rowOf({ label: '5 tokens', prize_type: 'tokens', amount: '5', weight: 500_000 })],
    );
  }, [site]);
  useEffect(() => {
    void load();
  }, [load]);

  const weights = rows.map((row) => percentToWeight(row.percent.trim()));
  const allValid = weights.every((weight) => weight !== null && weight > 0);
  const sum = weights.reduce<number>((total, weight) => total + (weight ?? 0), 0);
  const exact = allValid && sum === PRIZE_WEIGHT_TOTAL;
  const expected = spinExpectedValue(rows.map((row, index) => ({ prize_type: row.prize_type, amount: row.amount.trim(), weight: weights[index] ?? 0 })));
  const costUnits = parseMinorUnits(cost.trim());
  const tokenUnits = parseMinorUnits(expected.tokens, 10);

  const change = (key: number, changes: Partial<PrizeRow>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...changes } : row)));
  const move = (index: number, by: -1 | 1) =>
    setRows((all) => {
      const next = [...all];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < 3) return setErrors({ reason: ['tooShort'] });
    if (!exact) return setErrors({ weights: ['invalidValue'] });
    setBusy(true);
    setError('');
    setNotice('');
    setErrors({});
    const reply = await opsCall('opsSpinSave', {
      site,
      cost: cost.trim(),
      active,
      prizes: rows.map((row, index) => ({ label: row.label, prize_type: row.prize_type, amount: row.prize_type === 'none' ? '0' : row.amount.trim(), weight: weights[index]! })),
      reason,
    });
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.errors) setErrors(failed.errors);
      return setError(failureText(failed.message));
    }
    setNotice(t('rewards.spin.saved'));
    setVersion((value) => value + 1);
    await load();
  }

  const idOf = (name: string) => `${base}-${name}`;
  const prizeError = (index: number, name: string) => errors[`prizes.${index}.${name}`];
  const cellError = (index: number, name: string) =>
    prizeError(index, name) ? (
      <span id={idOf(`p${index}-${name}-error`)} className="form-error content-field-error">
        {[...new Set(prizeError(index, name))].map((key) => errorText(name, key)).join(' ')}
      </span>
    ) : null;
  const cellAria = (index: number, name: string) => described(errors, `prizes.${index}.${name}`, idOf(`p${index}-${name}-error`));
  const sumText = t('rewards.spin.sum', { sum: weightToPercent(sum) });
  const diff = PRIZE_WEIGHT_TOTAL - sum;

  return (
    <section aria-labelledby="content-spin-title">
      <div className="content-head">
        <div>
          <h2 id="content-spin-title">{t('content.tabs.spin')}</h2>
          <p className="sub">{t('rewards.spin.intro')}</p>
        </div>
      </div>
      {!mayManage && <p className="note">{t('rewards.readOnly')}</p>}
      {loaded && !configured && <p className="note">{t('rewards.spin.none')}</p>}
      <Messages notice={notice} error={error} />
      {!loaded ? (
        <p>{t('rewards.loading')}</p>
      ) : (
        <form key={version} className="content-form rewards-spin" onSubmit={submit} noValidate>
          <fieldset className="rewards-plain" disabled={!mayManage}>
            <legend className="visually-hidden">{t('content.tabs.spin')}</legend>
            <div className="content-inline">
              <div className="content-field">
                <label htmlFor={idOf('cost')}>{t('rewards.spin.cost')}</label>
                <input id={idOf('cost')} value={cost} onChange={(event) => setCost(event.target.value)} inputMode="decimal" {...described(errors, 'cost', idOf('cost-error'))} />
                <FieldError errors={errors} name="cost" id={idOf('cost-error')} />
              </div>
              <label className="check rewards-spin__active">
                <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
                {t('rewards.spin.active')}
              </label>
            </div>
            <div className="table-wrap">
              <table className="data-table rewards-prizes" data-testid="spin-prizes">
                <caption className="visually-hidden">{t('rewards.spin.prizes')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('rewards.spin.columns.position')}</th>
                    <th scope="col">{t('rewards.spin.columns.label')}</th>
                    <th scope="col">{t('rewards.spin.columns.type')}</th>
                    <th scope="col">{t('rewards.spin.columns.amount')}</th>
                    <th scope="col">{t('rewards.spin.columns.chance')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('rewards.spin.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => {
                    const position = index + 1;
                    return (
                      <tr key={row.key} data-position={position}>
                        <td className="mono">{position}</td>
                        <td>
                          <input aria-label={t('rewards.spin.labelOf', { position })} value={row.label} maxLength={60} onChange={(event) => change(row.key, { label: event.target.value })} {...cellAria(index, 'label')} />
                          {cellError(index, 'label')}
                        </td>
                        <td>
                          <select
                            aria-label={t('rewards.spin.typeOf', { position })}
                            value={row.prize_type}
                            onChange={(event) => change(row.key, { prize_type: event.target.value as PrizeType, ...(event.target.value === 'none' ? { amount: '0' } : {}) })}
                          >
                            {PRIZE_TYPES.map((type) => (
                              <option key={type} value={type}>
                                {t(`rewards.spin.types.${type}`)}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td>
                          <input
                            className="rewards-number"
                            aria-label={t('rewards.spin.amountOf', { position })}
                            value={row.prize_type === 'none' ? '0' : row.amount}
                            disabled={row.prize_type === 'none'}
                            inputMode="decimal"
                            onChange={(event) => change(row.key, { amount: event.target.value })}
                            {...cellAria(index, 'amount')}
                          />
                          {cellError(index, 'amount')}
                        </td>
                        <td>
                          <input
                            className="rewards-number"
                            aria-label={t('rewards.spin.chanceOf', { position })}
                            value={row.percent}
                            inputMode="decimal"
                            aria-invalid={weights[index] === null || weights[index] === 0 ? true : undefined}
                            onChange={(event) => change(row.key, { percent: event.target.value })}
                          />
                        </td>
                        <td>
                          <div className="content-actions">
                            <button type="button" onClick={() => move(index, -1)} disabled={index === 0} aria-label={t('rewards.spin.upOf', { position })}>
                              {t('rewards.spin.up')}
                            </button>
                            <button type="button" onClick={() => move(index, 1)} disabled={index === rows.length - 1} aria-label={t('rewards.spin.downOf', { position })}>
                              {t('rewards.spin.down')}
                            </button>
                            <button type="button" className="danger" onClick={() => setRows((all) => all.filter((entry) => entry.key !== row.key))} disabled={rows.length <= 2} aria-label={t('rewards.spin.removeOf', { position })}>
                              {t('rewards.spin.remove')}
                            </button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div className="buttons">
              <button type="button" onClick={() => setRows((all) => [...all, rowOf({ label: '', prize_type: 'tokens', amount: '' })])} disabled={rows.length >= 24}>
                {t('rewards.spin.addPrize')}
              </button>
            </div>
            <div className={`rewards-sum ${exact ? 'rewards-sum--ok' : 'rewards-sum--off'}`} role="status" data-testid="spin-sum">
              <strong>{sumText}</strong>{' '}
              {!allValid ? t('rewards.spin.sumInvalid') : exact ? t('rewards.spin.sumOk') : t('rewards.spin.sumOff', { diff: weightToPercent(Math.abs(diff)), direction: t(diff > 0 ? 'rewards.spin.missing' : 'rewards.spin.over') })}
              <FieldError errors={errors} name="weights" id={idOf('weights-error')} />
            </div>
            <p className="rewards-preview__title" id={idOf('expected')}>
              {t('rewards.spin.expected')}
            </p>
            <dl className="rewards-expected" data-testid="spin-expected" aria-labelledby={idOf('expected')}>
              <div>
                <dt>{t('rewards.spin.expectedBalance')}</dt>
                <dd className="mono">{expected.balance}</dd>
              </div>
              <div>
                <dt>{t('rewards.spin.expectedTokens')}</dt>
                <dd className="mono">{expected.tokens}</dd>
              </div>
              <div>
                <dt>{t('rewards.spin.expectedFrozen')}</dt>
                <dd className="mono">{expected.frozen_tokens}</dd>
              </div>
              <div>
                <dt>{t('rewards.spin.tokenReturn')}</dt>
                <dd className="mono">{costUnits !== null && tokenUnits !== null ? ratioPercent(tokenUnits, costUnits * 1_000_000n) : '–'}</dd>
              </div>
            </dl>
            <p className="sub">{t('rewards.spin.spins', { count: spins })}</p>
            {!mayMoney && <p className="note">{t('rewards.moneyNote')}</p>}
            {mayManage && (
              <>
                <Reason initial="" errors={errors} />
                <div className="buttons">
                  <button type="submit" className="primary" disabled={busy || !exact}>
                    {t('rewards.spin.save')}
                  </button>
                </div>
              </>
            )}
          </fieldset>
        </form>
      )}
    </section>
  );
}
