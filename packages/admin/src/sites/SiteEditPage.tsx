import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LOCALES, MINIMUM_AGE_RANGE, SITE_LOGO_FIELDS, THEME_CODES, THEMES, type LocaleCode, type SiteDefinition, type SiteLogoField, type ThemeCode } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { useMay } from '../shell/session';
import {
  LOGO_ACCEPT,
  blankDefinition,
  checkDefinition,
  cloneDefinition,
  definitionToSend,
  formErrorsOf,
  fromLocalInput,
  logoTypeOf,
  logosToSend,
  readLogo,
  siteAddress,
  toLocalInput,
  type FieldErrors,
} from './definition';
import { Check, Field, FieldMessage, Group, fieldText, moveEntry, type Update } from './fields';
import { PartnersGroup } from './PartnersGroup';
import { PaymentMethodsGroup } from './PaymentMethodsGroup';
import { siteEditorPath } from './SitesPage';
import { SocialGroup } from './SocialGroup';
import './sites.css';

/*
 * A site's editor, and the form of a new site (from nothing, or a clone of another) (issue 26 §2
 * Sites, ADR 0049). It edits the site's exported definition (ADR 0043) and sends it whole to
 * opsSiteApply, so the settings it does not show are kept; the schema the server checks with
 * checks it first. Beside it, the site's real home page in a frame, reloaded after each save.
 */

type Loaded = { definition: SiteDefinition; logos: Record<string, string> };

export function SiteEditPage({ mode }: { mode: 'edit' | 'create' }) {
  const { domain = '' } = useParams();
  const [params] = useSearchParams();
  const cloneOf = mode === 'create' ? (params.get('clone') ?? '') : '';
  const mayManage = useMay('sites.manage');

  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [draft, setDraft] = useState<SiteDefinition | null>(null);
  const [files, setFiles] = useState<Record<string, string>>({});
  const [sourceName, setSourceName] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState(params.get('created') ? 'created' : params.get('saved') ? 'saved' : '');
  const [busy, setBusy] = useState(false);
  const [previewKey, setPreviewKey] = useState(0);

  const load = useCallback(async () => {
    if (mode === 'create' && !cloneOf) {
      const blank = blankDefinition();
      setLoaded({ definition: blank, logos: {} });
      setDraft(blank);
      setFiles({});
      return;
    }
    const reply = await opsCall('opsSiteExport', { site: mode === 'edit' ? domain : cloneOf });
    if (reply.statusCode !== 1) {
      setFailure(failureText(reply.message));
      return;
    }
    const definition = reply.definition as unknown as SiteDefinition;
    setSourceName(definition.site_name);
    const start = mode === 'edit' ? definition : cloneDefinition(definition);
    setLoaded({ definition: start, logos: reply.logos });
    setDraft(structuredClone(start));
    setFiles(reply.logos);
  }, [mode, domain, cloneOf]);

  useEffect(() => {
    void load();
  }, [load]);

  // After a save or a refusal: the first marked field takes the focus, else the page's head shows the outcome.
  const head = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState(0);
  useEffect(() => {
    if (outcome === 0) return;
    const invalid = document.querySelector<HTMLElement>('.site-form [aria-invalid="true"]');
    if (invalid) invalid.focus();
    else head.current?.scrollIntoView({ block: 'start' });
  }, [outcome]);

  const changed = useMemo(() => loaded !== null && draft !== null && JSON.stringify(loaded.definition) !== JSON.stringify(draft), [loaded, draft]);

  if (failure && !draft) {
    return (
      <section>
        <p className="form-error" role="alert">
          {failure}
        </p>
        <Link to="/sites">{t('sites.back')}</Link>
      </section>
    );
  }
  if (!draft) return <p className="page-loading">{t('sites.loading')}</p>;

  const update = (change: (next: SiteDefinition) => void) =>
    setDraft((current) => {
      const next = structuredClone(current!);
      change(next);
      return next;
    });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const definition = definitionToSend(draft!);
    const found = checkDefinition(definition);
    if (reason.trim().length < 3) found.reason = ['required'];
    setNotice('');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure(t('sites.checkFields'));
      setOutcome((n) => n + 1);
      return;
    }
    setBusy(true);
    const reply = await opsCall('opsSiteApply', { definition, logos: logosToSend(definition, files), reason: reason.trim() });
    setBusy(false);
    if (reply.statusCode !== 1) {
      setErrors(reply.message === 'validationError' && reply.errors ? formErrorsOf(reply.errors, definition) : {});
      setFailure(reply.message === 'validationError' ? t('sites.checkFields') : failureText(reply.message));
      setOutcome((n) => n + 1);
      return;
    }
    setErrors({});
    setFailure('');
    setReason('');
    // A new site, or one no longer at this address: its editor is loaded whole, so its page may frame the site (ADR 0049).
    if (mode === 'create' || !reply.domains.includes(domain)) {
      location.assign(`/admin${siteEditorPath(reply.domains[0]!)}?${mode === 'create' ? 'created' : 'saved'}=1`);
      return;
    }
    await load();
    setNotice('saved');
    setPreviewKey((key) => key + 1);
    setOutcome((n) => n + 1);
  }

  const title =
    mode === 'edit'
      ? t(mayManage ? 'sites.editTitle' : 'sites.viewTitle', { name: loaded?.definition.site_name ?? '' })
      : cloneOf
        ? t('sites.cloneTitle', { name: sourceName })
        : t('sites.newTitle');
  const themeColors = (THEMES[draft.theme_code as ThemeCode]?.colors ?? []) as readonly string[];
  const otherErrors = Object.entries(errors).filter(([path]) => !isShown(path));

  return (
    <section aria-labelledby="site-title" className="site-editor">
      <div className="page-head" ref={head}>
        <p>
          <Link to="/sites">← {t('sites.back')}</Link>
        </p>
        <h1 id="site-title">{title}</h1>
        <p>{cloneOf ? t('sites.cloneIntro', { name: sourceName }) : t('sites.editIntro')}</p>
      </div>
      {!mayManage && <p className="note">{t('sites.readOnly')}</p>}
      {notice && (
        <p className="notice" role="status">
          {t(`sites.${notice}`, { name: loaded?.definition.site_name ?? '' })}
        </p>
      )}
      <div className={mode === 'edit' ? 'site-layout' : 'site-layout single'}>
        <form className="site-form" onSubmit={save} noValidate>
          {failure && (
            <div className="form-error" role="alert">
              <p>{failure}</p>
              {otherErrors.length > 0 && (
                <ul>
                  {otherErrors.map(([path, keys]) => (
                    <li key={path}>
                      <span className="mono">{path}</span>: {keys.map(fieldText).join(' ')}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <fieldset disabled={!mayManage || busy} className="site-fieldsets">
            <Group title={t('sites.groups.identity')}>
              <Field label={t('sites.fields.site_name')} errors={errors.site_name}>
                {(props) => <input {...props} value={draft.site_name} onChange={(event) => update((next) => void (next.site_name = event.target.value))} maxLength={100} required />}
              </Field>
              <fieldset className="sub-group" aria-describedby="domains-hint">
                <legend>{t('sites.fields.domains')}</legend>
                <p className="hint" id="domains-hint">
                  {t('sites.fields.domainsHint')}
                </p>
                {errors.domains && <FieldMessage errors={errors.domains} />}
                {draft.domains.map((value, index) => (
                  <div className="domain-row" key={index}>
                    <Field label={t('sites.fields.domain', { n: index + 1 })} errors={errors[`domains.${index}`]}>
                      {(props) => (
                        <input
                          {...props}
                          className="mono"
                          value={value}
                          inputMode="url"
                          autoCapitalize="off"
                          spellCheck={false}
                          onChange={(event) => update((next) => void (next.domains[index] = event.target.value))}
                        />
                      )}
                    </Field>
                    {draft.domains.length > 1 && (
                      <button type="button" className="quiet" aria-label={t('sites.fields.removeDomain', { n: index + 1 })} onClick={() => update((next) => void next.domains.splice(index, 1))}>
                        ✕
                      </button>
                    )}
                  </div>
                ))}
                {draft.domains.length < 20 && (
                  <button type="button" onClick={() => update((next) => void next.domains.push(''))}>
                    {t('sites.fields.addDomain')}
                  </button>
                )}
              </fieldset>
              {mode === 'create' ? (
                <Field label={t('sites.fields.external_id')} hint={t('sites.fields.external_idHint')} errors={errors.external_id}>
                  {(props) => (
                    <input {...props} className="mono" value={draft.external_id} autoCapitalize="off" spellCheck={false} onChange={(event) => update((next) => void (next.external_id = event.target.value))} />
                  )}
                </Field>
              ) : (
                <p className="fixed">
                  <span>{t('sites.fields.external_id')}</span> <span className="mono">{draft.external_id}</span>
                </p>
              )}
            </Group>

            <Group title={t('sites.groups.look')}>
              <div className="pair">
                <Field label={t('sites.fields.theme_code')} errors={errors.theme_code}>
                  {(props) => (
                    <select
                      {...props}
                      value={draft.theme_code}
                      onChange={(event) =>
                        update((next) => {
                          next.theme_code = event.target.value;
                          const colors = THEMES[event.target.value as ThemeCode].colors as readonly string[];
                          if (!colors.includes(next.theme_color)) next.theme_color = colors[0]!;
                        })
                      }
                    >
                      {THEME_CODES.map((code) => (
                        <option key={code} value={code}>
                          {code} ({THEMES[code].family}, {THEMES[code].template})
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label={t('sites.fields.theme_color')} errors={errors.theme_color}>
                  {(props) => (
                    <select {...props} value={draft.theme_color} onChange={(event) => update((next) => void (next.theme_color = event.target.value))}>
                      {themeColors.map((color) => (
                        <option key={color} value={color}>
                          {color}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
            </Group>

            <Group title={t('sites.groups.money')}>
              {mode === 'create' ? (
                <Field label={t('sites.fields.currency')} hint={t('sites.fields.currencyHint')} errors={errors.currency}>
                  {(props) => (
                    <input
                      {...props}
                      className="mono short"
                      value={draft.currency}
                      maxLength={3}
                      autoCapitalize="characters"
                      onChange={(event) => update((next) => void (next.currency = event.target.value.toUpperCase()))}
                    />
                  )}
                </Field>
              ) : (
                <p className="fixed">
                  <span>{t('sites.fields.currency')}</span> <span className="mono">{draft.currency}</span> <span className="hint">{t('sites.fields.currencyFixed')}</span>
                </p>
              )}
              <Languages draft={draft} update={update} errors={errors} />
              <Field label={t('sites.fields.time_zone')} hint={t('sites.fields.time_zoneHint')} errors={errors.time_zone}>
                {(props) => <input {...props} className="mono" value={draft.time_zone} onChange={(event) => update((next) => void (next.time_zone = event.target.value))} />}
              </Field>
            </Group>

            <Group title={t('sites.groups.availability')}>
              <Check label={t('sites.fields.status')} checked={draft.status} onChange={(value) => update((next) => void (next.status = value))} />
              <Field label={t('sites.fields.expired_date')} hint={t('sites.fields.expiredHint')} errors={errors.expired_date}>
                {(props) => (
                  <input {...props} type="datetime-local" value={toLocalInput(draft.expired_date)} onChange={(event) => update((next) => void (next.expired_date = fromLocalInput(event.target.value)))} />
                )}
              </Field>
              <p className="hint">{t('sites.fields.maintenanceHint')}</p>
              <div className="pair">
                <Field label={t('sites.fields.maintenanceStart')} errors={errors['maintenance.start_date']}>
                  {(props) => (
                    <input
                      {...props}
                      type="datetime-local"
                      value={toLocalInput(draft.maintenance.start_date)}
                      onChange={(event) => update((next) => void (next.maintenance.start_date = fromLocalInput(event.target.value)))}
                    />
                  )}
                </Field>
                <Field label={t('sites.fields.maintenanceEnd')} errors={errors['maintenance.end_date']}>
                  {(props) => (
                    <input
                      {...props}
                      type="datetime-local"
                      value={toLocalInput(draft.maintenance.end_date)}
                      onChange={(event) => update((next) => void (next.maintenance.end_date = fromLocalInput(event.target.value)))}
                    />
                  )}
                </Field>
              </div>
              <Check label={t('sites.fields.gamify_status')} checked={draft.gamify_status} onChange={(value) => update((next) => void (next.gamify_status = value))} />
            </Group>

            <Group title={t('sites.groups.rules')}>
              <div className="pair">
                <Field label={t('sites.fields.minimum_age')} errors={errors['compliance.minimum_age']}>
                  {(props) => (
                    <input
                      {...props}
                      type="number"
                      className="short"
                      min={MINIMUM_AGE_RANGE.min}
                      max={MINIMUM_AGE_RANGE.max}
                      value={Number.isFinite(draft.compliance.minimum_age) ? draft.compliance.minimum_age : ''}
                      onChange={(event) => update((next) => void (next.compliance.minimum_age = event.target.valueAsNumber))}
                    />
                  )}
                </Field>
                <Field label={t('sites.fields.kyc_level')} errors={errors['compliance.kyc_level']}>
                  {(props) => (
                    <select {...props} value={draft.compliance.kyc_level} onChange={(event) => update((next) => void (next.compliance.kyc_level = event.target.value as 'identity' | 'full'))}>
                      <option value="identity">{t('sites.fields.kycLevels.identity')}</option>
                      <option value="full">{t('sites.fields.kycLevels.full')}</option>
                    </select>
                  )}
                </Field>
              </div>
              <Check
                label={t('sites.fields.kyc_before_first_withdrawal')}
                checked={draft.compliance.kyc_before_first_withdrawal}
                onChange={(value) => update((next) => void (next.compliance.kyc_before_first_withdrawal = value))}
              />
              <Field label={t('sites.fields.kyc_withdrawals_above')} hint={t('sites.fields.kyc_withdrawals_aboveHint')} errors={errors['compliance.kyc_withdrawals_above']}>
                {(props) => (
                  <input
                    {...props}
                    inputMode="decimal"
                    className="short"
                    value={draft.compliance.kyc_withdrawals_above ?? ''}
                    onChange={(event) => update((next) => void (next.compliance.kyc_withdrawals_above = event.target.value.trim() === '' ? null : event.target.value))}
                  />
                )}
              </Field>
              <Check
                label={t('sites.fields.player_cancels_withdrawals')}
                checked={draft.compliance.player_cancels_withdrawals}
                onChange={(value) => update((next) => void (next.compliance.player_cancels_withdrawals = value))}
              />
            </Group>

            <Group title={t('sites.groups.chat')}>
              <Check label={t('sites.fields.liveChatStatus')} checked={draft.live_chat.status} onChange={(value) => update((next) => void (next.live_chat.status = value))} />
              <div className="pair">
                <Field label={t('sites.fields.chat_id')} errors={errors['live_chat.chat_id']}>
                  {(props) => <input {...props} className="mono" value={draft.live_chat.chat_id} onChange={(event) => update((next) => void (next.live_chat.chat_id = event.target.value))} />}
                </Field>
                <Field label={t('sites.fields.image_id')} errors={errors['live_chat.image_id']}>
                  {(props) => <input {...props} className="mono" value={draft.live_chat.image_id} onChange={(event) => update((next) => void (next.live_chat.image_id = event.target.value))} />}
                </Field>
              </div>
            </Group>

            <Group title={t('sites.groups.logos')}>
              <p className="hint">{t('sites.logos.uploadHint')}</p>
              <div className="logo-grid">
                {SITE_LOGO_FIELDS.map((field) => (
                  <LogoField key={field} field={field} draft={draft} files={files} errors={errors[`logo.${field}`] ?? errors[`logos.${field}`]} update={update} setFiles={setFiles} setErrors={setErrors} />
                ))}
              </div>
            </Group>

            <Group title={t('sites.groups.limits')}>
              <p className="hint">{t('sites.fields.limitsHint')}</p>
              <div className="pair">
                {(['min_deposit', 'max_deposit', 'min_withdrawal', 'max_withdrawal'] as const).map((limit) => (
                  <Field key={limit} label={t(`sites.fields.${limit}`)} errors={errors[`banking.${limit}`]}>
                    {(props) => (
                      <input
                        {...props}
                        inputMode="decimal"
                        className="short"
                        value={draft.banking[limit] ?? ''}
                        onChange={(event) =>
                          update((next) => {
                            if (event.target.value.trim() === '') delete next.banking[limit];
                            else next.banking[limit] = event.target.value;
                          })
                        }
                      />
                    )}
                  </Field>
                ))}
              </div>
            </Group>

            <PaymentMethodsGroup draft={draft} update={update} errors={errors} />

            {draft.providers && draft.providers.length > 0 && <Providers draft={draft} update={update} errors={errors} />}

            <PartnersGroup draft={draft} update={update} errors={errors} />
            <SocialGroup draft={draft} update={update} errors={errors} />

            {mayManage && (
              <Group title={t('sites.groups.save')}>
                <Field label={t('sites.fields.reason')} errors={errors.reason}>
                  {(props) => <textarea {...props} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} required />}
                </Field>
                <div className="buttons">
                  <button type="submit" className="primary" disabled={busy}>
                    {busy ? t('sites.fields.saving') : t(mode === 'create' ? 'sites.fields.create' : 'sites.fields.save')}
                  </button>
                </div>
              </Group>
            )}
          </fieldset>
        </form>
        {mode === 'edit' && <Preview domain={domain} name={loaded?.definition.site_name ?? ''} reloadKey={previewKey} changed={changed} onReload={() => setPreviewKey((key) => key + 1)} />}
      </div>
    </section>
  );
}

/** The paths the form shows next to their field; other errors are listed at the top. */
function isShown(path: string): boolean {
  return (
    /^(site_name|domains(\.\d+)?|external_id|theme_code|theme_color|currency|languages(\.\d+)?|time_zone|expired_date|reason)$/.test(path) ||
    /^(maintenance|compliance|live_chat)\.[a-z_]+$/.test(path) ||
    /^banking\.(min|max)_(deposit|withdrawal)$/.test(path) ||
    /^logos?\./.test(path) ||
    /^providers\.\d+\.code$/.test(path) ||
    // The payment methods, partners and social accounts groups show every path of their lists.
    /^banking\.(banks|deposit_methods)(\.\d+(\.[a-z_]+(\.\d+(\.[a-z_]+)?)?)?)?$/.test(path) ||
    /^(partners|social_accounts)(\.\d+(\.[a-z_]+)?)?$/.test(path)
  );
}

function Languages({ draft, update, errors }: { draft: SiteDefinition; update: Update; errors: FieldErrors }) {
  const chosen = draft.languages;
  const listErrors = Object.entries(errors)
    .filter(([path]) => /^languages(\.\d+)?$/.test(path))
    .flatMap(([, keys]) => keys);
  return (
    <>
      <fieldset className="sub-group">
        <legend>{t('sites.fields.languages')}</legend>
        <div className="language-grid">
          {LOCALES.map((locale) => (
            <label key={locale.code} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(locale.code)}
                onChange={(event) =>
                  update((next) => {
                    next.languages = event.target.checked ? [...next.languages, locale.code] : next.languages.filter((code) => code !== locale.code);
                  })
                }
              />
              <span>
                <span className="mono">{locale.code}</span> {locale.name}
              </span>
            </label>
          ))}
        </div>
        {listErrors.length > 0 && <FieldMessage errors={listErrors} />}
      </fieldset>
      {chosen.length > 0 && (
        <Field label={t('sites.fields.defaultLanguage')}>
          {(props) => (
            <select {...props} value={chosen[0]} onChange={(event) => update((next) => void (next.languages = [event.target.value as LocaleCode, ...next.languages.filter((code) => code !== event.target.value)]))}>
              {chosen.map((code) => (
                <option key={code} value={code}>
                  {code} {LOCALES.find((locale) => locale.code === code)?.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}

interface LogoProps {
  field: SiteLogoField;
  draft: SiteDefinition;
  files: Record<string, string>;
  errors: string[] | undefined;
  update: Update;
  setFiles: (change: (files: Record<string, string>) => Record<string, string>) => void;
  setErrors: (change: (errors: FieldErrors) => FieldErrors) => void;
}

function LogoField({ field, draft, files, errors, update, setFiles, setErrors }: LogoProps) {
  const id = useId();
  const label = t(`sites.logos.${field}`);
  const value = draft.logos[field];
  const file = value !== undefined ? files[value] : undefined;
  const image = file !== undefined ? `data:${logoTypeOf(value!)};base64,${file}` : value?.startsWith('/') ? value : null;

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const read = await readLogo(field, chosen);
    setErrors((current) => {
      const next = { ...current };
      delete next[`logo.${field}`];
      if (!read.ok) next[`logo.${field}`] = [read.message];
      return next;
    });
    if (!read.ok) return;
    setFiles((current) => ({ ...current, [read.name]: read.data }));
    update((next) => void (next.logos[field] = read.name));
  }

  return (
    <div className="logo-field" role="group" aria-labelledby={`${id}-label`}>
      <span className="logo-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="logo-preview">{image ? <img src={image} alt={t('sites.logos.previewAlt', { label })} /> : <span aria-hidden="true">—</span>}</div>
      <span className="hint">
        {value === undefined ? t('sites.logos.drawn') : file !== undefined ? t('sites.logos.file', { name: value }) : t('sites.logos.address', { address: value })}
      </span>
      <label htmlFor={id} className="visually-hidden">
        {t('sites.logos.upload', { label })}
      </label>
      <input
        id={id}
        type="file"
        accept={LOGO_ACCEPT}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {value !== undefined && (
        <button type="button" className="link" aria-label={t('sites.logos.resetOf', { label })} onClick={() => update((next) => void delete next.logos[field])}>
          {t('sites.logos.reset')}
        </button>
      )}
      {errors?.length ? <FieldMessage id={`${id}-error`} errors={errors} /> : null}
    </div>
  );
}

function Providers({ draft, update, errors }: { draft: SiteDefinition; update: Update; errors: FieldErrors }) {
  const list = draft.providers!;
  const move = (index: number, by: number) => update((next) => moveEntry(next.providers!, index, by));
  return (
    <Group title={t('sites.groups.providers')}>
      <p className="hint">{t('sites.fields.providersHint')}</p>
      <ol className="provider-list">
        {list.map((provider, index) => (
          <li key={provider.code}>
            <label className="check">
              <input type="checkbox" checked={provider.enabled} onChange={(event) => update((next) => void (next.providers![index]!.enabled = event.target.checked))} />
              <span className="mono">{provider.code}</span>
              <span className="visually-hidden">{t('sites.fields.providerOffered', { code: provider.code })}</span>
            </label>
            <span className="provider-moves">
              <button type="button" className="quiet" disabled={index === 0} aria-label={t('sites.fields.moveUp', { code: provider.code })} onClick={() => move(index, -1)}>
                ↑
              </button>
              <button type="button" className="quiet" disabled={index === list.length - 1} aria-label={t('sites.fields.moveDown', { code: provider.code })} onClick={() => move(index, 1)}>
                ↓
              </button>
            </span>
            {errors[`providers.${index}.code`] && <FieldMessage errors={errors[`providers.${index}.code`]!} />}
          </li>
        ))}
      </ol>
    </Group>
  );
}

function Preview({ domain, name, reloadKey, changed, onReload }: { domain: string; name: string; reloadKey: number; changed: boolean; onReload: () => void }) {
  const address = siteAddress(domain);
  return (
    <aside className="site-preview" aria-labelledby="preview-title">
      <div className="preview-head">
        <h2 id="preview-title">{t('sites.preview.title')}</h2>
        <button type="button" onClick={onReload}>
          {t('sites.preview.reload')}
        </button>
      </div>
      <p className="hint">
        {t('sites.preview.intro', { domain })}{' '}
        <a href={address} target="_blank" rel="noopener noreferrer">
          {t('sites.preview.open')}
        </a>
      </p>
      {changed && <p className="note">{t('sites.preview.unsaved')}</p>}
      <div className="preview-frame">
        {/* Sandboxed: the site's scripts run, but never navigate the console away (ADR 0049). */}
        <iframe key={reloadKey} src={address} title={t('sites.preview.frameTitle', { name })} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" data-testid="site-preview" />
      </div>
    </aside>
  );
}
