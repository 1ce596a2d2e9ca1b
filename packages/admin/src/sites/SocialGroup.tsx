import { SOCIAL_ACCOUNT_TYPES, type SiteDefinition, type SocialAccountType } from '@wl/contracts';
import { t } from '../lib/i18n';
import type { FieldErrors } from './definition';
import { Field, type Update } from './fields';
import { RowList } from './row-list';

/*
 * The site's social and messaging accounts in the editor (ADR 0049): platform, name, https link
 * and an optional icon address (left empty: the platform's own icon), in display order.
 */

const SOCIAL_MAX = 20;

export function SocialGroup({ draft, update, errors }: { draft: SiteDefinition; update: Update; errors: FieldErrors }) {
  return (
    <RowList title={t('sites.groups.social')} list="social_accounts" words="social" max={SOCIAL_MAX} blank={() => ({ type: 'facebook', name: '', link: '' })} draft={draft} update={update} errors={errors}>
      {(account, change, path) => (
        <>
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
        </>
      )}
    </RowList>
  );
}
