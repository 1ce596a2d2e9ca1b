import type { SiteDefinition } from '@wl/contracts';
import { t } from '../lib/i18n';
import type { FieldErrors } from './definition';
import { Field, FieldMessage, Group, RowButtons, listErrors, moveEntry, type Update } from './fields';

/*
 * The site's partners panel in the editor (ADR 0049): name, link (https or a path of the site)
 * and image address, in display order. An apply replaces the site's list with this one.
 */

const PARTNERS_MAX = 30;

export function PartnersGroup({ draft, update, errors }: { draft: SiteDefinition; update: Update; errors: FieldErrors }) {
  const list = draft.partners;
  const errorsOfList = listErrors(errors, 'partners');
  return (
    <Group title={t('sites.groups.partners')}>
      <p className="hint">{t('sites.partners.intro')}</p>
      {errorsOfList.length > 0 && <FieldMessage errors={errorsOfList} />}
      {list.length === 0 && <p className="hint">{t('sites.partners.none')}</p>}
      <ol className="entry-list">
        {list.map((partner, index) => {
          const name = t('sites.partners.n', { n: index + 1 });
          const path = `partners.${index}`;
          const change = (change: (entry: SiteDefinition['partners'][number]) => void) => update((next) => change(next.partners[index]!));
          return (
            <li key={index} className="entry-row">
              <fieldset className="row-set">
                <legend className="visually-hidden">{name}</legend>
                <div className="row-fields">
                  <Field label={t('sites.partners.name')} errors={errors[`${path}.partner_name`]}>
                    {(props) => <input {...props} value={partner.partner_name} maxLength={100} onChange={(event) => change((entry) => void (entry.partner_name = event.target.value))} />}
                  </Field>
                  <Field label={t('sites.partners.href')} hint={t('sites.partners.hrefHint')} errors={errors[`${path}.href`]}>
                    {(props) => (
                      <input {...props} className="mono" inputMode="url" spellCheck={false} value={partner.href} maxLength={500} onChange={(event) => change((entry) => void (entry.href = event.target.value))} />
                    )}
                  </Field>
                  <Field label={t('sites.partners.img_url')} hint={t('sites.partners.imgHint')} errors={errors[`${path}.img_url`]}>
                    {(props) => (
                      <input {...props} className="mono" inputMode="url" spellCheck={false} value={partner.img_url} maxLength={500} onChange={(event) => change((entry) => void (entry.img_url = event.target.value))} />
                    )}
                  </Field>
                </div>
                <RowButtons
                  index={index}
                  count={list.length}
                  name={name}
                  onMove={(by) => update((next) => moveEntry(next.partners, index, by))}
                  onRemove={() => update((next) => void next.partners.splice(index, 1))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {list.length < PARTNERS_MAX && (
        <button type="button" className="add-entry" onClick={() => update((next) => void next.partners.push({ partner_name: '', href: '', img_url: '' }))}>
          {t('sites.partners.add')}
        </button>
      )}
    </Group>
  );
}
