import { useId, useState, type FormEvent } from 'react';
import type { PlayerStatus } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { dateTime, failureText, money, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import { newIdempotencyKey, StatusTag } from './parts';
import type { PlayerData, PlayerTarget } from './PlayerPage';
import { Messages } from '../lib/Messages';

interface Props {
  data: PlayerData;
  target: PlayerTarget;
  onChanged: (notice: string) => Promise<void>;
}

/** The player's profile and balances, and what an operator may do to the account: its status and an adjustment. */
export function ProfileTab({ data, target, onChanged }: Props) {
  const mayManage = useMay('players.manage');
  const mayAdjust = useMay('money.adjust');
  const { profile, balances } = data;
  return (
    <div className="player-grid">
      <section aria-labelledby="profile-title" className="player-card">
        <h2 id="profile-title">{t('players.profile')}</h2>
        <dl className="facts">
          <dt>{t('players.accountId')}</dt>
          <dd className="mono">{profile.account_id}</dd>
          <dt>{t('players.name')}</dt>
          <dd>{profile.full_name || '—'}</dd>
          <dt>{t('players.site')}</dt>
          <dd>{profile.site_name}</dd>
          <dt>{t('players.status')}</dt>
          <dd>
            <StatusTag status={profile.status} />
          </dd>
          <dt>{t('players.phone')}</dt>
          <dd className="mono">{profile.contact_phone || '—'}</dd>
          <dt>{t('players.email')}</dt>
          <dd className="player-wrap">{profile.contact_email || '—'}</dd>
          <dt>{t('players.birthDate')}</dt>
          <dd>{profile.birth_date ?? '—'}</dd>
          <dt>{t('players.kycLevel')}</dt>
          <dd>{t(`players.kycLevels.${profile.kyc_level}`)}</dd>
          <dt>{t('players.referralCode')}</dt>
          <dd className="mono">{profile.referral_code}</dd>
          {profile.affiliate_code && (
            <>
              <dt>{t('players.affiliateCode')}</dt>
              <dd className="mono">{profile.affiliate_code}</dd>
            </>
          )}
          <dt>{t('players.created')}</dt>
          <dd>{dateTime(profile.created_at)}</dd>
          <dt>{t('players.lastLogin')}</dt>
          <dd>{profile.last_login_at ? dateTime(profile.last_login_at) : t('players.never')}</dd>
        </dl>
        {!mayManage && <p className="note">{t('players.contactsMasked')}</p>}
      </section>
      <section aria-labelledby="balances-title" className="player-card">
        <h2 id="balances-title">{t('players.balances')}</h2>
        <dl className="facts">
          <dt>{t('players.available')}</dt>
          <dd className="amount">{money(balances.available, balances.currency)}</dd>
          <dt>{t('players.held')}</dt>
          <dd className="amount">{money(balances.held, balances.currency)}</dd>
          <dt>{t('players.tokens')}</dt>
          <dd className="amount">{money(balances.tokens, t('players.tokenUnit'))}</dd>
          <dt>{t('players.frozenTokens')}</dt>
          <dd className="amount">{money(balances.frozen_tokens, t('players.tokenUnit'))}</dd>
        </dl>
        {mayAdjust && <AdjustForm target={target} currency={balances.currency} onChanged={onChanged} />}
      </section>
      {data.owed_sports.length > 0 && <OwedSports owed={data.owed_sports} target={target} currency={balances.currency} mayRecover={mayAdjust} onChanged={onChanged} />}
      {mayManage ? (
        <StatusForm status={profile.status} target={target} onChanged={onChanged} />
      ) : (
        <p className="note">{t('players.readOnly')}</p>
      )}
    </div>
  );
}

/** Block, unblock or close the account with a reason; blocking and closing sign the player out everywhere. */
function StatusForm({ status, target, onChanged }: { status: PlayerStatus; target: PlayerTarget; onChanged: Props['onChanged'] }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const next = submitter?.value as PlayerStatus | undefined;
    const reason = String(new FormData(form).get('reason') ?? '').trim();
    if (!next) return;
    if (reason.length < 3) return setError(failureText('tooShort'));
    if (next === 'closed' && !window.confirm(t('players.confirmClose'))) return;
    setBusy(true);
    setError('');
    const reply = await opsCall('opsPlayerStatus', { ...target, status: next, reason });
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    form.reset();
    await onChanged(t(`players.statusChanged.${reply.status}`, { count: reply.sessions_ended }));
  }

  return (
    <section aria-labelledby="status-title" className="player-card">
      <h2 id="status-title">{t('players.accountStatus')}</h2>
      {status === 'closed' ? (
        <p className="note">{t('players.closedForGood')}</p>
      ) : (
        <form className="player-form" onSubmit={submit}>
          <p className="note">{t(status === 'blocked' ? 'players.blockedNow' : 'players.blockHelp')}</p>
          <label htmlFor={reasonId}>{t('players.reason')}</label>
          <textarea id={reasonId} name="reason" rows={2} minLength={3} maxLength={500} required />
          <Messages error={error} />
          <div className="buttons">
            {status === 'active' ? (
              <button type="submit" value="blocked" className="danger" disabled={busy}>
                {t('players.block')}
              </button>
            ) : (
              <button type="submit" value="active" className="primary" disabled={busy}>
                {t('players.unblock')}
              </button>
            )}
            <button type="submit" value="closed" className="danger" disabled={busy}>
              {t('players.close')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The submit of a balance adjustment (opsAdjust, through the ledger), shared by the adjustment and
 * the sports recovery: the amount typed must match `format` and not be zero, the reason 3
 * characters; `call` makes the call's amount (and bet) of it. The idempotency key is renewed after
 * each adjustment and the form emptied; `applied` is the notice of a first application.
 */
function useAdjustSubmit(target: PlayerTarget, currency: string, onChanged: Props['onChanged']) {
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>, { format, applied, call }: { format: RegExp; applied: string; call: (amount: string) => { amount: string; sports_ticket?: string } }) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const amount = String(fields.get('amount') ?? '').trim();
    const reason = String(fields.get('reason') ?? '').trim();
    if (!format.test(amount) || !/[1-9]/.test(amount)) return setError(t('players.amountFormat'));
    if (reason.length < 3) return setError(failureText('tooShort'));
    setBusy(true);
    setError('');
    const reply = await opsCall('opsAdjust', { ...target, ...call(amount), reason, idempotency_key: key });
    setBusy(false);
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    setKey(newIdempotencyKey());
    form.reset();
    await onChanged(t(reply.applied ? applied : 'players.adjustedBefore', { balance: money(reply.balance_after, currency) }));
  }
  return { error, busy, submit };
}

/** The end of an adjustment form: the reason, the failure, the submit button. */
function AdjustEnd({ error, busy, label }: { error: string; busy: boolean; label: string }) {
  return (
    <>
      <label>
        {t('players.reason')}
        <textarea name="reason" rows={2} minLength={3} maxLength={500} required />
      </label>
      <Messages error={error} />
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}

/**
 * Credit or debit the balance with a reason (opsAdjust, through the ledger). The amount stays the
 * decimal string typed; the idempotency key is made when the form is shown and renewed after each
 * adjustment, so a double click or a resent request applies once.
 */
function AdjustForm({ target, currency, onChanged }: { target: PlayerTarget; currency: string; onChanged: Props['onChanged'] }) {
  const { error, busy, submit } = useAdjustSubmit(target, currency, onChanged);
  return (
    <form className="player-form" onSubmit={(event) => void submit(event, { format: /^[+-]?\d{1,16}(\.\d{1,4})?$/, applied: 'players.adjusted', call: (amount) => ({ amount }) })} aria-labelledby="adjust-title">
      <h3 id="adjust-title">{t('players.adjust')}</h3>
      <label>
        {t('players.amount', { currency })}
        <input name="amount" inputMode="decimal" autoComplete="off" required pattern="[+\-]?\d{1,16}(\.\d{1,4})?" aria-describedby="adjust-help" />
        <span id="adjust-help" className="sub">
          {t('players.amountHelp')}
        </span>
      </label>
      <AdjustEnd error={error} busy={busy} label={t('players.applyAdjustment')} />
    </form>
  );
}

/**
 * What corrected sports results could not take back from this player (ADR 0037), bet by bet, and
 * its recovery: a debit that names the bet (opsAdjust with sports_ticket, ADR 0055), which the
 * server books against the sportsbook and takes off what the bet owes, once per form.
 */
function OwedSports({
  owed,
  target,
  currency,
  mayRecover,
  onChanged,
}: {
  owed: PlayerData['owed_sports'];
  target: PlayerTarget;
  currency: string;
  mayRecover: boolean;
  onChanged: Props['onChanged'];
}) {
  const [ticket, setTicket] = useState(owed[0]?.ticket ?? '');
  const { error, busy, submit } = useAdjustSubmit(target, currency, onChanged);
  const chosen = owed.find((bet) => bet.ticket === ticket) ?? owed[0];

  return (
    <section aria-labelledby="owed-title" className="player-card">
      <h2 id="owed-title">{t('players.owedTitle')}</h2>
      <p className="note">{t('players.owedHelp')}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('players.ticket')}</th>
            <th scope="col">
              {t('players.owedAmount')}
            </th>
            <th scope="col">{t('players.settled')}</th>
          </tr>
        </thead>
        <tbody>
          {owed.map((bet) => (
            <tr key={bet.ticket}>
              <td className="mono">{bet.ticket}</td>
              <td className="amount">{money(bet.amount, currency)}</td>
              <td>{bet.settled_at ? dateTime(bet.settled_at) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {mayRecover && chosen && (
        <form
          className="player-form"
          onSubmit={(event) => void submit(event, { format: /^\d{1,16}(\.\d{1,4})?$/, applied: 'players.recovered', call: (amount) => ({ amount: `-${amount}`, sports_ticket: chosen.ticket }) })}
          aria-labelledby="recover-title"
        >
          <h3 id="recover-title">{t('players.recover')}</h3>
          <label>
            {t('players.ticket')}
            <select value={chosen.ticket} onChange={(event) => setTicket(event.target.value)}>
              {owed.map((bet) => (
                <option key={bet.ticket} value={bet.ticket}>
                  {bet.ticket} ({money(bet.amount, currency)})
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('players.recoverAmount', { currency })}
            <input key={chosen.ticket} name="amount" inputMode="decimal" autoComplete="off" required defaultValue={chosen.amount.replace(/\.?0+$/, '')} pattern="\d{1,16}(\.\d{1,4})?" />
          </label>
          <AdjustEnd error={error} busy={busy} label={t('players.recoverApply')} />
        </form>
      )}
    </section>
  );
}
