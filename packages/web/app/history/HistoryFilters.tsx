import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { FIRST_DAY, LAST_DAY, type DayRange } from './query';

export interface FilterChoice {
  value: string;
  label: string;
}

/** A select of the form: its query name, label, current value and choices (the first is "every"). */
export interface FilterSelect {
  name: string;
  label: string;
  value: string;
  choices: FilterChoice[];
}

export type FilterValues = Record<string, string>;

/**
 * The filters of a records screen: its selects and a date range (days in the player's time
 * zone), applied together by the button. A GET form whose submission becomes the screen's URL
 * (`hrefFor`, page 1), so the result is a link like any other state; the clear link goes back
 * to the unfiltered list. What the form holds follows the URL when it changes elsewhere (back
 * button, tabs, the clear link).
 */
export function HistoryFilters({
  selects,
  range,
  action,
  hrefFor,
  clearHref,
}: {
  selects: FilterSelect[];
  range: DayRange;
  /** The screen's path in this locale (the form's action). */
  action: string;
  hrefFor: (values: FilterValues) => string;
  /** The unfiltered list's address; null when no filter is set. */
  clearHref: string | null;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const id = useId();
  const fromUrl = (): FilterValues => ({ ...Object.fromEntries(selects.map((select) => [select.name, select.value])), from: range.from, to: range.to });
  const key = JSON.stringify(fromUrl());
  const [values, setValues] = useState<FilterValues>(fromUrl);
  const [shown, setShown] = useState(key);
  if (shown !== key) {
    // The URL changed elsewhere: the form shows what it now says.
    setShown(key);
    setValues(JSON.parse(key) as FilterValues);
  }

  const set = (name: string, value: string) => setValues((before) => ({ ...before, [name]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(hrefFor(values), { preventScrollReset: true });
  };

  return (
    <form className="history-filters" method="get" action={action} onSubmit={submit} aria-label={t('history.filters.title')} data-testid="history-filters">
      <div className="history-filters__fields">
        {selects.map((select) => (
          <div className="field history-filters__field" key={select.name}>
            <label className="field__label" htmlFor={`${id}-${select.name}`}>
              {select.label}
            </label>
            <select
              id={`${id}-${select.name}`}
              name={select.name}
              className="field__input history-filters__input"
              value={values[select.name] ?? ''}
              onChange={(event) => set(select.name, event.target.value)}
            >
              {select.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="field history-filters__field">
          <label className="field__label" htmlFor={`${id}-from`}>
            {t('history.filters.from')}
          </label>
          <input
            id={`${id}-from`}
            name="from"
            type="date"
            className="field__input history-filters__input"
            min={FIRST_DAY}
            max={values.to || LAST_DAY}
            value={values.from ?? ''}
            onChange={(event) => set('from', event.target.value)}
          />
        </div>
        <div className="field history-filters__field">
          <label className="field__label" htmlFor={`${id}-to`}>
            {t('history.filters.to')}
          </label>
          <input
            id={`${id}-to`}
            name="to"
            type="date"
            className="field__input history-filters__input"
            min={values.from || FIRST_DAY}
            max={LAST_DAY}
            value={values.to ?? ''}
            onChange={(event) => set('to', event.target.value)}
          />
        </div>
      </div>
      <div className="history-filters__actions">
        <button type="submit" className="btn btn--primary history-filters__apply">
          <Icon name="check" size={18} />
          {t('history.filters.apply')}
        </button>
        {clearHref !== null ? (
          <Link to={clearHref} className="btn btn--ghost history-filters__clear" preventScrollReset>
            <Icon name="close" size={18} />
            {t('history.filters.clear')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
