import type { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import type { OPERATOR_CALLS } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { failure } from '../http/calls.js';
import type { OperatorAccess, OperatorReply } from '../compliance/index.js';
import { coveredByExclusionNow } from '../responsible/index.js';

/*
 * The operator's inbox messages (issue 25 §3, ADR 0042): one campaign to named players or a
 * segment of one site, in one statement. A player gets a campaign once (a unique index on player
 * and campaign), so a retry or a wider second send reaches only the rest. Marketing stops for a
 * person under a time-out or self-exclusion on any of the owner's sites, and for a blocked or
 * closed account; security notices (accounts/owner-changes.ts) are not marketing and still go.
 */

type Payload = z.output<(typeof OPERATOR_CALLS)['opsInboxSend']['payload']>;

const OK = { statusCode: 1, message: 'OK' } as const;

/** The site's accounts a segment covers (`p` is the player row); only active ones. */
const SEGMENTS: Record<NonNullable<Payload['segment']>, SQL> = {
  all: sql`true`,
  depositors: sql`exists (select 1 from payments d where d.player_id = p.id and d.kind = 'deposit' and d.status = 'approved')`,
  non_depositors: sql`not exists (select 1 from payments d where d.player_id = p.id and d.kind = 'deposit' and d.status = 'approved')`,
};

interface SendCounts {
  sent: number;
  excluded: number;
  inactive: number;
  eligible: number;
  named: string[];
}

export async function opsInboxSend(db: Db, access: OperatorAccess, payload: Payload): Promise<OperatorReply> {
  const site = await access.site(db, payload.site);
  if (!site.ok) return failure(site.message);
  if (!site.value) return failure('siteNotFound');
  const siteId = site.value.id;
  const named = payload.account_ids ? [...new Set(payload.account_ids)] : null;
  const selector = named
    ? sql`p.account_id in (${sql.join(named.map((id) => sql`${id}`), sql`, `)})`
    : sql`p.status = 'active' and ${SEGMENTS[payload.segment!]}`;

  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [counts] = await queryRows<SendCounts>(
      tx,
      sql`with candidates as (
            select p.id, p.account_id, p.status = 'active' as active, ${coveredByExclusionNow} as excluded
            from players p where p.site_id = ${siteId} and ${selector}
          ),
          inserted as (
            insert into inbox_items (site_id, player_id, title, body, reward_amount, reward_type, campaign)
            select ${siteId}, id, ${payload.title}, ${payload.body}, ${payload.reward_amount ?? null}, ${payload.reward_type ?? null}, ${payload.campaign}
            from candidates where active and not excluded
            on conflict (player_id, campaign) where campaign is not null do nothing
            returning player_id
          )
          select (select count(*)::int from inserted) as sent,
                 (select count(*)::int from candidates where active and excluded) as excluded,
                 (select count(*)::int from candidates where not active) as inactive,
                 (select count(*)::int from candidates where active and not excluded) as eligible,
                 ${named ? sql`(select coalesce(array_agg(account_id), '{}') from candidates)` : sql`'{}'::text[]`} as named`,
    );
    const found = new Set(named ? counts!.named : []);
    const notFound = (named ?? []).filter((id) => !found.has(id));
    const reply = {
      sent: counts!.sent,
      already_sent: counts!.eligible - counts!.sent,
      excluded: counts!.excluded,
      inactive: counts!.inactive,
      not_found: notFound,
    };
    const auditId = await access.audit(tx, {
      action: 'inbox.send',
      targetType: 'campaign',
      targetId: payload.campaign,
      siteId,
      reason: payload.reason,
      details: {
        title: payload.title,
        ...(named ? { account_ids: named.length } : { segment: payload.segment }),
        reward_amount: payload.reward_amount ?? null,
        reward_type: payload.reward_type ?? null,
        ...reply,
        not_found: notFound.slice(0, 20),
      },
    });
    return { ...OK, ...reply, audit_id: auditId };
  });
}
