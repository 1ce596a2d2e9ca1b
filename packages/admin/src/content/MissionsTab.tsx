import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { createColumnHelper, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { MISSION_KINDS, MISSION_PERIODS, type LocaleCode, type OpsMissionRow } from '@wl/contracts';
import { opsCall, type Failure } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { DataTable } from '../lib/DataTable';
import { Messages } from '../lib/Messages';
import { useMay } from '../shell/session';
import { FieldError, LanguageSwitch, Reason, RewardsDialog, described, type FieldErrors } from './rewards-shared';
import './rewards.css';

/*
 * The Content screen's Missions tab (ADR 0054): a site's missions in display order, switched off
 * ones too; a dialog writes one whole, its texts per language of the site. A mission players
 * claimed is switched off rather than deleted.
 */

const column = createColumnHelper<OpsMissionRow>();
type Texts = OpsMissionRow['texts'];

const titleOf = (row: OpsMissionRow): string => (row.texts.EN?.title ?? row.code).slice(0, 60);

/** The whole save payload of a stored mission, with changes (texts of the site's languages only). */
function payloadOf(site: string, row: OpsMissionRow, languages: readonly LocaleCode[], changes: { active?: boolean; reason: string }) {
  return {
    site,
    id: row.id,
    code: row.code,
    kind: row.kind,
    period: row.period,
    target: row.target,
    reward_tokens: row.reward_tokens,
    texts: Object.fromEntries(Object.entries(row.texts).filter(([code]) => languages.includes(code as LocaleCode))) as Texts,
    sort: row.sort,
    active: changes.active ?? row.active,
    reason: changes.reason,
  };
}

export function MissionsTab({ site }: { site: string }) {
  const mayManage = useMay('content.manage');
  const [rows, setRows] = useState<OpsMissionRow[] | null>(null);
  const [languages, setLanguages] = useState<LocaleCode[]>(['EN']);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<OpsMissionRow | 'new' | null>(null);
  const [switching, setSwitching] = useState<OpsMissionRow | null>(null);
  const [lastReason, setLastReason] = useState('');

  const load = useCallback(async () => {
    const reply = await opsCall('opsMissions', { site });
    if (reply.statusCode !== 1) {
      setError(failureText(reply.message));
      setRows([]);
      return;
    }
    setError('');
    setRows(reply.value);
    setLanguages(reply.languages);
  }, [site]);
  useEffect(() => {
    void load();
  }, [load]);

  const columns = useMemo(() => {
    const list: ColumnDef<OpsMissionRow, unknown>[] = [
      column.display({ id: 'order', header: () => t('rewards.missions.columns.order'), cell: ({ row }) => <span className="mono">{row.original.sort}</span> }) as ColumnDef<OpsMissionRow, unknown>,
      column.display({
        id: 'title',
        header: () => t('rewards.missions.columns.title'),
        cell: ({ row }) => (
          <>
            <strong className="content-text">{titleOf(row.original)}</strong>
            <span className="sub mono">{row.original.code}</span>
          </>
        ),
      }) as ColumnDef<OpsMissionRow, unknown>,
      column.display({ id: 'kind', header: () => t('rewards.missions.columns.kind'), cell: ({ row }) => t(`rewards.missions.kinds.${row.original.kind}`) }) as ColumnDef<OpsMissionRow, unknown>,
      column.display({ id: 'period', header: () => t('rewards.missions.columns.period'), cell: ({ row }) => t(`rewards.missions.periods.${row.original.period}`) }) as ColumnDef<OpsMissionRow, unknown>,
      column.display({ id: 'target', header: () => t('rewards.missions.columns.target'), cell: ({ row }) => <span className="mono">{row.original.target}</span> }) as ColumnDef<OpsMissionRow, unknown>,
      column.display({ id: 'reward', header: () => t('rewards.missions.columns.reward'), cell: ({ row }) => <span className="mono">{row.original.reward_tokens}</span> }) as ColumnDef<OpsMissionRow, unknown>,
      column.display({ id: 'claims', header: () => t('rewards.missions.columns.claims'), cell: ({ row }) => <span className="mono">{row.original.claims}</span> }) as ColumnDef<OpsMissionRow, unknown>,
      column.display({
        id: 'state',
        header: () => t('rewards.missions.columns.state'),
        cell: ({ row }) => <span className={`tag ${row.original.active ? 'content-on' : 'content-off'}`}>{t(row.original.active ? 'rewards.on' : 'rewards.off')}</span>,
      }) as ColumnDef<OpsMissionRow, unknown>,
    ];
    if (mayManage)
      list.push(
        column.display({
          id: 'actions',
          header: () => <span className="visually-hidden">{t('rewards.missions.columns.actions')}</span>,
          cell: ({ row }) => {
            const name = titleOf(row.original);
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
        }) as ColumnDef<OpsMissionRow, unknown>,
      );
    return list;
  }, [mayManage]);
  const table = useReactTable({ data: rows ?? [], columns, getCoreRowModel: getCoreRowModel() });

  async function done(text: string, reason: string) {
    setEditing(null);
    setSwitching(null);
    setLastReason(reason);
    setNotice(text);
    await load();
  }

  return (
    <section aria-labelledby="content-missions-title">
      <div className="content-head">
        <div>
          <h2 id="content-missions-title">{t('content.tabs.missions')}</h2>
          <p className="sub">{t('rewards.missions.intro')}</p>
        </div>
        {mayManage && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            {t('rewards.missions.add')}
          </button>
        )}
      </div>
      <p className="count" aria-live="polite">
        {rows === null ? t('rewards.loading') : t('rewards.count', { count: rows.length })}
      </p>
      {!mayManage && <p className="note">{t('rewards.readOnly')}</p>}
      <Messages notice={notice} error={error} />
      <DataTable
        table={table}
        caption={t('content.tabs.missions')}
        testId="content-missions"
        loading={rows === null}
        loadingText={t('rewards.loading')}
        emptyText={t('rewards.empty')}
        rowAttributes={(row) => ({ 'data-id': row.id })}
      />
      <p className="sub">{t('rewards.noDelete')}</p>
      {editing && (
        <MissionDialog
          site={site}
          languages={languages}
          row={editing === 'new' ? null : editing}
          nextSort={(rows ?? []).reduce((most, row) => Math.max(most, row.sort + 1), 0)}
          lastReason={lastReason}
          onClose={() => setEditing(null)}
          onDone={done}
        />
      )}
      {switching && <SwitchDialog site={site} languages={languages} row={switching} lastReason={lastReason} onClose={() => setSwitching(null)} onDone={done} />}
    </section>
  );
}

interface DialogProps {
  site: string;
  languages: LocaleCode[];
  lastReason: string;
  onClose: () => void;
  onDone: (notice: string, reason: string) => void;
}

function SwitchDialog({ site, languages, row, lastReason, onClose, onDone }: DialogProps & { row: OpsMissionRow }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const name = titleOf(row);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason.length < 3) return setErrors({ reason: ['tooShort'] });
    setBusy(true);
    setErrors({});
    const reply = await opsCall('opsMissionSave', payloadOf(site, row, languages, { active: !row.active, reason }));
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

const EMPTY_TEXT = { title: '', description: '' };

function MissionDialog({ site, languages, row, nextSort, lastReason, onClose, onDone }: DialogProps & { row: OpsMissionRow | null; nextSort: number }) {
  const [texts, setTexts] = useState<Texts>(row?.texts ?? {});
  const [language, setLanguage] = useState<LocaleCode>('EN');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const current = texts[language] ?? EMPTY_TEXT;
  const setText = (field: keyof typeof EMPTY_TEXT, value: string) => setTexts((all) => ({ ...all, [language]: { ...(all[language] ?? EMPTY_TEXT), [field]: value } }));
  const filled = (code: LocaleCode) => {
    const text = texts[code];
    return !!text && (text.title.trim() !== '' || text.description.trim() !== '');
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const reason = value('reason');
    if (reason.length < 3) return setErrors({ reason: ['tooShort'] });
    setBusy(true);
    setError('');
    setErrors({});
    const reply = await opsCall('opsMissionSave', {
      site,
      ...(row ? { id: row.id } : {}),
      code: value('code'),
      kind: value('kind') as OpsMissionRow['kind'],
      period: value('period') as OpsMissionRow['period'],
      target: value('target'),
      reward_tokens: value('reward_tokens'),
      texts: Object.fromEntries(languages.filter(filled).map((code) => [code, texts[code]!])) as Texts,
      sort: Number.parseInt(value('sort'), 10) || 0,
      active: form.get('active') === 'on',
      reason,
    });
    setBusy(false);
    if (reply.statusCode !== 1) {
      const failed = reply as Failure;
      if (failed.errors) {
        setErrors(failed.errors);
        const refused = languages.find((code) => Object.keys(failed.errors!).some((field) => field.startsWith(`texts.${code}`)));
        if (refused) setLanguage(refused);
      }
      return setError(failureText(failed.message));
    }
    onDone(t('rewards.saved'), reason);
  }

  const field = (name: string, hint?: boolean) => ({ name, id: idOf(name), ...described(errors, name, `${idOf(name)}-error`, hint ? `${idOf(name)}-hint` : undefined) });
  const labelled = (name: string, text: string) => <label htmlFor={idOf(name)}>{text}</label>;
  const textField = (name: keyof typeof EMPTY_TEXT) => described(errors, `texts.${language}.${name}`, `${idOf(`text-${name}`)}-error`);

  return (
    <RewardsDialog title={t(row ? 'rewards.missions.editTitle' : 'rewards.missions.add')} onClose={onClose}>
      <form className="content-form" onSubmit={submit} noValidate>
        <div className="content-inline">
          <div className="content-field">
            {labelled('code', t('rewards.missions.fields.code'))}
            <input {...field('code', true)} defaultValue={row?.code ?? ''} required maxLength={40} spellCheck={false} />
            <span id={`${idOf('code')}-hint`} className="sub">
              {t('rewards.missions.fields.codeHint')}
            </span>
            <FieldError errors={errors} name="code" id={`${idOf('code')}-error`} />
          </div>
          <div className="content-field">
            {labelled('sort', t('rewards.missions.fields.sort'))}
            <input {...field('sort')} type="number" min={0} max={10000} defaultValue={row?.sort ?? nextSort} />
            <FieldError errors={errors} name="sort" id={`${idOf('sort')}-error`} />
          </div>
        </div>
        <div className="content-inline">
          <div className="content-field">
            {labelled('kind', t('rewards.missions.fields.kind'))}
            <select {...field('kind')} defaultValue={row?.kind ?? 'login'}>
              {MISSION_KINDS.map((entry) => (
                <option key={entry} value={entry}>
                  {t(`rewards.missions.kinds.${entry}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="content-field">
            {labelled('period', t('rewards.missions.fields.period'))}
            <select {...field('period')} defaultValue={row?.period ?? 'daily'}>
              {MISSION_PERIODS.map((entry) => (
                <option key={entry} value={entry}>
                  {t(`rewards.missions.periods.${entry}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="content-inline">
          <div className="content-field">
            {labelled('target', t('rewards.missions.fields.target'))}
            <input {...field('target', true)} defaultValue={row?.target ?? ''} required inputMode="decimal" />
            <span id={`${idOf('target')}-hint`} className="sub">
              {t('rewards.missions.fields.targetHint')}
            </span>
            <FieldError errors={errors} name="target" id={`${idOf('target')}-error`} />
          </div>
          <div className="content-field">
            {labelled('reward_tokens', t('rewards.missions.fields.rewardTokens'))}
            <input {...field('reward_tokens')} defaultValue={row?.reward_tokens ?? ''} required inputMode="decimal" />
            <FieldError errors={errors} name="reward_tokens" id={`${idOf('reward_tokens')}-error`} />
          </div>
        </div>
        <fieldset className="content-fieldset">
          <legend>{t('rewards.languages')}</legend>
          <LanguageSwitch languages={languages} current={language} filled={filled} failed={(code) => Object.keys(errors).some((name) => name.startsWith(`texts.${code}`))} onChoose={setLanguage} />
          <FieldError errors={errors} name={`texts.${language}`} id={`${idOf('text-lang')}-error`} />
          <div className="content-field">
            <label htmlFor={idOf('text-title')}>
              {t('rewards.missions.fields.title')} ({language})
            </label>
            <input id={idOf('text-title')} value={current.title} onChange={(event) => setText('title', event.target.value)} maxLength={120} {...textField('title')} />
            <FieldError errors={errors} name={`texts.${language}.title`} id={`${idOf('text-title')}-error`} />
          </div>
          <div className="content-field">
            <label htmlFor={idOf('text-description')}>
              {t('rewards.missions.fields.description')} ({language})
            </label>
            <textarea id={idOf('text-description')} rows={3} value={current.description} onChange={(event) => setText('description', event.target.value)} maxLength={500} {...textField('description')} />
            <FieldError errors={errors} name={`texts.${language}.description`} id={`${idOf('text-description')}-error`} />
          </div>
        </fieldset>
        <label className="check">
          <input type="checkbox" name="active" defaultChecked={row ? row.active : true} />
          {t('rewards.missions.fields.active')}
        </label>
        <Reason initial={lastReason} errors={errors} />
        <Messages error={error} />
        <div className="buttons">
          <button type="submit" className="primary" disabled={busy}>
            {t(row ? 'rewards.save' : 'rewards.create')}
          </button>
        </div>
      </form>
    </RewardsDialog>
  );
}
