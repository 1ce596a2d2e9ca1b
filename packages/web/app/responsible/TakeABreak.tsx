import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import {
  SELF_EXCLUSION_PERIODS,
  STATUS,
  TIME_OUT_PERIODS,
  exclusionEnd,
  exclusionKindOf,
  guestGuardAction,
  isSessionEndMessage,
  type ExclusionPeriod,
  type LocaleCode,
  type SelfExcludeReply,
} from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { expectSessionEnd, handleApiError } from '../client/errors';
import { useHydrated } from '../client/hydration';
import { openModal } from '../client/modals';
import { logout, useSession } from '../client/session';
import { openSignIn } from '../shell/AuthModals';
import { FormMessage } from '../shared/forms/fields';
import { Icon } from '../shared/ui/icons';
import { errorMessageText, exclusionEndText } from '../lib/messages';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { useT } from '../i18n/use-t';

/** What a start answers the form: null when it started (or the session ended), else the text of the failure. */
type Start = (period: ExclusionPeriod) => Promise<string | null>;

/**
 * "Take a break or self-exclude" of /responsible-gaming (issue 25 §3, ADR 0039): the time-outs and
 * the self-exclusions as two groups of one choice, what a term does, a confirm step naming the
 * period and its end, then responsible/self_exclude. The server ends every session of the person
 * at once, so the client forgets its own as a log-out does, and the section says until when.
 * What the section shows after the start lives here, above the session: the page stays (it is open
 * to guests) while the player becomes a guest under it.
 */
export function TakeABreak() {
  const { t } = useT();
  const hydrated = useHydrated();
  const session = useSession();
  const titleId = useId();
  const [started, setStarted] = useState<SelfExcludeReply | null>(null);
  // While the call runs the form stays, even if the live balance stream reports the ended session first.
  const [busy, setBusy] = useState(false);

  const start: Start = async (period) => {
    setBusy(true);
    const payload = { ...sessionCallPayload(), period };
    expectSessionEnd(payload.auth);
    const reply = await callApi('selfExclude', payload).finally(() => expectSessionEnd(null));
    if (reply.statusCode === STATUS.ok && 'kind' in reply) {
      // Every session of the player has ended on the server (ADR 0039): clear the stored one, as the log-out does.
      logout();
      setStarted(reply);
      return null;
    }
    setBusy(false);
    if (isSessionEndMessage(reply.message)) {
      handleApiError(reply);
      return null;
    }
    return errorMessageText(reply.message, t);
  };

  if (started) return <BreakStarted reply={started} />;
  return (
    <section className="account-card take-break" aria-labelledby={titleId} data-testid="take-a-break">
      <h2 id={titleId} className="account-card__title">
        {t('responsible.sectionTitle')}
      </h2>
      <p className="account-lead">{t('responsible.sectionLead')}</p>
      <ul className="take-break__rules">
        <li>{t('responsible.rules.allSites')}</li>
        <li>{t('responsible.rules.final')}</li>
        <li>{t('responsible.rules.sessions')}</li>
        <li>{t('responsible.rules.withdrawals')}</li>
      </ul>
      {/* The session lives in the browser: known after hydration only (docs/product.md D3). */}
      {!hydrated ? null : session.isAuthenticated || busy ? <BreakForm busy={busy} onStart={start} /> : <GuestLogIn lead={t('responsible.guestLead')} />}
    </section>
  );
}

function BreakForm({ busy, onStart }: { busy: boolean; onStart: Start }) {
  const { t } = useT();
  const { locale } = useLocale();
  const id = useId();
  const [period, setPeriod] = useState<ExclusionPeriod | null>(null);
  /** The choice being confirmed, with its end as of the moment the player asked (null: permanent). */
  const [confirming, setConfirming] = useState<{ period: ExclusionPeriod; end: Date | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const choiceId = (value: ExclusionPeriod) => `${id}-${value}`;
  const focusLater = (target: string) => requestAnimationFrame(() => document.getElementById(target)?.focus());

  // The confirm step's title takes the focus, not its button: a second Enter must not start a term by itself.
  useEffect(() => {
    if (confirming) confirmTitle.current?.focus();
  }, [confirming]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!confirming) {
      if (!period) {
        setError(t('responsible.chooseFirst'));
        return focusLater(`${id}-error`);
      }
      setError(null);
      setConfirming({ period, end: exclusionEnd(period, new Date()) });
      return;
    }
    const failure = await onStart(confirming.period);
    if (failure) {
      setError(failure);
      focusLater(`${id}-error`);
    }
  };

  const back = () => {
    setConfirming(null);
    setError(null);
    if (period) focusLater(choiceId(period));
  };

  const choose = (value: ExclusionPeriod) => {
    setPeriod(value);
    setError(null);
  };

  const groups = [
    { key: 'timeout', legend: t('responsible.timeOutLegend'), hint: t('responsible.timeOutHint'), periods: TIME_OUT_PERIODS },
    { key: 'exclusion', legend: t('responsible.exclusionLegend'), hint: t('responsible.exclusionHint'), periods: SELF_EXCLUSION_PERIODS },
  ] as const;

  return (
    <form className="take-break__form" noValidate onSubmit={submit} aria-busy={busy}>
      <FormMessage text={error} id={`${id}-error`} />
      <div className="take-break__groups">
        {groups.map((group) => (
          // Locked while confirming: what the confirm step names is what starts.
          <fieldset key={group.key} className="take-break__group" disabled={!!confirming} aria-describedby={`${id}-${group.key}-hint`}>
            <legend className="take-break__legend">{group.legend}</legend>
            <p id={`${id}-${group.key}-hint`} className="take-break__hint">
              {group.hint}
            </p>
            <div className="take-break__choices">
              {group.periods.map((value) => (
                <label key={value} className="take-break__choice">
                  <input type="radio" id={choiceId(value)} name={`${id}-period`} value={value} checked={period === value} onChange={() => choose(value)} />
                  <span className="take-break__choice-body">{t(`responsible.periods.${value}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {confirming ? (
        <Confirm period={confirming.period} end={confirming.end} busy={busy} titleRef={confirmTitle} locale={locale} onBack={back} />
      ) : (
        <button type="submit" className="btn btn--primary take-break__continue">
          {t('responsible.continue')}
        </button>
      )}
    </form>
  );
}

/** The confirm step: the period and its end in the page's language, what follows, and the button that starts it. */
function Confirm({
  period,
  end,
  busy,
  titleRef,
  locale,
  onBack,
}: {
  period: ExclusionPeriod;
  end: Date | null;
  busy: boolean;
  titleRef: RefObject<HTMLHeadingElement | null>;
  locale: LocaleCode;
  onBack: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const timeout = exclusionKindOf(period) === 'timeout';
  const label = t(`responsible.periods.${period}`);
  const summary = !end
    ? t('responsible.aboutToExcludeForGood')
    : t(timeout ? 'responsible.aboutToTimeOut' : 'responsible.aboutToExclude', { period: label, date: exclusionEndText(end, locale) });
  return (
    <div className="take-break__confirm" role="group" aria-labelledby={`${id}-title`} data-testid="break-confirm">
      <h3 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="take-break__confirm-title">
        {timeout ? t('responsible.confirmTimeOut') : t('responsible.confirmExclusion')}
      </h3>
      <p className="take-break__summary">{summary}</p>
      <p className="take-break__note">{t('responsible.confirmNote')}</p>
      <div className="take-break__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? t('responsible.starting') : timeout ? t('responsible.startTimeOut') : t('responsible.startExclusion')}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={onBack}>
          {t('responsible.back')}
        </button>
      </div>
    </div>
  );
}

/** After the start: until when (or that it is for good), said by the server's reply, and the way home. */
function BreakStarted({ reply }: { reply: SelfExcludeReply }) {
  const { t } = useT();
  const { locale, to } = useLocale();
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="account-card take-break take-break--started" aria-labelledby={`${id}-title`} data-testid="break-started">
      <span className="take-break__icon">
        <Icon name="check" size={24} />
      </span>
      <h2 id={`${id}-title`} ref={title} tabIndex={-1} className="account-card__title">
        {reply.kind === 'timeout' ? t('responsible.startedTimeOut') : t('responsible.startedExclusion')}
      </h2>
      <p className="take-break__until" data-testid="break-until">
        {reply.until ? t('responsible.endsOn', { date: exclusionEndText(reply.until, locale) }) : t('responsible.forGood')}
      </p>
      <p className="account-lead">{t('responsible.rules.withdrawals')}</p>
      <Link to={to('/')} className="btn btn--primary take-break__home">
        {t('content.backHome')}
      </Link>
    </section>
  );
}

/**
 * A guest: what logging in gives (`lead`), and log in as the header does on this template (the
 * /login page, or the login or sign-in modal). The limits section asks the same way.
 */
export function GuestLogIn({ lead }: { lead: string }) {
  const { t } = useT();
  const { to } = useLocale();
  const site = useReadySite();
  const action = site ? guestGuardAction(site.themeCode) : null;
  const modal = action?.kind === 'redirect-then-modal' ? action.modal : null;
  return (
    <div className="take-break__guest">
      <p>{lead}</p>
      {modal ? (
        <button type="button" className="btn btn--primary" aria-haspopup="dialog" onClick={() => (modal === 'signin' ? openSignIn('login') : openModal('login'))}>
          {t('shell.logIn')}
        </button>
      ) : (
        <Link to={to('/login')} className="btn btn--primary">
          {t('shell.logIn')}
        </Link>
      )}
    </div>
  );
}
