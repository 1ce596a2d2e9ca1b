import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link, type SetURLSearchParams } from 'react-router';
import { LOCALE_LANGS, type OpsSeoPagesReply, type SeoRecord } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { Messages } from '../lib/Messages';
import { useMay } from '../shell/session';
import { fieldErrorText } from './ContentDialogs';
import { languageName } from './CmsTab';
import { CmsFieldError, CmsTabHead, ReasonField, useReasonSave } from './cms-shared';
import './cms.css';

/*
 * The Content screen's SEO records (issue 26 §2 Content, ADR 0053): the site's records by page
 * name, and one record (?seo=<page name>) in a form: meta fields as plain text or addresses, the
 * page texts in the rich-text editor (sanitised by the server like CMS bodies). A page without a
 * record can be given one; the site uses a record on its next page load.
 */

const CmsEditor = lazy(() => import('./CmsEditor'));

type Fields = Omit<SeoRecord, 'id' | 'page_name'>;
const EMPTY: Fields = {
  en_item_name: '',
  en_body: '',
  local_item_name: '',
  local_body: '',
  meta_title: '',
  meta_desc: '',
  meta_keywords: '',
  meta_url: '',
  meta_canonical: '',
  meta_author: '',
  meta_publisher: '',
  meta_lang: '',
  meta_image_url: '',
};

/** A record's editable fields, without its id and page name. */
const fieldsOf = (record: SeoRecord): Fields => Object.fromEntries((Object.keys(EMPTY) as (keyof Fields)[]).map((name) => [name, record[name]])) as Fields;
/** The meta fields in the form's order, each an input or a text area. */
const META: { name: keyof Fields; long?: boolean; max: number }[] = [
  { name: 'meta_title', max: 200 },
  { name: 'meta_desc', long: true, max: 500 },
  { name: 'meta_keywords', max: 500 },
  { name: 'meta_url', max: 500 },
  { name: 'meta_canonical', max: 500 },
  { name: 'meta_image_url', max: 500 },
  { name: 'meta_author', max: 200 },
  { name: 'meta_publisher', max: 200 },
  { name: 'meta_lang', max: 35 },
];
const FORMATS: Record<string, string> = {
  meta_url: 'seoAddress',
  meta_canonical: 'seoAddress',
  meta_image_url: 'seoAddress',
  meta_lang: 'seoLang',
  meta_title: 'markup',
  meta_desc: 'markup',
  meta_keywords: 'markup',
  meta_author: 'markup',
  meta_publisher: 'markup',
  en_item_name: 'markup',
  local_item_name: 'markup',
};

/** A field error key in words: a wrong format says what the field takes. */
const seoErrorText = (name: string, key: string) => (key === 'invalidFormat' && FORMATS[name] ? t(`seo.fieldErrors.${FORMATS[name]}`) : fieldErrorText(name, key));

interface Props {
  site: string;
  params: URLSearchParams;
  setParams: SetURLSearchParams;
}

export function SeoTab({ site, params }: Props) {
  const [data, setData] = useState<OpsSeoPagesReply | null>(null);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState('');
  const mayManage = useMay('content.manage');
  const chosen = params.get('seo');

  const load = useCallback(async () => {
    const reply = await opsCall('opsSeoPages', { site });
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    setError('');
    setData(reply);
  }, [site]);
  useEffect(() => {
    void load();
  }, [load]);

  const linkTo = (pageName?: string) => {
    const search = new URLSearchParams();
    search.set('site', site);
    search.set('tab', 'seo');
    if (pageName) search.set('seo', pageName);
    return `?${search.toString()}`;
  };
  const record = data?.records.find((entry) => entry.page_name === chosen);
  const known = !!chosen && !!data && (!!record || data.page_names.includes(chosen));
  const without = data ? data.page_names.filter((name) => !data.records.some((entry) => entry.page_name === name)) : [];

  return (
    <section aria-labelledby="seo-title">
      <CmsTabHead
        id="seo-title"
        title={known ? t('seo.titleOf', { page: chosen }) : t('content.tabs.seo')}
        intro={t('seo.intro')}
        back={known ? { to: linkTo(), text: t('seo.allRecords') } : null}
        error={error}
        loading={!data}
      />
      {!data ? null : known ? (
        <SeoForm key={`${site}/${chosen}`} site={site} pageName={chosen} record={record ?? null} localLanguage={data.local_language} onSaved={load} />
      ) : (
        <>
          {mayManage && without.length > 0 && (
            <div className="filters seo-add">
              <label>
                {t('seo.newFor')}
                <select value={adding} onChange={(event) => setAdding(event.target.value)}>
                  <option value="">{t('seo.choosePage')}</option>
                  {without.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              {adding ? (
                <Link className="cms-button-link" to={linkTo(adding)}>
                  {t('seo.add')}
                </Link>
              ) : null}
            </div>
          )}
          {data.records.length === 0 ? (
            <p className="note">{t('seo.none')}</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table seo-list" data-testid="seo-records">
                <caption className="visually-hidden">{t('seo.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('seo.columns.page')}</th>
                    <th scope="col">{t('seo.columns.title')}</th>
                    <th scope="col">{t('seo.columns.description')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('content.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.records.map((entry) => (
                    <tr key={entry.id} data-page={entry.page_name}>
                      <td className="mono">{entry.page_name}</td>
                      <td className="content-text">{entry.meta_title || <span className="note">{t('seo.defaultTitle')}</span>}</td>
                      <td>
                        <span className="content-body">{entry.meta_desc}</span>
                      </td>
                      <td>
                        <Link className="cms-button-link" to={linkTo(entry.page_name)} aria-label={t('seo.editOf', { page: entry.page_name })}>
                          {mayManage ? t('content.edit') : t('seo.view')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

interface FormProps {
  site: string;
  pageName: string;
  record: SeoRecord | null;
  localLanguage: OpsSeoPagesReply['local_language'];
  onSaved: () => Promise<void>;
}

function SeoForm({ site, pageName, record, localLanguage, onSaved }: FormProps) {
  const mayManage = useMay('content.manage');
  // Only the record's fields: the save call refuses any other (the record's id and page name).
  const [fields, setFields] = useState<Fields>(() => (record ? fieldsOf(record) : EMPTY));
  const [version, setVersion] = useState(0);
  const { reason, setReason, errors, error, notice, setNotice, busy, save: saveWithReason } = useReasonSave();
  const base = useId();
  const first = useRef<HTMLInputElement>(null);
  const local = localLanguage ? languageName(localLanguage) : t('seo.localLanguage');
  const set = (name: keyof Fields, value: string) => setFields((current) => ({ ...current, [name]: value }));

  useEffect(() => {
    first.current?.focus();
  }, []);

  const save = (event: FormEvent) =>
    saveWithReason(
      event,
      (reason) => opsCall('opsSeoPageSave', { site, page_name: pageName, ...fields, reason }),
      async (reply) => {
        const { id: _id, page_name: _name, ...kept } = reply.record;
        setFields(kept);
        setVersion((value) => value + 1);
        setNotice(t('seo.saved'));
        await onSaved();
      },
    );

  const errorId = (name: string) => `${base}-${name}-error`;
  const hintId = (name: string) => `${base}-${name}-hint`;
  const fieldError = (name: string) => <CmsFieldError errors={errors} name={name} id={errorId(name)} text={seoErrorText} />;
  const describedBy = (name: string, hint: boolean) => [hint ? hintId(name) : '', errors[name] ? errorId(name) : ''].filter(Boolean).join(' ') || undefined;
  const textField = (name: keyof Fields, max: number, long = false, ref?: Ref<HTMLInputElement>, language = local) => {
    const hint = t(`seo.hints.${name}`, { defaultValue: '' });
    const props = {
      id: `${base}-${name}`,
      value: fields[name],
      maxLength: max,
      readOnly: !mayManage,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy(name, !!hint),
    } as const;
    return (
      <div className="content-field" key={name}>
        <label htmlFor={`${base}-${name}`}>{t(`seo.fields.${name}`, { language })}</label>
        {long ? <textarea {...props} rows={3} onChange={(event) => set(name, event.target.value)} /> : <input {...props} ref={ref} onChange={(event) => set(name, event.target.value)} />}
        {hint && (
          <span id={hintId(name)} className="sub">
            {hint}
          </span>
        )}
        {fieldError(name)}
      </div>
    );
  };
  const bodyField = (name: 'en_body' | 'local_body', lang: string, language: string) => (
    <div className="content-field">
      <span className="cms-label">{t(`seo.fields.${name}`, { language })}</span>
      <Suspense fallback={<p className="sub">{t('cms.editorLoading')}</p>}>
        <CmsEditor
          key={`${name}/${version}`}
          initial={fields[name]}
          onChange={(html) => set(name, html)}
          label={t(`seo.fields.${name}`, { language })}
          lang={lang}
          readOnly={!mayManage}
          describedBy={errors[name] ? errorId(name) : undefined}
        />
      </Suspense>
      {fieldError(name)}
    </div>
  );

  return (
    <form className="content-form seo-form" onSubmit={(event) => void save(event)} noValidate>
      {!record && <p className="cms-situation">{t('seo.newRecord', { page: pageName })}</p>}
      <fieldset className="content-fieldset">
        <legend>{t('seo.metaLegend')}</legend>
        <div className="seo-grid">
          {META.map((entry, index) => textField(entry.name, entry.max, entry.long, index === 0 ? first : undefined))}
        </div>
      </fieldset>
      <fieldset className="content-fieldset">
        <legend>{t('seo.textLegend', { language: t('seo.english') })}</legend>
        {textField('en_item_name', 200, false, undefined, t('seo.english'))}
        {bodyField('en_body', 'en', t('seo.english'))}
      </fieldset>
      <fieldset className="content-fieldset">
        <legend>{t('seo.textLegend', { language: local })}</legend>
        {textField('local_item_name', 200)}
        {bodyField('local_body', localLanguage ? LOCALE_LANGS[localLanguage] : 'en', local)}
      </fieldset>
      {mayManage ? (
        <ReasonField id={`${base}-reason`} errorId={errorId('reason')} reason={reason} setReason={setReason} errors={errors} />
      ) : (
        <p className="note">{t('content.readOnly')}</p>
      )}
      <Messages notice={notice} error={error} />
      {mayManage && (
        <div className="buttons">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t('cms.saving') : t('seo.save')}
          </button>
        </div>
      )}
    </form>
  );
}
