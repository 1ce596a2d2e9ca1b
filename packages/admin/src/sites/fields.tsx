import { useId, type ReactNode } from 'react';
import type { SiteDefinition } from '@wl/contracts';
import { failureText, t } from '../lib/i18n';

/*
 * The site editor's form pieces (ADR 0049), shared by the page and its groups: a titled group, a
 * labelled field with its hint and error keys, a checkbox, a list's move and remove buttons.
 */

/** A change to the draft definition, made in place on a copy. */
export type Update = (change: (next: SiteDefinition) => void) => void;

/** An error key in the editor's words, else the console's failure text. */
export const fieldText = (key: string) => (t(`sites.fieldErrors.${key}`) !== `sites.fieldErrors.${key}` ? t(`sites.fieldErrors.${key}`) : failureText(key));

export function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="site-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export type InputProps = { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined };

export function Field({ label, hint, errors, children }: { label: string; hint?: string; errors?: string[]; children: (props: InputProps) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {errors?.length ? <FieldMessage id={`${id}-error`} errors={errors} /> : null}
    </div>
  );
}

export function FieldMessage({ id, errors }: { id?: string; errors: string[] }) {
  return (
    <span className="field-error" id={id}>
      {[...new Set(errors)].map(fieldText).join(' ')}
    </span>
  );
}

export function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** Moves a list's entry by one place (up: -1, down: 1). */
export function moveEntry<T>(list: T[], index: number, by: number): void {
  const [entry] = list.splice(index, 1);
  list.splice(index + by, 0, entry!);
}

/** The move up, move down and remove buttons of a list's row, named after the row ("bank 2"). */
export function RowButtons({ index, count, name, onMove, onRemove }: { index: number; count: number; name: string; onMove: (by: number) => void; onRemove: () => void }) {
  return (
    <span className="row-buttons">
      <button type="button" className="quiet" disabled={index === 0} aria-label={t('sites.rows.moveUp', { name })} onClick={() => onMove(-1)}>
        ↑
      </button>
      <button type="button" className="quiet" disabled={index === count - 1} aria-label={t('sites.rows.moveDown', { name })} onClick={() => onMove(1)}>
        ↓
      </button>
      <button type="button" className="quiet" aria-label={t('sites.rows.remove', { name })} onClick={onRemove}>
        ✕
      </button>
    </span>
  );
}

/** The error keys of a list itself or of one of its entries (not of their fields): shown at the list. */
export function listErrors(errors: Record<string, string[]>, path: string): string[] {
  return Object.entries(errors)
    .filter(([key]) => key === path || new RegExp(`^${path.replace(/\./g, '\\.')}\\.\\d+$`).test(key))
    .flatMap(([, keys]) => keys);
}
