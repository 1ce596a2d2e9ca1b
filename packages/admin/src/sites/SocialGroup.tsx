import { SOCIAL_ACCOUNT_TYPES, type SiteDefinition, type SocialAccountType } from '@wl/contracts';
import { t } from '../lib/i18n';
import type { FieldErrors } from './definition';
import { Field, FieldMessage, Group, RowButtons, listErrors, moveEntry, type Update } from './fields';

/*
 * The site's social and messaging accounts in the editor (ADR 0049): platform, name, https link
 * and an optional icon address (left empty: the platform's own icon), in display order.
 */

const SOCIAL_MAX = 20;
type Social = SiteDefinition['social_accounts'][number];

export function SocialGroup({ draft, update, errors }: { draft: SiteDefinition; update: Update; errors: FieldErrors }) {
  const list = draft.social_accounts;
  const errorsOfList = listErrors(errors, 'social_accounts');
  return (
    <Group title={t('sites.groups.social')}>
      <p className="hint">{t('sites.social.intro')}</p>
      {errorsOfList.length > 0 && <FieldMessage errors={errorsOfList} />}
      {list.length === 0 && <p className="hint">{t('sites.social.none')}</p>}
      <ol className="entry-list">
        {list.map((account, index) => {
          const name = t('sites.social.n', { n: index + 1 });
          const path = `social_accounts.${index}`;
          const change = (change: (entry: Social) => void) => update((next) => change(next.social_accounts[index]!));
          return (
            <li key={index} className="entry-row">
              <fieldset className="row-set">
                <legend className="visually-hidden">{name}</legend>
                <div className="row-fields">
                  <Field label={t('sites.social.type')} errors={errors[`${path}.type`]}>
                    {(props) => (
                      <select {...props} value={account.type} onChange={(event) => change((entry) => void (entry.type = event.target.value as SocialAccountType))}>
                        {SOCIAL_ACCOUNT_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {t(`sites.social.types.${type}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label={t('sites.social.name')} errors={errors[`${path}.name`]}>
                    {(props) => <input {...props} value={account.name} maxLength={100} onChange={(event) => change((entry) => void (entry.name = event.target.value))} />}
                  </Field>
                  <Field label={t('sites.social.link')} hint={t('sites.social.linkHint')} errors={errors[`${path}.link`]}>
                    {(props) => (
                      <input {...props} className="mono" inputMode="url" spellCheck={false} value={account.link} maxLength={500} onChange={(event) => change((entry) => void (entry.link = event.target.value))} />
                    )}
                  </Field>
                  <Field label={t('sites.social.icon')} hint={t('sites.social.iconHint')} errors={errors[`${path}.icon`]}>
                    {(props) => (
                      <input
                        {...props}
                        className="mono"
                        inputMode="url"
                        spellCheck={false}
                        value={account.icon ?? ''}
                        maxLength={500}
                        onChange={(event) =>
                          change((entry) => {
                            if (event.target.value.trim() === '') delete entry.icon;
                            else entry.icon = event.target.value;
                          })
                        }
                      />
                    )}
                  </Field>
                </div>
                <RowButtons
                  index={index}
                  count={list.length}
                  name={name}
                  onMove={(by) => update((next) => moveEntry(next.social_accounts, index, by))}
                  onRemove={() => update((next) => void next.social_accounts.splice(index, 1))}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {list.length < SOCIAL_MAX && (
        <button type="button" className="add-entry" onClick={() => update((next) => void next.social_accounts.push({ type: 'facebook', name: '', link: '' }))}>
          {t('sites.social.add')}
        </button>
      )}
    </Group>
  );
}
