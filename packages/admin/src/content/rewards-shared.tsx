import { useEffect, useId, useRef, type ReactNode } from 'react';
import { LOCALES, type LocaleCode } from '@wl/contracts';
import { failureText, t } from '../lib/i18n';

/*
 * Pieces the Promotions, Missions and Lucky spin tabs share (ADR 0054): the dialog frame, a
 * field's server errors in words, the reason the audit log keeps, the language switcher of the
 * texts and the preview of a sanitised body.
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

export const localeName = (code: LocaleCode): string => LOCALES.find((entry) => entry.code === code)?.name || code;

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
