import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, type SetURLSearchParams } from 'react-router';
import { CMS_PAGES, DEFAULT_LOCALE, LOCALE_LANGS, type CmsPageName, type LocaleCode, type OpsCmsPageBody, type OpsCmsPagesReply } from '@wl/contracts';
import { opsCall, type Failure } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { Messages } from '../lib/Messages';
import { useMay } from '../shell/session';
import { CmsFieldError, CmsTabHead, ReasonField, useReasonSave } from './cms-shared';
import { SafeHtml } from './SafeHtml';
import './cms.css';

/*
 * The Content screen's CMS pages (issue 26 §2 Content, ADR 0053): every page of the site with its
 * languages, and one page (?page=) in one language (?lang=) at a time in the rich-text editor,
 * previewed through the server's sanitiser, so the preview is what the site shows. Drafts of every
 * language are kept while the page is open; Save writes the shown language only.
 */

const CmsEditor = lazy(() => import('./CmsEditor'));

const displayNames = new Intl.DisplayNames(['en'], { type: 'language' });
/** A language in English words ("Vietnamese"), from its locale code. */
export const languageName = (code: LocaleCode): string => displayNames.of(LOCALE_LANGS[code]) ?? code;

/** Markup the editor keeps; a stored body with anything else loses it when saved from the editor. */
const EDITOR_TAGS = new Set(['P', 'BR', 'H2', 'H3', 'H4', 'H5', 'H6', 'STRONG', 'B', 'EM', 'I', 'U', 'S', 'A', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'CODE', 'HR']);
export function hasForeignMarkup(html: string): boolean {
  if (!html) return false;
  const body = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}</body>`, 'text/html').body;
  return [...body.querySelectorAll('*')].some((element) => !EDITOR_TAGS.has(element.tagName) || element.hasAttribute('style'));
}

const isPage = (value: string | null): value is CmsPageName => (CMS_PAGES as readonly string[]).includes(value ?? '');

interface Props {
  site: string;
  params: URLSearchParams;
  setParams: SetURLSearchParams;
}

export function CmsTab({ site, params, setParams }: Props) {
  const pageParam = params.get('page');
  const page = isPage(pageParam) ? pageParam : null;
  const [overview, setOverview] = useState<OpsCmsPagesReply | null>(null);
  const [error, setError] = useState('');
  // The language chosen: the address's, and at once the one clicked (its navigation lands later).
  const langParam = params.get('lang');
  const [lang, setLang] = useState(langParam);
  useEffect(() => setLang(langParam), [langParam]);

  const load = useCallback(async () => {
    const reply = await opsCall('opsCmsPages', { site });
    if (reply.statusCode !== 1) return setError(failureText(reply.message));
    setError('');
    setOverview(reply);
  }, [site]);
  useEffect(() => {
    void load();
  }, [load]);

  const linkTo = (next: { page?: CmsPageName; lang?: LocaleCode }) => {
    const search = new URLSearchParams();
    search.set('site', site);
    search.set('tab', 'pages');
    if (next.page) search.set('page', next.page);
    if (next.lang) search.set('lang', next.lang);
    return `?${search.toString()}`;
  };

  return (
    <section aria-labelledby="cms-title">
      <CmsTabHead
        id="cms-title"
        title={page ? t(`cms.pages.${page}`) : t('content.tabs.pages')}
        intro={t('cms.intro')}
        back={page ? { to: linkTo({}), text: t('cms.allPages') } : null}
        error={error}
        loading={!overview}
      />
      {!overview ? null : page ? (
        <CmsPageEditor
          key={`${site}/${page}`}
          site={site}
          page={page}
          languages={overview.languages}
          lang={lang}
          chooseLang={(chosen) => {
            // Shown chosen at once: the address follows as a navigation, which the radio must not wait for.
            setLang(chosen);
            const next = new URLSearchParams(params);
            next.set('lang', chosen);
            setParams(next, { replace: true, preventScrollReset: true });
          }}
          onSaved={load}
        />
      ) : (
        <div className="table-wrap">
          <table className="data-table cms-overview" data-testid="cms-pages">
            <caption className="visually-hidden">{t('cms.overviewCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cms.columns.page')}</th>
                <th scope="col">{t('cms.columns.languages')}</th>
                <th scope="col">{t('cms.columns.changed')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('content.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.pages.map((entry) => {
                const changed = entry.languages.map((state) => state.updated_at).filter((value): value is string => !!value).sort().at(-1);
                return (
                  <tr key={entry.page} data-page={entry.page}>
                    <td>
                      <strong>{t(`cms.pages.${entry.page}`)}</strong>
                      <span className="sub mono">{entry.page}</span>
                    </td>
                    <td>
                      <ul className="cms-langs" aria-label={t('cms.languagesOf', { page: t(`cms.pages.${entry.page}`) })}>
                        {entry.languages.map((state) => {
                          const kind = !state.has_body ? 'none' : state.status ? 'on' : 'off';
                          return (
                            <li key={state.locale} className={`cms-lang cms-lang--${kind}`} title={`${languageName(state.locale)}: ${t(`cms.langState.${kind}`)}`}>
                              <span aria-hidden="true">{state.locale}</span>
                              <span className="visually-hidden">
                                {languageName(state.locale)}: {t(`cms.langState.${kind}`)}
                              </span>
                            </li>
                          );
                        })}
                      </ul>
                    </td>
                    <td>{changed ? dateTime(changed) : '–'}</td>
                    <td>
                      <Link className="cms-button-link" to={linkTo({ page: entry.page })} aria-label={t('cms.editOf', { page: t(`cms.pages.${entry.page}`) })}>
                        {t('content.edit')}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="sub cms-legend">{t('cms.legend')}</p>
        </div>
      )}
    </section>
  );
}

type Draft = { body: string; status: boolean; edited: boolean };

interface EditorProps {
  site: string;
  page: CmsPageName;
  languages: LocaleCode[];
  lang: string | null;
  chooseLang: (lang: LocaleCode) => void;
  onSaved: () => void;
}

/** One page: a language switcher, the editor of the chosen language, its status, the reason, Preview and Save. */
function CmsPageEditor({ site, page, languages, lang, chooseLang, onSaved }: EditorProps) {
  const mayManage = useMay('content.manage');
  const [stored, setStored] = useState<Map<LocaleCode, OpsCmsPageBody> | null>(null);
  const [drafts, setDrafts] = useState<Map<LocaleCode, Draft>>(new Map());
  // Bumped when the editor must start again from a body (loaded, saved): the editor's key.
  const [version, setVersion] = useState(0);
  const { reason, setReason, errors, setErrors, error, setError, notice, setNotice, busy, setBusy, save: saveWithReason } = useReasonSave();
  // focus: the preview was asked for (it takes the focus); a save shows it without moving the focus.
  const [preview, setPreview] = useState<{ locale: LocaleCode; html: string; focus: boolean } | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  const ids = { note: useId(), reason: useId(), reasonError: useId(), bodyError: useId(), preview: useId(), foreign: useId() };
  const locale: LocaleCode = languages.includes(lang as LocaleCode) ? (lang as LocaleCode) : (languages[0] ?? DEFAULT_LOCALE);
  const storedBody = stored?.get(locale)?.body ?? '';
  const foreign = useMemo(() => hasForeignMarkup(storedBody), [storedBody]);

  useEffect(() => {
    let live = true;
    void (async () => {
      const reply = await opsCall('opsCmsPage', { site, page });
      if (!live) return;
      if (reply.statusCode !== 1) return setError(failureText(reply.message));
      setStored(new Map(reply.bodies.map((entry) => [entry.locale, entry])));
      setDrafts(new Map(reply.bodies.map((entry) => [entry.locale, { body: entry.body, status: entry.status, edited: false }])));
      setVersion((value) => value + 1);
    })();
    return () => {
      live = false;
    };
  }, [site, page]);

  useEffect(() => {
    if (preview?.focus && preview.locale === locale) previewRef.current?.focus();
  }, [preview, locale]);

  if (!stored) return error ? <Messages error={error} /> : <p className="note">{t('content.loading')}</p>;
  const draft = drafts.get(locale) ?? { body: '', status: true, edited: false };
  const saved = stored.get(locale);
  const storedEnglish = stored.get(DEFAULT_LOCALE);
  const name = languageName(locale);
  const setDraft = (change: Partial<Draft>) => setDrafts((current) => new Map(current).set(locale, { ...draft, ...change, edited: true }));

  // What a visitor in this language sees (the player site's choice of body: cms-body.ts).
  const situation = (() => {
    if (locale === DEFAULT_LOCALE) return saved?.body && !saved.status ? t('cms.situation.englishOff') : !saved?.body ? t('cms.situation.englishNone') : '';
    // Without a body of its own the page's status is this language's row's, else the English one.
    if (!saved?.body)
      return storedEnglish?.body && (saved?.exists ? saved.status : storedEnglish.status)
        ? t('cms.situation.noneEnglish', { language: name })
        : t('cms.situation.noneEmpty', { language: name });
    // Switched off in this language: the English body stands in, whatever its own status.
    if (!saved.status) return storedEnglish?.body ? t('cms.situation.offEnglish', { language: name }) : t('cms.situation.offEmpty', { language: name });
    return '';
  })();

  async function showPreview() {
    setBusy(true);
    setError('');
    const reply = await opsCall('opsCmsPreview', { site, body: draft.body });
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.errors) setErrors(failed.errors);
      return setError(failureText(failed.message));
    }
    setPreview({ locale, html: reply.body, focus: true });
  }

  const save = (event: FormEvent) =>
    saveWithReason(
      event,
      (reason) => opsCall('opsCmsPageSave', { site, page, locale, body: draft.body, status: draft.status, reason }),
      (reply) => {
        // What the server kept is what the editor shows now.
        setStored((current) => new Map(current).set(locale, { locale, exists: true, body: reply.body, status: reply.status, updated_at: reply.updated_at }));
        setDrafts((current) => new Map(current).set(locale, { body: reply.body, status: reply.status, edited: false }));
        setVersion((value) => value + 1);
        setPreview({ locale, html: reply.body, focus: false });
        setNotice(t('cms.saved', { language: name }));
        onSaved();
      },
    );

  return (
    <form className="content-form cms-form" onSubmit={(event) => void save(event)} noValidate>
      <fieldset className="content-fieldset cms-switcher">
        <legend>{t('cms.language')}</legend>
        <div className="cms-switcher__options">
          {languages.map((code) => {
            const entry = stored.get(code);
            const marks = [drafts.get(code)?.edited ? t('cms.mark.edited') : '', !entry?.body ? t('cms.mark.none') : !entry.status ? t('cms.mark.off') : ''].filter(Boolean);
            return (
              <label key={code} className={`cms-switcher__option${code === locale ? ' is-current' : ''}`}>
                <input type="radio" name="cms-language" value={code} checked={code === locale} onChange={() => chooseLang(code)} />
                <span>
                  {languageName(code)}
                  {marks.length > 0 && <span className="cms-switcher__mark"> ({marks.join(', ')})</span>}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {situation && (
        <p id={ids.note} className="cms-situation">
          {situation}
        </p>
      )}
      {foreign && !draft.edited && (
        <p id={ids.foreign} className="cms-situation">
          {t('cms.foreignMarkup')}
        </p>
      )}
      <div className="content-field">
        <span className="cms-label" id={`${ids.note}-label`}>
          {t('cms.body', { language: name })}
        </span>
        <Suspense fallback={<p className="sub">{t('cms.editorLoading')}</p>}>
          <CmsEditor
            key={`${locale}/${version}`}
            initial={draft.body}
            onChange={(body) => setDraft({ body })}
            label={t('cms.body', { language: name })}
            lang={LOCALE_LANGS[locale]}
            readOnly={!mayManage}
            describedBy={[situation ? ids.note : '', errors.body ? ids.bodyError : ''].filter(Boolean).join(' ') || undefined}
          />
        </Suspense>
        <CmsFieldError errors={errors} name="body" id={ids.bodyError} />
        <CmsFieldError errors={errors} name="locale" id={ids.bodyError + '-locale'} />
      </div>
      {mayManage ? (
        <>
          <label className="check">
            <input type="checkbox" checked={draft.status} onChange={(event) => setDraft({ status: event.target.checked })} />
            {t('cms.status', { language: name })}
          </label>
          <ReasonField id={ids.reason} errorId={ids.reasonError} reason={reason} setReason={setReason} errors={errors} />
        </>
      ) : (
        <p className="note">{t('content.readOnly')}</p>
      )}
      <Messages notice={notice} error={error} />
      <div className="buttons">
        <button type="button" onClick={() => void showPreview()} disabled={busy}>
          {t('cms.preview')}
        </button>
        {mayManage && (
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t('cms.saving') : t('cms.save', { language: name })}
          </button>
        )}
      </div>
      {preview && preview.locale === locale && (
        <section ref={previewRef} tabIndex={-1} className="cms-preview" aria-labelledby={ids.preview} data-testid="cms-preview">
          <h3 id={ids.preview}>{t('cms.previewTitle', { language: name })}</h3>
          {preview.html ? <SafeHtml html={preview.html} lang={LOCALE_LANGS[locale]} className="cms-preview__body" /> : <p className="note">{t('cms.previewEmpty')}</p>}
        </section>
      )}
      {saved?.updated_at && <p className="sub">{t('cms.updated', { when: dateTime(saved.updated_at) })}</p>}
    </form>
  );
}
