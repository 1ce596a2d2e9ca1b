import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { createColumnHelper, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import {
  PROMOTION_CATEGORIES,
  PROMOTION_CLAIM_TYPES,
  PROMOTION_KINDS,
  PROMOTION_REWARD_TYPES,
  type LocaleCode,
  type OpsPromotionReply,
  type OpsPromotionRow,
} from '@wl/contracts';
import { opsCall, type Failure } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { DataTable, Pager } from '../lib/DataTable';
import { Messages } from '../lib/Messages';
import { useMay } from '../shell/session';
import { FieldError, LanguageSwitch, Reason, RewardsDialog, SanitisedPreview, described, fromLocalInput, toLocalInput, type FieldErrors } from './rewards-shared';
import './rewards.css';

/*
 * The Content screen's Promotions tab (ADR 0054): a site's promotions and news, filtered by kind and
 * on/off in the URL, paged on the server; a dialog writes one whole, its texts per language of the
 * site with a live preview of the body as the server sanitises it. Nothing is deleted: a promotion
 * players took is switched off instead.
 */

const PAGE_SIZE = 20;
const column = createColumnHelper<OpsPromotionRow>();
type Detail = OpsPromotionReply['value'];
type Texts = Partial<Record<LocaleCode, { title: string; summary: string; body: string }>>;

interface Props {
  site: string;
  params: URLSearchParams;
  setParams: SetURLSearchParams;
}

/** The whole save payload of a stored promotion, with changes. */
function payloadOf(site: string, detail: Detail, languages: readonly LocaleCode[], changes: { active?: boolean; reason: string }) {
  return {
    site,
    id: detail.id,
    kind: detail.kind,
    category: detail.category,
    image_url: detail.image_url,
    start_at: detail.start_at,
    end_at: detail.end_at,
    claim_type: detail.claim_type,
    reward_amount: detail.reward_amount,
    reward_type: detail.reward_type,
    min_deposit: detail.min_deposit,
    active: changes.active ?? detail.active,
    // The site's languages only: a text of a language the site dropped stays stored as it is.
    texts: Object.fromEntries(Object.entries(detail.texts).filter(([code]) => languages.includes(code as LocaleCode))) as Texts,
    reason: changes.reason,
  };
}

export function PromotionsTab({ site, params, setParams }: Props) {
  const mayManage = useMay('content.manage');
  const kind = (PROMOTION_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as OpsPromotionRow['kind']) : '';
  const state = params.get('state') === 'on' || params.get('state') === 'off' ? (params.get('state') as 'on' | 'off') : '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [rows, setRows] = useState<OpsPromotionRow[] | null>(null);
  const [languages, setLanguages] = useState<LocaleCode[]>(['EN']);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<OpsPromotionRow | 'new' | null>(null);
  const [switching, setSwitching] = useState<OpsPromotionRow | null>(null);
  const [lastReason, setLastReason] = useState('');

  const load = useCallback(async () => {
    const reply = await opsCall('opsPromotions', { site, ...(kind ? { kind } : {}), ...(state ? { state } : {}), page, page_size: PAGE_SIZE });
    if (reply.statusCode !== 1) {
      setError(failureText(reply.message));
      setRows([]);
      return;
    }
    setError('');
    setRows(reply.value);
    setLanguages(reply.languages);
    setTotal(reply.total);
  }, [site, kind, state, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const columns = useMemo(() => {
    const list: ColumnDef<OpsPromotionRow, unknown>[] = [
      column.display({
        id: 'title',
        header: () => t('rewards.promotions.columns.title'),
        cell: ({ row }) => (
          <>
            <strong className="content-text">{row.original.title}</strong>
            <span className="sub">{t(`rewards.categories.${row.original.category}`)}</span>
          </>
        ),
      }) as ColumnDef<OpsPromotionRow, unknown>,
      column.display({ id: 'kind', header: () => t('rewards.promotions.columns.kind'), cell: ({ row }) => t(`rewards.kinds.${row.original.kind}`) }) as ColumnDef<OpsPromotionRow, unknown>,
      column.display({
        id: 'period',
        header: () => t('rewards.promotions.columns.period'),
        cell: ({ row }) => (
          <span className="nowrap-ish">
            {dateTime(row.original.start_at)} – {row.original.end_at ? dateTime(row.original.end_at) : t('rewards.promotions.openEnded')}
          </span>
        ),
      }) as ColumnDef<OpsPromotionRow, unknown>,
      column.display({
        id: 'claim',
        header: () => t('rewards.promotions.columns.claim'),
        cell: ({ row }) => (
          <>
            {t(`rewards.claimTypes.${row.original.claim_type}`)}
            {row.original.reward_amount && row.original.reward_type && (
              <span className="sub mono">
                {row.original.reward_amount} {t(`rewards.rewardTypes.${row.original.reward_type}`)}
              </span>
            )}
          </>
        ),
      }) as ColumnDef<OpsPromotionRow, unknown>,
      column.display({ id: 'entries', header: () => t('rewards.promotions.columns.entries'), cell: ({ row }) => <span className="mono">{row.original.entries}</span> }) as ColumnDef<OpsPromotionRow, unknown>,
      column.display({
        id: 'state',
        header: () => t('rewards.promotions.columns.state'),
        cell: ({ row }) => <span className={`tag ${row.original.active ? 'content-on' : 'content-off'}`}>{t(row.original.active ? 'rewards.on' : 'rewards.off')}</span>,
      }) as ColumnDef<OpsPromotionRow, unknown>,
    ];
    if (mayManage)
      list.push(
        column.display({
          id: 'actions',
          header: () => <span className="visually-hidden">{t('rewards.promotions.columns.actions')}</span>,
          cell: ({ row }) => {
            const name = row.original.title.slice(0, 60);
            return (
              <div className="content-actions">
                <button type="button" onClick={() => setEditing(row.original)} aria-label={t('rewards.editOf', { name })}>
                  {t('rewards.edit')}
                </button>
                <button type="button" onClick={() => setSwitching(row.original)} aria-label={t(row.original.active ? 'rewards.switchOffOf' : 'rewards.switchOnOf', { name })}>
                  {t(row.original.active ? 'rewards.switchOff' : 'rewards.switchOn')}
                </button>
              </div>
            );
          },
        }) as ColumnDef<OpsPromotionRow, unknown>,
      );
    return list;
  }, [mayManage]);

  const table = useReactTable({ data: rows ?? [], columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, rowCount: total });
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };
  async function done(text: string, reason: string) {
    setEditing(null);
    setSwitching(null);
    setLastReason(reason);
    setNotice(text);
    await load();
  }

  return (
    <section aria-labelledby="content-promotions-title">
      <div className="content-head">
        <div>
          <h2 id="content-promotions-title">{t('content.tabs.promotions')}</h2>
          <p className="sub">{t('rewards.promotions.intro')}</p>
        </div>
        {mayManage && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            {t('rewards.promotions.add')}
          </button>
        )}
      </div>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          {t('rewards.promotions.kind')}
          <select value={kind} onChange={(event) => setFilter('kind', event.target.value)}>
            <option value="">{t('rewards.all')}</option>
            {PROMOTION_KINDS.map((entry) => (
              <option key={entry} value={entry}>
                {t(`rewards.kinds.${entry}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('rewards.promotions.state')}
          <select value={state} onChange={(event) => setFilter('state', event.target.value)}>
            <option value="">{t('rewards.all')}</option>
            <option value="on">{t('rewards.on')}</option>
            <option value="off">{t('rewards.off')}</option>
          </select>
        </label>
        <p className="count" aria-live="polite">
          {rows === null ? t('rewards.loading') : t('rewards.count', { count: total })}
        </p>
      </form>
      {!mayManage && <p className="note">{t('rewards.readOnly')}</p>}
      <Messages notice={notice} error={error} />
      <DataTable
        table={table}
        caption={t('content.tabs.promotions')}
        testId="content-promotions"
        loading={rows === null}
        loadingText={t('rewards.loading')}
        emptyText={t('rewards.empty')}
        rowAttributes={(row) => ({ 'data-id': row.id })}
      />
      <Pager page={page} pages={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={goTo} />
      <p className="sub">{t('rewards.noDelete')}</p>
      {editing && <PromotionDialog site={site} languages={languages} id={editing === 'new' ? null : editing.id} lastReason={lastReason} onClose={() => setEditing(null)} onDone={done} />}
      {switching && <SwitchDialog site={site} row={switching} lastReason={lastReason} onClose={() => setSwitching(null)} onDone={done} />}
    </section>
  );
}

interface DialogProps {
  site: string;
  lastReason: string;
  onClose: () => void;
  onDone: (notice: string, reason: string) => void;
}

/** On or off, confirmed with a reason: the stored promotion is saved again whole with the new state. */
function SwitchDialog({ site, row, lastReason, onClose, onDone }: DialogProps & { row: OpsPromotionRow }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const name = row.title.slice(0, 60);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < 3) return setErrors({ reason: ['tooShort'] });
    setBusy(true);
    setErrors({});
    const found = await opsCall('opsPromotion', { site, id: row.id });
    const reply = found.statusCode === 1 ? await opsCall('opsPromotionSave', payloadOf(site, found.value, found.languages, { active: !row.active, reason })) : found;
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.errors) setErrors(failed.errors);
      return setError(failureText(failed.message));
    }
    onDone(t('rewards.saved'), reason);
  }
  return (
    <RewardsDialog title={t(row.active ? 'rewards.switchOffOf' : 'rewards.switchOnOf', { name })} onClose={onClose}>
      <form className="content-form" onSubmit={submit} noValidate>
        <p>{t(row.active ? 'rewards.confirmOff' : 'rewards.confirmOn', { name })}</p>
        <Reason initial={lastReason} errors={errors} />
        <Messages error={error} />
        <div className="buttons">
          <button type="submit" className="primary" disabled={busy}>
            {t('rewards.confirm')}
          </button>
        </div>
      </form>
    </RewardsDialog>
  );
}

const EMPTY_TEXT = { title: '', summary: '', body: '' };

/** A new promotion, or a stored one changed: every field, the texts per language, a live preview of the body. */
function PromotionDialog({ site, languages, id, lastReason, onClose, onDone }: DialogProps & { languages: LocaleCode[]; id: number | null }) {
  const mayMoney = useMay('money.adjust');
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loadError, setLoadError] = useState('');
  const [texts, setTexts] = useState<Texts>({});
  const [language, setLanguage] = useState<LocaleCode>('EN');
  const [claimType, setClaimType] = useState<OpsPromotionRow['claim_type']>('none');
  const [rewardType, setRewardType] = useState<'balance' | 'tokens'>('tokens');
  const [preview, setPreview] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;

  useEffect(() => {
    if (id === null) return;
    void opsCall('opsPromotion', { site, id }).then((reply) => {
      if (reply.statusCode !== 1) return setLoadError(failureText(reply.message));
      setDetail(reply.value);
      setTexts(reply.value.texts);
      setClaimType(reply.value.claim_type);
      if (reply.value.reward_type) setRewardType(reply.value.reward_type);
    });
  }, [site, id]);

  const current = texts[language] ?? EMPTY_TEXT;
  const setText = (field: keyof typeof EMPTY_TEXT, value: string) => setTexts((all) => ({ ...all, [language]: { ...(all[language] ?? EMPTY_TEXT), [field]: value } }));

  // The body as the server will store it, a moment after typing stops.
  useEffect(() => {
    const body = current.body;
    if (!body.trim()) {
      setPreview('');
      return;
    }
    const timer = setTimeout(() => {
      void opsCall('opsPromotionPreview', { site, body }).then((reply) => {
        if (reply.statusCode === 1) setPreview(reply.body);
      });
    }, 300);
    return () => clearTimeout(timer);
  }, [site, current.body]);

  const ready = id === null || detail !== null;
  const filled = (code: LocaleCode) => {
    const text = texts[code];
    return !!text && (text.title.trim() !== '' || text.summary.trim() !== '' || text.body.trim() !== '');
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const reason = value('reason');
    if (reason.length < 3) return setErrors({ reason: ['tooShort'] });
    const amount = claimType === 'claim' ? value('reward_amount') : '';
    const sent: Texts = Object.fromEntries(languages.filter(filled).map((code) => [code, texts[code]!])) as Texts;
    setBusy(true);
    setError('');
    setErrors({});
    const reply = await opsCall('opsPromotionSave', {
      site,
      ...(id !== null ? { id } : {}),
      kind: value('kind') as OpsPromotionRow['kind'],
      category: value('category') as OpsPromotionRow['category'],
      image_url: value('image_url'),
      start_at: fromLocalInput(value('start_at')) ?? '',
      end_at: fromLocalInput(value('end_at')),
      claim_type: claimType,
      reward_amount: amount || null,
      reward_type: amount ? rewardType : null,
      min_deposit: value('min_deposit') || null,
      active: form.get('active') === 'on',
      texts: sent,
      reason,
    });
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.errors) {
        setErrors(failed.errors);
        // Show the first language whose texts were refused.
        const refused = languages.find((code) => Object.keys(failed.errors!).some((field) => field.startsWith(`texts.${code}`)));
        if (refused) setLanguage(refused);
      }
      return setError(failureText(failed.message));
    }
    onDone(t('rewards.saved'), reason);
  }

  const field = (name: string, hint?: string) => ({ name, id: idOf(name), ...described(errors, name, `${idOf(name)}-error`, hint ? `${idOf(name)}-hint` : undefined) });
  const textField = (name: keyof typeof EMPTY_TEXT) => described(errors, `texts.${language}.${name}`, `${idOf(`text-${name}`)}-error`, name === 'body' ? `${idOf('text-body')}-hint` : undefined);
  const fieldLabel = (name: string, text: string) => <label htmlFor={idOf(name)}>{text}</label>;

  return (
    <RewardsDialog title={t(id === null ? 'rewards.promotions.addTitle' : 'rewards.promotions.editTitle')} onClose={onClose}>
      {loadError ? (
        <Messages error={loadError} />
      ) : !ready ? (
        <p>{t('rewards.loading')}</p>
      ) : (
        <form className="content-form" onSubmit={submit} noValidate>
          <div className="content-inline">
            <div className="content-field">
              {fieldLabel('kind', t('rewards.promotions.fields.kind'))}
              <select {...field('kind')} defaultValue={detail?.kind ?? 'promotion'}>
                {PROMOTION_KINDS.map((entry) => (
                  <option key={entry} value={entry}>
                    {t(`rewards.kinds.${entry}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="content-field">
              {fieldLabel('category', t('rewards.promotions.fields.category'))}
              <select {...field('category')} defaultValue={detail?.category ?? 'event'}>
                {PROMOTION_CATEGORIES.map((entry) => (
                  <option key={entry} value={entry}>
                    {t(`rewards.categories.${entry}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="content-field">
            {fieldLabel('image_url', t('rewards.promotions.fields.imageUrl'))}
            <input {...field('image_url', 'hint')} defaultValue={detail?.image_url ?? ''} required maxLength={500} spellCheck={false} inputMode="url" />
            <span id={`${idOf('image_url')}-hint`} className="sub">
              {t('rewards.promotions.fields.imageHint')}
            </span>
            <FieldError errors={errors} name="image_url" id={`${idOf('image_url')}-error`} />
          </div>
          <div className="content-inline">
            <div className="content-field">
              {fieldLabel('start_at', t('rewards.promotions.fields.startAt'))}
              <input {...field('start_at')} type="datetime-local" defaultValue={toLocalInput(detail?.start_at ?? new Date().toISOString())} required />
              <FieldError errors={errors} name="start_at" id={`${idOf('start_at')}-error`} />
            </div>
            <div className="content-field">
              {fieldLabel('end_at', t('rewards.promotions.fields.endAt'))}
              <input {...field('end_at')} type="datetime-local" defaultValue={toLocalInput(detail?.end_at ?? null)} />
              <FieldError errors={errors} name="end_at" id={`${idOf('end_at')}-error`} />
            </div>
          </div>
          <div className="content-inline">
            <div className="content-field">
              {fieldLabel('claim_type', t('rewards.promotions.fields.claimType'))}
              <select {...field('claim_type')} value={claimType} onChange={(event) => setClaimType(event.target.value as OpsPromotionRow['claim_type'])}>
                {PROMOTION_CLAIM_TYPES.map((entry) => (
                  <option key={entry} value={entry}>
                    {t(`rewards.claimTypes.${entry}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="content-field">
              {fieldLabel('min_deposit', t('rewards.promotions.fields.minDeposit'))}
              <input {...field('min_deposit', 'hint')} defaultValue={detail?.min_deposit ?? ''} inputMode="decimal" />
              <span id={`${idOf('min_deposit')}-hint`} className="sub">
                {t('rewards.promotions.fields.minDepositHint')}
              </span>
              <FieldError errors={errors} name="min_deposit" id={`${idOf('min_deposit')}-error`} />
            </div>
          </div>
          {claimType === 'claim' && (
            <div className="content-inline">
              <div className="content-field">
                {fieldLabel('reward_amount', t('rewards.promotions.fields.rewardAmount'))}
                <input {...field('reward_amount')} defaultValue={detail?.reward_amount ?? ''} inputMode="decimal" />
                <FieldError errors={errors} name="reward_amount" id={`${idOf('reward_amount')}-error`} />
              </div>
              <div className="content-field">
                {fieldLabel('reward_type', t('rewards.promotions.fields.rewardType'))}
                <select {...field('reward_type')} value={rewardType} onChange={(event) => setRewardType(event.target.value as 'balance' | 'tokens')}>
                  {PROMOTION_REWARD_TYPES.map((entry) => (
                    <option key={entry} value={entry}>
                      {t(`rewards.rewardTypes.${entry}`)}
                    </option>
                  ))}
                </select>
                <FieldError errors={errors} name="reward_type" id={`${idOf('reward_type')}-error`} />
              </div>
            </div>
          )}
          {claimType === 'claim' && rewardType === 'balance' && !mayMoney && <p className="note">{t('rewards.moneyNote')}</p>}
          <fieldset className="content-fieldset">
            <legend>{t('rewards.languages')}</legend>
            <LanguageSwitch
              languages={languages}
              current={language}
              filled={filled}
              failed={(code) => Object.keys(errors).some((name) => name.startsWith(`texts.${code}`))}
              onChoose={setLanguage}
            />
            <FieldError errors={errors} name={`texts.${language}`} id={`${idOf('text-lang')}-error`} />
            <div className="content-field">
              <label htmlFor={idOf('text-title')}>
                {t('rewards.promotions.fields.title')} ({language})
              </label>
              <input id={idOf('text-title')} value={current.title} onChange={(event) => setText('title', event.target.value)} maxLength={200} {...textField('title')} />
              <FieldError errors={errors} name={`texts.${language}.title`} id={`${idOf('text-title')}-error`} />
            </div>
            <div className="content-field">
              <label htmlFor={idOf('text-summary')}>
                {t('rewards.promotions.fields.summary')} ({language})
              </label>
              <textarea id={idOf('text-summary')} rows={2} value={current.summary} onChange={(event) => setText('summary', event.target.value)} maxLength={500} {...textField('summary')} />
              <FieldError errors={errors} name={`texts.${language}.summary`} id={`${idOf('text-summary')}-error`} />
            </div>
            <div className="content-field">
              <label htmlFor={idOf('text-body')}>
                {t('rewards.promotions.fields.body')} ({language})
              </label>
              <textarea id={idOf('text-body')} className="mono" rows={6} value={current.body} onChange={(event) => setText('body', event.target.value)} maxLength={20_000} spellCheck={false} {...textField('body')} />
              <span id={`${idOf('text-body')}-hint`} className="sub">
                {t('rewards.promotions.fields.bodyHint')}
              </span>
              <FieldError errors={errors} name={`texts.${language}.body`} id={`${idOf('text-body')}-error`} />
            </div>
            <div className="rewards-preview">
              <p className="rewards-preview__title">{t('rewards.promotions.fields.preview')}</p>
              {preview ? <SanitisedPreview html={preview} label={t('rewards.promotions.fields.preview')} /> : <p className="sub">{t('rewards.promotions.fields.previewEmpty')}</p>}
            </div>
          </fieldset>
          <label className="check">
            <input type="checkbox" name="active" defaultChecked={detail ? detail.active : true} />
            {t('rewards.promotions.fields.active')}
          </label>
          <Reason initial={lastReason} errors={errors} />
          <Messages error={error} />
          <div className="buttons">
            <button type="submit" className="primary" disabled={busy}>
              {t(id === null ? 'rewards.create' : 'rewards.save')}
            </button>
          </div>
        </form>
      )}
    </RewardsDialog>
  );
}
