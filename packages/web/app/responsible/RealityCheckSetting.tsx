import { useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { REALITY_CHECK_CHOICES, STATUS, isSessionEndMessage, type RealityCheckReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import type { Loaded } from '../shared/data/loaded';
import { useT } from '../i18n/use-t';
import { replyMessageText } from '../lib/messages';
import { FormMessage } from '../shared/forms/fields';
import { announceRealityCheck } from '../shell/RealityCheck';

type Choice = 'off' | `${(typeof REALITY_CHECK_CHOICES)[number]}`;
const CHOICES: readonly Choice[] = ['off', ...REALITY_CHECK_CHOICES.map((minutes) => `${minutes}` as const)];
/** The saved interval as a choice; one the site does not offer (any of 15..60 is valid for the call) shows as none checked. */
const choiceOf = (minutes: number | null): Choice => (minutes === null ? 'off' : (`${minutes}` as Choice));

/**
 * The reality-check interval (issue 25 §3, ADR 0041): off, or every 15, 30, 45 or 60 minutes of a
 * session the site shows how long it has lasted and its net result. Saved with the call, it applies
 * to the session at once (the shell's dialog is told), and the route loads again (ADR 0058).
 */
export function RealityCheckSetting({ loaded }: { loaded: Loaded<RealityCheckReply> | null }) {
  const { t } = useT();
  const id = useId();
  const { revalidate } = useRevalidator();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (loaded?.kind !== 'ready') return null;
  const saved = choiceOf(loaded.value.interval_minutes);
  const current = choice ?? saved;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setDone('');
    const reply = await callApi('saveRealityCheck', { ...sessionCallPayload(), interval_minutes: current === 'off' ? null : Number(current) }).finally(() => setBusy(false));
    if (reply.statusCode === STATUS.ok) {
      const value = reply as RealityCheckReply;
      await revalidate();
      setChoice(null);
      announceRealityCheck(value);
      setDone(value.interval_minutes === null ? t('realityCheck.setting.savedOff') : t('realityCheck.setting.saved', { minutes: value.interval_minutes }));
      return;
    }
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    setError(replyMessageText(reply, t));
  };

  return (
    <form className="reality-setting" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-testid="reality-check-setting">
      <FormMessage text={error} id={`${id}-error`} />
      <fieldset className="take-break__group" aria-describedby={`${id}-hint`}>
        <legend className="take-break__legend">{t('realityCheck.setting.legend')}</legend>
        <p id={`${id}-hint`} className="take-break__hint">
          {t('realityCheck.setting.hint')}
        </p>
        <div className="take-break__choices reality-setting__choices">
          {CHOICES.map((value) => (
            <label key={value} className="take-break__choice">
              <input type="radio" name={`${id}-interval`} value={value} checked={current === value} onChange={() => setChoice(value)} />
              <span className="take-break__choice-body">{value === 'off' ? t('realityCheck.setting.off') : t('realityCheck.setting.every', { minutes: Number(value) })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="reality-setting__actions">
        <button type="submit" className="btn btn--primary" disabled={busy || current === saved}>
          {busy ? t('responsible.limits.saving') : t('realityCheck.setting.save')}
        </button>
        <p className="reality-setting__done" role="status">
          {done}
        </p>
      </div>
    </form>
  );
}
