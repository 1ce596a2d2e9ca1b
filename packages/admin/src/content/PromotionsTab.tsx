import { useCallback, useEffect, useId, useMemo, useState } from 'react';
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
import { opsCall } from '../lib/api';
import { dateTime, failureText, t } from '../lib/i18n';
import { DataTable, Pager } from '../lib/DataTable';
import { Messages } from '../lib/Messages';
import { useMay } from '../shell/session';
import {
  FieldError,
  LanguageChoice,
  LanguageTextField,
  ReasonAndSubmit,
  RewardsDialog,
  RowActions,
  SanitisedPreview,
  StateTag,
  SwitchDialog,
  described,
  firstRefusedLanguage,
  fromLocalInput,
  toLocalInput,
  useReasonedSave,
  useLanguageTexts,
  useRewardsDialogs,
  type OnDone,
  type SentForm,
} from './rewards-shared';
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
  const { notice, editing, setEditing, switching, setSwitching, lastReason, done } = useRewardsDialogs<OpsPromotionRow>(load);

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
        cell: ({ row }) => <StateTag active={row.original.active} />,
      }) as ColumnDef<OpsPromotionRow, unknown>,
    ];
    if (mayManage)
      list.push(
        column.display({
          id: 'actions',
          header: () => <span className="visually-hidden">{t('rewards.promotions.columns.actions')}</span>,
          cell: ({ row }) => <RowActions name={row.original.title.slice(0, 60)} active={row.original.active} onEdit={() => setEditing(row.original)} onSwitch={() => setSwitching(row.original)} />,
        }) as ColumnDef<OpsPromotionRow, unknown>,
      );
    return list;
  }, [mayManage, setEditing, setSwitching]);

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
      {switching && (
        <SwitchDialog
          name={switching.title.slice(0, 60)}
          active={switching.active}
          lastReason={lastReason}
          save={(reason) => switchPromotion(site, switching, reason)}
          onClose={() => setSwitching(null)}
          onDone={done}
        />
      )}
    </section>
  );
}

interface DialogProps {
  site: string;
  lastReason: string;
  onClose: () => void;
  onDone: OnDone;
}

/** On or off: the stored promotion is read and saved again whole with the new state. */
async function switchPromotion(site: string, row: OpsPromotionRow, reason: string) {
  const found = await opsCall('opsPromotion', { site, id: row.id });
  return found.statusCode === 1 ? await opsCall('opsPromotionSave', payloadOf(site, found.value, found.languages, { active: !row.active, reason })) : found;
}

const EMPTY_TEXT = { title: '', summary: '', body: '' };

/** A new promotion, or a stored one changed: every field, the texts per language, a live preview of the body. */
function PromotionDialog({ site, languages, id, lastReason, onClose, onDone }: DialogProps & { languages: LocaleCode[]; id: number | null }) {
  const mayMoney = useMay('money.adjust');
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loadError, setLoadError] = useState('');
  const { texts, setTexts, language, setLanguage, current, setText, filled } = useLanguageTexts(EMPTY_TEXT, {} as Texts);
  const [claimType, setClaimType] = useState<OpsPromotionRow['claim_type']>('none');
  const [rewardType, setRewardType] = useState<'balance' | 'tokens'>('tokens');
  const [preview, setPreview] = useState('');
  const { errors, error, busy, submit } = useReasonedSave(onDone, (refused) => {
    // Show the first language whose texts were refused.
    const first = firstRefusedLanguage(languages, refused);
    if (first) setLanguage(first);
  });
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

  const save = ({ value, form, reason }: SentForm) => {
    const amount = claimType === 'claim' ? value('reward_amount') : '';
    const sent: Texts = Object.fromEntries(languages.filter(filled).map((code) => [code, texts[code]!])) as Texts;
    return opsCall('opsPromotionSave', {
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
  };

  const field = (name: string, hint?: string) => ({ name, id: idOf(name), ...described(errors, name, `${idOf(name)}-error`, hint ? `${idOf(name)}-hint` : undefined) });
  const fieldLabel = (name: string, text: string) => <label htmlFor={idOf(name)}>{text}</label>;

  return (
    <RewardsDialog title={t(id === null ? 'rewards.promotions.addTitle' : 'rewards.promotions.editTitle')} onClose={onClose}>
      {loadError ? (
        <Messages error={loadError} />
      ) : !ready ? (
        <p>{t('rewards.loading')}</p>
      ) : (
        <form className="content-form" onSubmit={(event) => void submit(event, save)} noValidate>
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
            <LanguageChoice languages={languages} current={language} filled={filled} errors={errors} errorId={`${idOf('text-lang')}-error`} onChoose={setLanguage} />
            <LanguageTextField id={idOf('text-title')} label={t('rewards.promotions.fields.title')} language={language} name="title" errors={errors}>
              {(props) => <input {...props} value={current.title} onChange={(event) => setText('title', event.target.value)} maxLength={200} />}
            </LanguageTextField>
            <LanguageTextField id={idOf('text-summary')} label={t('rewards.promotions.fields.summary')} language={language} name="summary" errors={errors}>
              {(props) => <textarea {...props} rows={2} value={current.summary} onChange={(event) => setText('summary', event.target.value)} maxLength={500} />}
            </LanguageTextField>
            <LanguageTextField id={idOf('text-body')} label={t('rewards.promotions.fields.body')} language={language} name="body" errors={errors} hint={t('rewards.promotions.fields.bodyHint')}>
              {(props) => <textarea {...props} className="mono" rows={6} value={current.body} onChange={(event) => setText('body', event.target.value)} maxLength={20_000} spellCheck={false} />}
            </LanguageTextField>
            <div className="rewards-preview">
              <p className="rewards-preview__title">{t('rewards.promotions.fields.preview')}</p>
              {preview ? <SanitisedPreview html={preview} label={t('rewards.promotions.fields.preview')} /> : <p className="sub">{t('rewards.promotions.fields.previewEmpty')}</p>}
            </div>
          </fieldset>
          <label className="check">
            <input type="checkbox" name="active" defaultChecked={detail ? detail.active : true} />
            {t('rewards.promotions.fields.active')}
          </label>
          <ReasonAndSubmit lastReason={lastReason} errors={errors} error={error} busy={busy} label={t(id === null ? 'rewards.create' : 'rewards.save')} />
        </form>
      )}
    </RewardsDialog>
  );
}
