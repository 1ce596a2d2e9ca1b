import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  LIMIT_KINDS,
  SESSION_LIMIT_MINUTES,
  STATUS,
  compareDecimals,
  fromMinorUnits,
  isSessionEndMessage,
  limitPeriodsOf,
  parseMinorUnits,
  progressToward,
  setLimitPayload,
  type LimitKind,
  type LimitPeriod,
  type LimitView,
  type LocaleCode,
  type RealityCheckReply,
  type ResponsibleStatusReply,
} from '@wl/contracts';
import { useRevalidator } from 'react-router';
import { callApi, sessionCallPayload, type ApiReply } from '../client/api';
import { handleApiError } from '../client/errors';
import { useHydrated } from '../client/hydration';
import { useSession } from '../client/session';
import { money } from '../shared/format/amounts';
import { RevalidateNote } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import type { SiteT } from '../i18n/translate';
import { exclusionEndText, limitName, replyMessageText, validationText } from '../lib/messages';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { FormMessage } from '../shared/forms/fields';
import { ruleError } from '../shared/forms/validation';
import { GuestLogIn } from './TakeABreak';
import { RealityCheckSetting } from './RealityCheckSetting';

/** The contract's rule for a limit's amount (the call's, without its null that removes). */
const AMOUNT_RULE = setLimitPayload.shape.amount.unwrap();

/** A session limit (ADR 0041): whole minutes, as the call's own refinement checks them. */
function minutesProblem(value: string): string | null {
  const text = value.trim();
  if (!/^\d{1,4}$/.test(text)) return validationText('invalidValue');
  const minutes = Number(text);
  return minutes < SESSION_LIMIT_MINUTES.min || minutes > SESSION_LIMIT_MINUTES.max ? validationText('invalidValue') : null;
}

/** A limit's figure as the page says it: money in the site currency, or minutes for a session limit. */
function amountText(kind: LimitKind, amount: string, currency: string, t: SiteT): string {
  return kind === 'session' ? t('responsible.limits.minutesValue', { count: Number(amount) }) : money(amount, currency);
}

type Key = `${LimitKind}:${LimitPeriod}`;
const keyOf = (kind: LimitKind, period: LimitPeriod): Key => `${kind}:${period}`;

/** What a change answers its row: null when it was sent (the row says the outcome), else the text of the failure. */
type Change = (kind: LimitKind, period: LimitPeriod, amount: string | null) => Promise<string | null>;

/** A row's line under its figures: what a change or a confirmation did, or why it failed. */
interface Notice {
  key: Key;
  kind: 'done' | 'error';
  text: string;
}

/**
 * "Limits" of /responsible-gaming (issue 25 §2, ADR 0039): deposit, loss and wager limits over the
 * last 24 hours, 7 or 30 days, one card per kind with its three periods. Each row shows the limit in
 * force, what is used and left (a bar and the same in words), and a raise or removal waiting with
 * the time it may be confirmed, then a Confirm button once it may. A first or lower limit applies
 * at once and a higher one or a removal only 24 hours later and after a confirmation
 * (docs/product.md §4 "Limits"): the section says so before anything is sent, and the editor says
 * which of the two a typed amount is. The limits and the reality-check interval are the route's
 * clientLoader's (ADR 0058), null while they load; a change loads them again.
 */
export function Limits({ status, realityCheck }: { status: Loaded<ResponsibleStatusReply> | null; realityCheck: Loaded<RealityCheckReply> | null }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const session = useSession();
  const titleId = useId();
  return (
    <section className="account-card limits" aria-labelledby={titleId} data-testid="limits">
      <h2 id={titleId} className="account-card__title">
        {t('responsible.limits.title')}
      </h2>
      <p className="account-lead">{t('responsible.limits.lead')}</p>
      {/* The session lives in the browser: known after hydration only (docs/product.md D3). */}
      {!hydrated ? null : session.isAuthenticated ? <PlayerLimits load={status} realityCheck={realityCheck} /> : <GuestLogIn lead={t('responsible.limits.guestLead')} />}
    </section>
  );
}

function PlayerLimits({ load, realityCheck }: { load: Loaded<ResponsibleStatusReply> | null; realityCheck: Loaded<RealityCheckReply> | null }) {
  const { t } = useT();
  const { locale } = useLocale();
  const currency = useReadySite()?.site.currency ?? '';
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<Key | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<Key | null>(null);

  const [focusRequest, setFocusRequest] = useState<{ key: Key } | null>(null);
  // After the render that brings the row's own button back (its editor closed, its Confirm gone), not before it.
  useEffect(() => {
    if (focusRequest) document.getElementById(`limit-${focusRequest.key.replace(':', '-')}-edit`)?.focus();
  }, [focusRequest]);
  /** Back to the row's own button once its editor or its Confirm is gone. */
  const focusRow = (key: Key) => setFocusRequest({ key });

  /** A set, remove or confirm call: the reply's status replaces the list; a failure is said on the row. */
  const send = async (key: Key, call: () => Promise<ApiReply<'setLimit'> | ApiReply<'confirmLimit'>>): Promise<ResponsibleStatusReply | string | null> => {
    setBusy(key);
    const reply = await call().finally(() => setBusy(null));
    if (reply.statusCode === STATUS.ok && 'limits' in reply) {
      await revalidate();
      return reply;
    }
    if (isSessionEndMessage(reply.message)) {
      handleApiError(reply);
      return null;
    }
    return replyMessageText(reply, t, locale, currency);
  };

  const change: Change = async (kind, period, amount) => {
    const key = keyOf(kind, period);
    const before = load?.kind === 'ready' ? viewOf(load.value.limits, kind, period) : undefined;
    const reply = await send(key, () => callApi('setLimit', { ...sessionCallPayload(), kind, period, amount }));
    if (typeof reply === 'string' || reply === null) return reply;
    setEditing((current) => (current === key ? null : current));
    setNotice({ key, kind: 'done', text: changedText(t, currency, kind, period, before, viewOf(reply.limits, kind, period)) });
    focusRow(key);
    return null;
  };

  /** Drops a change waiting by asking again for the limit in force, which applies at once (ADR 0039: equal counts as lower). */
  const keep = async (kind: LimitKind, period: LimitPeriod, amount: string) => {
    const failure = await change(kind, period, amount);
    if (failure) setNotice({ key: keyOf(kind, period), kind: 'error', text: failure });
  };

  const confirm = async (kind: LimitKind, period: LimitPeriod) => {
    const key = keyOf(kind, period);
    const reply = await send(key, () => callApi('confirmLimit', { ...sessionCallPayload(), kind, period }));
    if (reply === null) return;
    if (typeof reply === 'string') return setNotice({ key, kind: 'error', text: reply });
    const after = viewOf(reply.limits, kind, period);
    const limit = limitName(kind, period, t);
    setNotice({
      key,
      kind: 'done',
      text: after?.amount ? t('responsible.limits.done.confirmed', { limit, amount: amountText(kind, after.amount, currency, t) }) : t('responsible.limits.done.confirmedRemoved', { limit }),
    });
    focusRow(key);
  };

  if (!load || load.kind === 'guest') return <p className="limits__state" aria-busy="true">{t('responsible.limits.loading')}</p>;
  if (load.kind !== 'ready') return <RevalidateNote text={t('responsible.limits.failed')} />;

  return (
    <>
      <ul className="limits__rules">
        <li>{t('responsible.limits.rules.lower')}</li>
        <li>{t('responsible.limits.rules.higher')}</li>
        <li>{t('responsible.limits.rules.refused')}</li>
        <li>{t('responsible.limits.rules.session')}</li>
      </ul>
      <div className="limits__kinds">
        {LIMIT_KINDS.map((kind) => (
          <KindCard key={kind} kind={kind}>
            {limitPeriodsOf(kind).map((period) => {
              const key = keyOf(kind, period);
              return (
                <LimitRow
                  key={key}
                  kind={kind}
                  period={period}
                  view={viewOf(load.value.limits, kind, period)}
                  currency={currency}
                  locale={locale}
                  editing={editing === key}
                  busy={busy === key}
                  notice={notice?.key === key ? notice : null}
                  onEdit={() => {
                    setEditing(key);
                    setNotice(null);
                  }}
                  onClose={() => {
                    setEditing(null);
                    focusRow(key);
                  }}
                  onChange={change}
                  onKeep={(amount) => void keep(kind, period, amount)}
                  onConfirm={() => void confirm(kind, period)}
                />
              );
            })}
          </KindCard>
        ))}
      </div>
      <RealityCheckSetting loaded={realityCheck} />
    </>
  );
}

function viewOf(limits: readonly LimitView[], kind: LimitKind, period: LimitPeriod): LimitView | undefined {
  return limits.find((entry) => entry.kind === kind && entry.period === period);
}

/** What a set or remove did, said after it: applied at once, waiting for a confirmation, removed, or a waiting change dropped. */
function changedText(t: SiteT, currency: string, kind: LimitKind, period: LimitPeriod, before: LimitView | undefined, after: LimitView | undefined): string {
  const limit = limitName(kind, period, t);
  if (!after) return t('responsible.limits.done.removed', { limit });
  const current = after.amount ? amountText(kind, after.amount, currency, t) : '';
  // The row's waiting line, just above, says from when it may be confirmed.
  if (after.pending) return t(after.pending.amount === null ? 'responsible.limits.done.removing' : 'responsible.limits.done.waiting', { limit, amount: current });
  if (before?.pending && before.amount && after.amount && compareDecimals(before.amount, after.amount) === 0) {
    return t('responsible.limits.done.cancelled', { limit, amount: current });
  }
  return t('responsible.limits.done.applied', { limit, amount: current });
}

function KindCard({ kind, children }: { kind: LimitKind; children: ReactNode }) {
  const { t } = useT();
  const id = useId();
  return (
    <section className="limits__kind" aria-labelledby={`${id}-title`} data-testid={`limits-${kind}`}>
      <h3 id={`${id}-title`} className="limits__kind-title">
        {t(`responsible.limits.kinds.${kind}`)}
      </h3>
      <p className="limits__kind-hint">{t(`responsible.limits.kindHints.${kind}`)}</p>
      <ul className="limits__rows">{children}</ul>
    </section>
  );
}

interface RowProps {
  kind: LimitKind;
  period: LimitPeriod;
  view: LimitView | undefined;
  currency: string;
  locale: LocaleCode;
  editing: boolean;
  busy: boolean;
  notice: Notice | null;
  onEdit: () => void;
  onClose: () => void;
  onChange: Change;
  onKeep: (amount: string) => void;
  onConfirm: () => void;
}

/** One period of a kind: the limit in force with the button that opens its editor, its use, and a change waiting. */
function LimitRow({ kind, period, view, currency, locale, editing, busy, notice, onEdit, onClose, onChange, onKeep, onConfirm }: RowProps) {
  const { t } = useT();
  const id = `limit-${kind}-${period}`;
  const limit = limitName(kind, period, t);
  const amount = view?.amount ?? null;
  const pending = view?.pending ?? null;
  return (
    <li className="limit-row" data-testid={id} data-state={amount === null ? 'none' : 'set'}>
      <div className="limit-row__head">
        <h4 className="limit-row__period">
          {t(`responsible.limits.periods.${period}`)}{' '}
          <span className="limit-row__span">{t(`responsible.limits.spans.${period}`)}</span>
        </h4>
        <p className="limit-row__amount" data-testid={`${id}-amount`}>
          {amount === null ? <span className="limit-row__none">{t('responsible.limits.noLimit')}</span> : amountText(kind, amount, currency, t)}
        </p>
        {editing ? null : (
          <button
            type="button"
            id={`${id}-edit`}
            className="btn btn--ghost limit-row__edit"
            aria-label={t(amount === null ? 'responsible.limits.setLabel' : 'responsible.limits.changeLabel', { limit })}
            onClick={onEdit}
          >
            <Icon name={amount === null ? 'plus' : 'edit'} size={16} />
            {amount === null ? t('responsible.limits.set') : t('responsible.limits.change')}
          </button>
        )}
      </div>
      {amount !== null && view ? <Usage kind={kind} amount={amount} used={view.used} left={view.left ?? '0'} currency={currency} /> : null}
      {pending ? (
        <div className="limit-row__pending" data-testid={`${id}-pending`} data-confirmable={pending.confirmable ? 'true' : 'false'}>
          <Icon name={pending.confirmable ? 'check' : 'clock'} size={18} />
          <p>
            {pending.confirmable
              ? pending.amount === null
                ? t('responsible.limits.readyRemove')
                : t('responsible.limits.readyRaise', { amount: amountText(kind, pending.amount, currency, t) })
              : pending.amount === null
                ? t('responsible.limits.pendingRemove', { date: exclusionEndText(pending.from, locale) })
                : t('responsible.limits.pendingRaise', { amount: amountText(kind, pending.amount, currency, t), date: exclusionEndText(pending.from, locale) })}
          </p>
          <div className="limit-row__actions">
            {pending.confirmable ? (
              <button type="button" className="btn btn--primary" disabled={busy} aria-label={t('responsible.limits.confirmLabel', { limit })} onClick={onConfirm}>
                {t('responsible.limits.confirm')}
              </button>
            ) : null}
            {amount !== null ? (
              <button type="button" className="btn btn--ghost" disabled={busy} aria-label={t('responsible.limits.cancelChangeLabel', { limit })} onClick={() => onKeep(amount)}>
                {t('responsible.limits.cancelChange')}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      <p className={`limit-row__notice limit-row__notice--${notice?.kind ?? 'done'}`} role="status" data-testid={`${id}-notice`}>
        {notice?.text ?? ''}
      </p>
      {editing ? <LimitEditor kind={kind} period={period} view={view} currency={currency} busy={busy} onChange={onChange} onClose={onClose} /> : null}
    </li>
  );
}

/** What is used of a limit and what is left: a bar for the eye, the same in words for everyone. */
function Usage({ kind, amount, used, left, currency }: { kind: LimitKind; amount: string; used: string; left: string; currency: string }) {
  const { t } = useT();
  const { percent } = progressToward(used, amount);
  const full = compareDecimals(left, '0') <= 0;
  return (
    <div className="limit-usage" data-full={full ? 'true' : 'false'}>
      {/* The text below says the same: the bar is decoration for assistive technology. */}
      <div className="limit-usage__track" aria-hidden="true">
        <span className="limit-usage__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="limit-usage__text">
        <span>{t('responsible.limits.usage', { used: amountText(kind, used, currency, t), amount: amountText(kind, amount, currency, t) })}</span>
        <span className="limit-usage__left" data-testid="limit-left">
          {t('responsible.limits.left', { left: amountText(kind, left, currency, t) })}
        </span>
      </p>
    </div>
  );
}

/** The amount as typed for a limit: an exact decimal, shortest ("1000.0000" → "1000"). */
function typedAmount(amount: string | null): string {
  const minor = amount === null ? null : parseMinorUnits(amount);
  return minor === null ? '' : fromMinorUnits(minor, { trim: true });
}

/**
 * Sets, changes or removes one limit. The amount is checked with the call's own rule before it is
 * sent, and the line under it says, as the player types, whether it applies at once or waits 24
 * hours and a confirmation (docs/product.md §4 "Limits").
 */
function LimitEditor({
  kind,
  period,
  view,
  currency,
  busy,
  onChange,
  onClose,
}: {
  kind: LimitKind;
  period: LimitPeriod;
  view: LimitView | undefined;
  currency: string;
  busy: boolean;
  onChange: Change;
  onClose: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const inForce = view?.amount ?? null;
  const [value, setValue] = useState(typedAmount(inForce));
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const limit = limitName(kind, period, t);
  const input = useRef<HTMLInputElement>(null);
  // The editor opens on the player's click: the amount is what they came to type.
  useEffect(() => input.current?.focus(), []);
  const minutes = kind === 'session';
  const problemOf = (text: string) => (minutes ? minutesProblem(text) : ruleError(AMOUNT_RULE, text));
  const valid = value.trim() !== '' && problemOf(value) === null;
  const hint = !valid
    ? t('responsible.limits.hintAny')
    : inForce === null
      ? t('responsible.limits.hintFirst')
      : compareDecimals(value.trim(), inForce) > 0
        ? t('responsible.limits.hintLater')
        : t('responsible.limits.hintNow');

  const focusLater = (target: string) => requestAnimationFrame(() => document.getElementById(target)?.focus());
  // The failure above the field takes the focus once it is rendered, so it is read out.
  useEffect(() => {
    if (formError) document.getElementById(`${id}-form`)?.focus();
  }, [formError, id]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = value.trim() === '' ? validationText('required') : problemOf(value);
    setError(problem);
    setFormError(null);
    if (problem) return focusLater(`${id}-amount`);
    const failure = await onChange(kind, period, value.trim());
    if (failure) setFormError(failure);
  };

  const remove = async () => {
    if (busy) return;
    setError(null);
    setFormError(null);
    const failure = await onChange(kind, period, null);
    if (failure) setFormError(failure);
  };

  const errorId = error ? `${id}-error` : undefined;
  return (
    <form
      className="limit-editor"
      noValidate
      aria-label={t(inForce === null ? 'responsible.limits.setLabel' : 'responsible.limits.changeLabel', { limit })}
      aria-busy={busy}
      onSubmit={(event) => void submit(event)}
      data-testid="limit-editor"
    >
      <FormMessage text={formError} id={`${id}-form`} />
      <div className={error ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={`${id}-amount`}>
          {minutes ? t('responsible.limits.fieldMinutes') : t('responsible.limits.field', { currency })}
        </label>
        <input
          id={`${id}-amount`}
          className="field__input"
          type="text"
          inputMode={minutes ? 'numeric' : 'decimal'}
          autoComplete="off"
          maxLength={21}
          ref={input}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, `${id}-hint`].filter(Boolean).join(' ')}
        />
        {error ? (
          <p className="field__error" id={errorId}>
            {error}
          </p>
        ) : null}
        {/* Said as the player types: at once, or after 24 hours and a confirmation. */}
        <p className="field__hint limit-editor__hint" id={`${id}-hint`} aria-live="polite" data-testid="limit-hint">
          {hint}
        </p>
      </div>
      <div className="limit-editor__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? t('responsible.limits.saving') : t('responsible.limits.save')}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={onClose}>
          {t('responsible.limits.cancel')}
        </button>
      </div>
      {/* A limit in force can be removed, unless its removal is already waiting; removing waits as a raise does. */}
      {inForce !== null && view?.pending?.amount !== null ? (
        <div className="limit-editor__remove">
          <button type="button" className="btn btn--ghost" disabled={busy} aria-describedby={`${id}-remove-note`} onClick={() => void remove()}>
            {t('responsible.limits.remove')}
          </button>
          <p className="limit-editor__note" id={`${id}-remove-note`}>
            {t('responsible.limits.removeNote')}
          </p>
        </div>
      ) : null}
    </form>
  );
}
