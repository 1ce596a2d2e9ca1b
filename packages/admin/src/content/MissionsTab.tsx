import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { createColumnHelper, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { MISSION_KINDS, MISSION_PERIODS, type LocaleCode, type OpsMissionRow } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { failureText, t } from '../lib/i18n';
import { DataTable } from '../lib/DataTable';
import { Messages } from '../lib/Messages';
import { useMay } from '../shell/session';
import {
  FieldError,
  LanguageChoice,
  LanguageTextField,
  ReasonAndSubmit,
  RewardsDialog,
  RowActions,
  StateTag,
  SwitchDialog,
  described,
  firstRefusedLanguage,
  useReasonedSave,
  useLanguageTexts,
  useRewardsDialogs,
  type OnDone,
  type SentForm,
} from './rewards-shared';
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
  const { notice, editing, setEditing, switching, setSwitching, lastReason, done } = useRewardsDialogs<OpsMissionRow>(load);

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
        cell: ({ row }) => <StateTag active={row.original.active} />,
      }) as ColumnDef<OpsMissionRow, unknown>,
    ];
    if (mayManage)
      list.push(
        column.display({
          id: 'actions',
          header: () => <span className="visually-hidden">{t('rewards.missions.columns.actions')}</span>,
          cell: ({ row }) => <RowActions name={titleOf(row.original)} active={row.original.active} onEdit={() => setEditing(row.original)} onSwitch={() => setSwitching(row.original)} />,
        }) as ColumnDef<OpsMissionRow, unknown>,
      );
    return list;
  }, [mayManage, setEditing, setSwitching]);
  const table = useReactTable({ data: rows ?? [], columns, getCoreRowModel: getCoreRowModel() });

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
      {switching && (
        <SwitchDialog
          name={titleOf(switching)}
          active={switching.active}
          lastReason={lastReason}
          save={(reason) => opsCall('opsMissionSave', payloadOf(site, switching, languages, { active: !switching.active, reason }))}
          onClose={() => setSwitching(null)}
          onDone={done}
        />
      )}
    </section>
  );
}

interface DialogProps {
  site: string;
  languages: LocaleCode[];
  lastReason: string;
  onClose: () => void;
  onDone: OnDone;
}

const EMPTY_TEXT = { title: '', description: '' };

function MissionDialog({ site, languages, row, nextSort, lastReason, onClose, onDone }: DialogProps & { row: OpsMissionRow | null; nextSort: number }) {
  const { texts, language, setLanguage, current, setText, filled } = useLanguageTexts(EMPTY_TEXT, row?.texts ?? {});
  const { errors, error, busy, submit } = useReasonedSave(onDone, (refused) => {
    const first = firstRefusedLanguage(languages, refused);
    if (first) setLanguage(first);
  });
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;

  const save = ({ value, form, reason }: SentForm) =>
    opsCall('opsMissionSave', {
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

  const field = (name: string, hint?: boolean) => ({ name, id: idOf(name), ...described(errors, name, `${idOf(name)}-error`, hint ? `${idOf(name)}-hint` : undefined) });
  const labelled = (name: string, text: string) => <label htmlFor={idOf(name)}>{text}</label>;

  return (
    <RewardsDialog title={t(row ? 'rewards.missions.editTitle' : 'rewards.missions.add')} onClose={onClose}>
      <form className="content-form" onSubmit={(event) => void submit(event, save)} noValidate>
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
          <LanguageChoice languages={languages} current={language} filled={filled} errors={errors} errorId={`${idOf('text-lang')}-error`} onChoose={setLanguage} />
          <LanguageTextField id={idOf('text-title')} label={t('rewards.missions.fields.title')} language={language} name="title" errors={errors}>
            {(props) => <input {...props} value={current.title} onChange={(event) => setText('title', event.target.value)} maxLength={120} />}
          </LanguageTextField>
          <LanguageTextField id={idOf('text-description')} label={t('rewards.missions.fields.description')} language={language} name="description" errors={errors}>
            {(props) => <textarea {...props} rows={3} value={current.description} onChange={(event) => setText('description', event.target.value)} maxLength={500} />}
          </LanguageTextField>
        </fieldset>
        <label className="check">
          <input type="checkbox" name="active" defaultChecked={row ? row.active : true} />
          {t('rewards.missions.fields.active')}
        </label>
        <ReasonAndSubmit lastReason={lastReason} errors={errors} error={error} busy={busy} label={t(row ? 'rewards.save' : 'rewards.create')} />
      </form>
    </RewardsDialog>
  );
}
