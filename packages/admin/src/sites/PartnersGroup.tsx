import type { SiteDefinition } from '@wl/contracts';
import { t } from '../lib/i18n';
import type { FieldErrors } from './definition';
import { Field, type Update } from './fields';
import { RowList } from './row-list';

/*
 * The site's partners panel in the editor (ADR 0049): name, link (https or a path of the site)
 * and image address, in display order. An apply replaces the site's list with this one.
 */

const PARTNERS_MAX = 30;

export function PartnersGroup({ draft, update, errors }: { draft: SiteDefinition; update: Update; errors: FieldErrors }) {
  return (
    <RowList title={t('sites.groups.partners')} list="partners" words="partners" max={PARTNERS_MAX} blank={() => ({ partner_name: '', href: '', img_url: '' })} draft={draft} update={update} errors={errors}>
      {(partner, change, path) => (
        <>
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
        </>
      )}
    </RowList>
  );
}
