import { useCallback, useEffect, useMemo, useState } from 'react';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { TeamMember } from '@wl/contracts';
import { opsCall } from '../lib/api';
import { DataTable } from '../lib/DataTable';
import { dateTime, failureText, t } from '../lib/i18n';
import { CreateAccountDialog } from './CreateAccountDialog';
import { ManageAccountDialog } from './ManageAccountDialog';
import './team.css';
import { Messages } from '../lib/Messages';

/*
 * The team (issue 26 §1, ADR 0050): the back-office accounts this operator manages, with their
 * role, sites, second factor, status and API keys. Adding and changing accounts happen in dialogs;
 * the server checks every rule (no role above one's own, no site outside one's own, not oneself).
 */

const column = createColumnHelper<TeamMember>();

export function TeamPage() {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<TeamMember | null>(null);

  const load = useCallback(async () => {
    const reply = await opsCall('opsTeam', {});
    if (reply.statusCode !== 1) {
      setError(failureText(reply.message));
      setMembers([]);
      return;
    }
    setError('');
    setMembers(reply.value);
    // The open dialog follows the fresh row (its keys, its status).
    setManaging((open) => (open ? (reply.value.find((member) => member.account_id === open.account_id) ?? null) : null));
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const columns = useMemo(
    () => [
      column.accessor('username', { header: () => t('team.username'), cell: (info) => <span className="mono">{info.getValue()}</span> }),
      column.accessor('role', { header: () => t('team.role'), cell: (info) => t(`roles.${info.getValue()}`) }),
      column.accessor('sites', {
        header: () => t('team.sites'),
        cell: (info) => {
          const sites = info.getValue();
          return sites === null ? <strong>{t('team.allSitesShort')}</strong> : <span className="team-sites">{sites.map((site) => site.site_name).join(', ')}</span>;
        },
      }),
      column.accessor('totp_enrolled', { header: () => t('team.secondFactor'), cell: (info) => (info.getValue() ? t('team.enrolled') : t('team.notEnrolled')) }),
      column.accessor('disabled', {
        header: () => t('team.status'),
        cell: (info) => <span className={`tag ${info.getValue() ? 'tag-withdrawal' : 'tag-deposit'}`}>{info.getValue() ? t('team.disabled') : t('team.active')}</span>,
      }),
      column.accessor('last_login_at', { header: () => t('team.lastLogin'), cell: (info) => <span className="nowrap">{info.getValue() ? dateTime(info.getValue()!) : t('team.never')}</span> }),
      column.accessor('keys', { header: () => t('team.keys'), cell: (info) => info.getValue().filter((key) => !key.disabled_at).length }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('team.manage')}</span>,
        cell: ({ row }) => (
          <button type="button" onClick={() => setManaging(row.original)} aria-label={t('team.manageOf', { username: row.original.username })}>
            {t('team.manage')}
          </button>
        ),
      }),
    ],
    [],
  );
  const table = useReactTable({ data: members ?? [], columns, getCoreRowModel: getCoreRowModel() });

  return (
    <>
      <div className="page-head team-head">
        <div>
          <h1>{t('team.title')}</h1>
          <p>{t('team.intro')}</p>
        </div>
        <button type="button" className="primary" onClick={() => setAdding(true)}>
          {t('team.add')}
        </button>
      </div>
      <Messages error={error} />
      <DataTable table={table} caption={t('team.caption')} loading={members === null} loadingText={t('team.loading')} emptyText={t('team.empty')} />
      {adding && <CreateAccountDialog onClose={() => setAdding(false)} onCreated={() => void load()} />}
      {managing && <ManageAccountDialog member={managing} onClose={() => setManaging(null)} onChanged={() => void load()} />}
    </>
  );
}
