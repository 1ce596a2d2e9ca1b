import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LOCALES, type LocaleCode } from '@wl/contracts';
import type { Failure } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { Messages } from '../lib/Messages';

/*
 * Pieces the Promotions, Missions and Lucky spin tabs share (ADR 0054): the dialog frame, a
 * field's server errors in words, the reason the audit log keeps, the save with a reason, a list's
 * state and row buttons, the switch on/off dialog, the language switcher of the texts and the
 * preview of a sanitised body.
 */

export type FieldErrors = Record<string, string[]>;

export function RewardsDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="review content-dialog rewards-dialog" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="quiet" onClick={() => dialog.current?.close()}>
          {t('rewards.close')}
        </button>
      </header>
      <div className="content-dialog__body">{children}</div>
    </dialog>
  );
}

/** A field error key in words; a wrong format says what the field takes. */
export function errorText(field: string, key: string): string {
  const leaf = field.split('.').pop() ?? field;
  if (key === 'invalidFormat' && ['title', 'summary', 'description', 'label'].includes(leaf)) return t('rewards.fieldErrors.markup');
  if (key === 'invalidFormat' && leaf === 'image_url') return t('rewards.fieldErrors.image');
  if ((key === 'invalidFormat' || key === 'invalidValue') && ['reward_amount', 'min_deposit', 'target', 'reward_tokens', 'cost', 'amount'].includes(leaf) && field !== 'reward_amount')
    return t('rewards.fieldErrors.amount');
  if (field === 'reward_amount' && key === 'invalidValue') return t('rewards.fieldErrors.rewardAmount');
  if (field === 'reward_amount' && key === 'invalidFormat') return t('rewards.fieldErrors.amount');
  if (field === 'end_at' && key === 'invalidValue') return t('rewards.fieldErrors.endAt');
  if (field === 'weights') return t('rewards.fieldErrors.weights');
  if (/^texts\.[A-Z]+$/.test(field) && key === 'invalidValue') return t('rewards.fieldErrors.language');
  return t(`rewards.fieldErrors.${key}`, { defaultValue: failureText(key) });
}

/** The server's errors of one field, under it (its id ties it to the control). */
export function FieldError({ errors, name, id }: { errors: FieldErrors; name: string; id: string }) {
  const keys = errors[name];
  if (!keys?.length) return null;
  return (
    <span id={id} className="form-error content-field-error">
      {[...new Set(keys)].map((key) => errorText(name, key)).join(' ')}
    </span>
  );
}

/** aria attributes of a control with server errors and an optional hint. */
export const described = (errors: FieldErrors, name: string, errorId: string, hintId?: string) => ({
  'aria-invalid': errors[name] ? true : undefined,
  'aria-describedby': [errors[name] ? errorId : '', hintId ?? ''].filter(Boolean).join(' ') || undefined,
});

export function Reason({ initial, errors }: { initial: string; errors: FieldErrors }) {
  const errorId = useId();
  return (
    <div className="content-field">
      <label>
        {t('rewards.reason')}
        <textarea name="reason" rows={2} maxLength={500} required minLength={3} defaultValue={initial} {...described(errors, 'reason', errorId)} />
      </label>
      <FieldError errors={errors} name="reason" id={errorId} />
    </div>
  );
}

/** What a dialog's save hands back: its notice and the reason, kept for the next form. */
export type OnDone = (notice: string, reason: string) => void;

/** A form's fields as sent: a field's trimmed value, the form itself, the reason given. */
export interface SentForm {
  value: (name: string) => string;
  form: FormData;
  reason: string;
}

/**
 * The submit of a form saved with a reason: a reason under 3 characters is refused here; else
 * `send` makes the call, the server's field errors go under their fields (`onRefused` sees them)
 * and its failure above the buttons, and a saved form calls `onDone`.
 */
export function useReasonedSave(onDone: OnDone, onRefused?: (errors: FieldErrors) => void) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>, send: (sent: SentForm) => Promise<{ statusCode: number }>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const reason = value('reason');
    if (reason.length < 3) return setErrors({ reason: ['tooShort'] });
    setBusy(true);
    setError('');
    setErrors({});
    const reply = await send({ value, form, reason });
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.errors) {
        setErrors(failed.errors);
        onRefused?.(failed.errors);
      }
      return setError(failureText(failed.message));
    }
    onDone(t('rewards.saved'), reason);
  }
  return { errors, error, busy, submit };
}

/** The end of a form saved with a reason: the reason, the failure, the submit button. */
export function ReasonAndSubmit({ lastReason, errors, error, busy, label }: { lastReason: string; errors: FieldErrors; error: string; busy: boolean; label: string }) {
  return (
    <>
      <Reason initial={lastReason} errors={errors} />
      <Messages error={error} />
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}

/** On or off, confirmed with a reason: `save` stores the row again whole with the other state. */
export function SwitchDialog({ name, active, lastReason, save, onClose, onDone }: { name: string; active: boolean; lastReason: string; save: (reason: string) => Promise<{ statusCode: number }>; onClose: () => void; onDone: OnDone }) {
  const { errors, error, busy, submit } = useReasonedSave(onDone);
  return (
    <RewardsDialog title={t(active ? 'rewards.switchOffOf' : 'rewards.switchOnOf', { name })} onClose={onClose}>
      <form className="content-form" onSubmit={(event) => void submit(event, ({ reason }) => save(reason))} noValidate>
        <p>{t(active ? 'rewards.confirmOff' : 'rewards.confirmOn', { name })}</p>
        <ReasonAndSubmit lastReason={lastReason} errors={errors} error={error} busy={busy} label={t('rewards.confirm')} />
      </form>
    </RewardsDialog>
  );
}

/** A row's on/off tag in a list. */
export function StateTag({ active }: { active: boolean }) {
  return <span className={`tag ${active ? 'content-on' : 'content-off'}`}>{t(active ? 'rewards.on' : 'rewards.off')}</span>;
}

/** A row's edit and switch on/off buttons, named after the row. */
export function RowActions({ name, active, onEdit, onSwitch }: { name: string; active: boolean; onEdit: () => void; onSwitch: () => void }) {
  return (
    <div className="content-actions">
      <button type="button" onClick={onEdit} aria-label={t('rewards.editOf', { name })}>
        {t('rewards.edit')}
      </button>
      <button type="button" onClick={onSwitch} aria-label={t(active ? 'rewards.switchOffOf' : 'rewards.switchOnOf', { name })}>
        {t(active ? 'rewards.switchOff' : 'rewards.switchOn')}
      </button>
    </div>
  );
}

/**
 * A list's dialogs: the row edited (or 'new'), the row switched, the last reason given and the
 * notice; `done` closes them, keeps the reason and loads the list again.
 */
export function useRewardsDialogs<Row>(load: () => Promise<void>) {
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [switching, setSwitching] = useState<Row | null>(null);
  const [lastReason, setLastReason] = useState('');
  async function done(text: string, reason: string) {
    setEditing(null);
    setSwitching(null);
    setLastReason(reason);
    setNotice(text);
    await load();
  }
  return { notice, editing, setEditing, switching, setSwitching, lastReason, done };
}

/** The server refused texts of a language: the first such language of the site, to show it. */
export const hasTextErrors = (errors: FieldErrors, code: LocaleCode): boolean => Object.keys(errors).some((field) => field.startsWith(`texts.${code}`));
export const firstRefusedLanguage = (languages: readonly LocaleCode[], errors: FieldErrors): LocaleCode | undefined => languages.find((code) => hasTextErrors(errors, code));

export const localeName = (code: LocaleCode): string => LOCALES.find((entry) => entry.code === code)?.name || code;

/**
 * A dialog's texts per language, edited one language at a time: `empty` names the fields; a
 * language is filled in when one of its fields is.
 */
export function useLanguageTexts<K extends string>(empty: Record<K, string>, initial: Partial<Record<LocaleCode, Record<K, string>>>) {
  const [texts, setTexts] = useState(initial);
  const [language, setLanguage] = useState<LocaleCode>('EN');
  const current = texts[language] ?? empty;
  const setText = (field: K, value: string) => setTexts((all) => ({ ...all, [language]: { ...(all[language] ?? empty), [field]: value } }));
  const filled = (code: LocaleCode) => {
    const text = texts[code];
    return !!text && (Object.keys(empty) as K[]).some((field) => text[field].trim() !== '');
  };
  return { texts, setTexts, language, setLanguage, current, setText, filled };
}

/** One text field of the chosen language, labelled with it, with its server errors (and a hint). */
export function LanguageTextField({ id, label, language, name, errors, hint, children }: { id: string; label: string; language: LocaleCode; name: string; errors: FieldErrors; hint?: string; children: (props: { id: string } & ReturnType<typeof described>) => ReactNode }) {
  const field = `texts.${language}.${name}`;
  return (
    <div className="content-field">
      <label htmlFor={id}>
        {label} ({language})
      </label>
      {children({ id, ...described(errors, field, `${id}-error`, hint ? `${id}-hint` : undefined) })}
      {hint && (
        <span id={`${id}-hint`} className="sub">
          {hint}
        </span>
      )}
      <FieldError errors={errors} name={field} id={`${id}-error`} />
    </div>
  );
}

/** The language switcher of a dialog's texts with the errors of the chosen language as a whole. */
export function LanguageChoice({ languages, current, filled, errors, errorId, onChoose }: { languages: readonly LocaleCode[]; current: LocaleCode; filled: (code: LocaleCode) => boolean; errors: FieldErrors; errorId: string; onChoose: (code: LocaleCode) => void }) {
  return (
    <>
      <LanguageSwitch languages={languages} current={current} filled={filled} failed={(code) => hasTextErrors(errors, code)} onChoose={onChoose} />
      <FieldError errors={errors} name={`texts.${current}`} id={errorId} />
    </>
  );
}

/** Buttons choosing the language whose texts are edited; a filled-in language is marked. */
export function LanguageSwitch({ languages, current, filled, failed, onChoose }: { languages: readonly LocaleCode[]; current: LocaleCode; filled: (code: LocaleCode) => boolean; failed: (code: LocaleCode) => boolean; onChoose: (code: LocaleCode) => void }) {
  const hintId = useId();
  return (
    <div className="rewards-languages" role="group" aria-label={t('rewards.languages')} aria-describedby={hintId}>
      {languages.map((code) => {
        const name = localeName(code);
        return (
          <button
            key={code}
            type="button"
            aria-pressed={code === current}
            className={failed(code) ? 'rewards-language rewards-language--error' : 'rewards-language'}
            onClick={() => onChoose(code)}
          >
            {code}
            <span className="visually-hidden"> {filled(code) ? t('rewards.hasText', { name }) : name}</span>
            {filled(code) && <span aria-hidden="true"> ✓</span>}
          </button>
        );
      })}
      <span id={hintId} className="sub rewards-languages__hint">
        {t('rewards.languageHint')}
      </span>
    </div>
  );
}

/**
 * HTML the server sanitised, shown without the console's CSP refusing anything: parsed into a
 * document of its own (nothing runs or loads there), style attributes dropped, then the nodes moved in.
 */
export function SanitisedPreview({ html, label }: { html: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const parsed = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}</body>`, 'text/html');
    for (const element of parsed.body.querySelectorAll('[style]')) element.removeAttribute('style');
    // Images of other origins are not loaded by the console (its CSP): they are named instead.
    for (const image of parsed.body.querySelectorAll('img')) {
      const src = image.getAttribute('src') ?? '';
      if (!src.startsWith('/')) image.replaceWith(parsed.createTextNode(`[${image.getAttribute('alt') || src}]`));
    }
    target.replaceChildren(...Array.from(parsed.body.childNodes, (node) => document.importNode(node, true)));
  }, [html]);
  return <div ref={box} className="rewards-preview__body" role="region" aria-label={label} tabIndex={0} />;
}

/** An ISO moment as a datetime-local value in the operator's time zone, and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
