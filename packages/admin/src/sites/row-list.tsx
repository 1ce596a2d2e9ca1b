import type { ReactNode } from 'react';
import type { SiteDefinition } from '@wl/contracts';
import { t } from '../lib/i18n';
import type { FieldErrors } from './definition';
import { FieldMessage, Group, RowButtons, listErrors, moveEntry, type Update } from './fields';

/*
 * A list of rows of the site editor (ADR 0049), in display order: each row a fieldset of labelled
 * fields with its move and remove buttons, an add button up to a most. Its words are under
 * `sites.<words>` (intro, none, n, add); an apply replaces the site's list with this one.
 */

/** The definition's lists edited as rows. */
type RowListKey = 'partners' | 'social_accounts';
type Entry<K extends RowListKey> = SiteDefinition[K][number];

interface RowListProps<K extends RowListKey> {
  title: string;
  list: K;
  words: string;
  max: number;
  blank: () => Entry<K>;
  draft: SiteDefinition;
  update: Update;
  errors: FieldErrors;
  /** The fields of one row: its entry, a change to it, and the path of its errors ("partners.0"). */
  children: (entry: Entry<K>, change: (change: (entry: Entry<K>) => void) => void, path: string) => ReactNode;
}

export function RowList<K extends RowListKey>({ title, list: key, words, max, blank, draft, update, errors, children }: RowListProps<K>) {
  const list = draft[key] as Entry<K>[];
  const entries = (next: SiteDefinition) => next[key] as Entry<K>[];
  const errorsOfList = listErrors(errors, key);
  return (
    <Group title={title}>
      <p className="hint">{t(`sites.${words}.intro`)}</p>
      {errorsOfList.length > 0 && <FieldMessage errors={errorsOfList} />}
      {list.length === 0 && <p className="hint">{t(`sites.${words}.none`)}</p>}
      <ol className="entry-list">
        {list.map((entry, index) => {
          const name = t(`sites.${words}.n`, { n: index + 1 });
          const change = (change: (entry: Entry<K>) => void) => update((next) => change(entries(next)[index]!));
          return (
            <li key={index} className="entry-row">
              <fieldset className="row-set">
                <legend className="visually-hidden">{name}</legend>
                <div className="row-fields">{children(entry, change, `${key}.${index}`)}</div>
                <RowButtons
                  index={index}
                  count={list.length}
                  name={name}
                  onMove={(by) => update((next) => moveEntry(entries(next), index, by))}
                  onRemove={() => update((next) => void entries(next).splice(index, 1))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {list.length < max && (
        <button type="button" className="add-entry" onClick={() => update((next) => void entries(next).push(blank()))}>
          {t(`sites.${words}.add`)}
        </button>
      )}
    </Group>
  );
}
