import { useEffect, useId, useRef, type ReactNode } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '@wl/contracts';
import { t } from '../lib/i18n';
import { useOperator } from '../shell/session';

/*
 * Pieces of the team's dialogs (ADR 0050): the dialog frame, the role and site pickers limited to
 * what the signed-in account may grant, and a secret shown once.
 */

/** A modal dialog (native <dialog>: focus kept inside, Escape closes), labelled by its title. */
export function TeamDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="review team-dialog" aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      <header>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="quiet" onClick={() => dialog.current?.close()}>
          {t('team.close')}
        </button>
      </header>
      <div className="team-dialog__body">{children}</div>
    </dialog>
  );
}

/** The roles the signed-in account may hand out: an owner every one, an admin all but owner and admin (ADR 0050). */
export function useGrantableRoles(): OperatorRole[] {
  const operator = useOperator();
  return OPERATOR_ROLES.filter((role) => operator.role === 'owner' || (role !== 'owner' && role !== 'admin'));
}

export function RoleSelect({ name, defaultValue }: { name: string; defaultValue?: OperatorRole }) {
  const roles = useGrantableRoles();
  return (
    <label>
      {t('team.role')}
      <select name={name} defaultValue={defaultValue && roles.includes(defaultValue) ? defaultValue : roles[roles.length - 1]}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Every site, or some of the signed-in account's sites. "Every site" is offered only to an account
 * that has every site itself. Read back with `sitesOf`.
 */
export function SitePicker({ name, initial }: { name: string; initial: string[] | null }) {
  const operator = useOperator();
  const legend = useId();
  return (
    <fieldset className="team-sites-picker" aria-labelledby={legend}>
      <span id={legend} className="team-legend">
        {t('team.sites')}
      </span>
      {operator.all_sites && (
        <label className="check">
          <input type="radio" name={`${name}-scope`} value="all" defaultChecked={initial === null} />
          {t('team.allSites')}
        </label>
      )}
      <label className="check">
        <input type="radio" name={`${name}-scope`} value="some" defaultChecked={initial !== null || !operator.all_sites} />
        {t('team.someSites')}
      </label>
      <div className="team-site-list">
        {operator.sites.map((site) => (
          <label key={site.domain} className="check">
            <input type="checkbox" name={name} value={site.domain} defaultChecked={initial?.includes(site.domain) ?? false} />
            <span>
              {site.site_name} <span className="sub-inline mono">{site.domain}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The sites a SitePicker chose: null for every site, else the domains (perhaps none). */
export function sitesOf(form: FormData, name: string): string[] | null {
  return form.get(`${name}-scope`) === 'all' ? null : form.getAll(name).map(String);
}

/** A password or key shown once, selectable for copying. */
export function OneTimeSecret({ intro, value }: { intro: string; value: string }) {
  return (
    <div className="notice team-secret" role="status">
      <p>{intro}</p>
      <code className="mono" aria-label={t('team.secret')}>
        {value}
      </code>
    </div>
  );
}

/** The reason a change needs, trimmed; '' when too short. */
export function reasonOf(form: FormData): string {
  const reason = String(form.get('reason') ?? '').trim();
  return reason.length >= 3 ? reason : '';
}
