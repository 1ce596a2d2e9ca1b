import { eq, sql } from 'drizzle-orm';
import { isAtLeast, progressToward, toMinorUnits } from '@wl/contracts';
import type { MinigameReply } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { frozenTokenReleases, frozenTokenSettings } from '../db/schema.js';
import { readBalances, transfer } from '../ledger/index.js';

interface Owner {
  id: number;
  siteId: number;
}

export type MinigameStatus = Omit<MinigameReply, 'statusCode' | 'message'>;

/**
 * The minigame wallet: game tokens, frozen tokens and the progress of the site's release condition
 * (approved deposits or turnover, counted from the first frozen credit after the last release).
 * When the condition holds, the frozen tokens are released in the same transaction: the wallet row
 * is locked first (SELECT ... FOR UPDATE), so concurrent calls wait and the later ones find nothing
 * frozen any more; the release is a debit of frozen_tokens and a credit of tokens through the
 * ledger under keys of the release's own id, exactly once.
 */
export async function minigameStatus(db: Db, player: Owner): Promise<MinigameStatus> {
  const [settings] = await db.select().from(frozenTokenSettings).where(eq(frozenTokenSettings.siteId, player.siteId)).limit(1);
  const kind = settings?.releaseKind ?? 'deposit';
  const target = settings?.releaseTarget ?? '0.0000';
  const outcome = await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [wallet] = await queryRows<{ frozen: string }>(
      tx,
      sql`select frozen_tokens::text as frozen from wallets where player_id = ${player.id} and site_id = ${player.siteId} for update`,
    );
    const frozen = wallet?.frozen ?? '0.0000';
    if (toMinorUnits(frozen) <= 0n) return { progress: '0', released: '0.0000' };
    const [row] = await queryRows<{ progress: string }>(
      tx,
      sql`with last_release as (
            select coalesce(max(created_at), '-infinity'::timestamptz) as at from frozen_token_releases where player_id = ${player.id}
          ), since as (
            select min(created_at) as at from ledger_entries, last_release
            where player_id = ${player.id} and site_id = ${player.siteId} and account = 'frozen_tokens' and amount > 0
              and created_at > last_release.at
          )
          select (case when ${kind} = 'deposit' then
            (select coalesce(sum(amount), 0) from payments, since where player_id = ${player.id} and site_id = ${player.siteId}
               and kind = 'deposit' and status = 'approved' and decided_at >= since.at)
          else
            (select coalesce(-sum(amount), 0) from ledger_entries, since where player_id = ${player.id} and site_id = ${player.siteId}
               and account = 'balance' and type = 'bet' and created_at >= since.at)
          end)::text as progress`,
    );
    const progress = row?.progress ?? '0';
    if (!settings || !isAtLeast(progress, target)) return { progress, released: '0.0000' };

    const [release] = await tx
      .insert(frozenTokenReleases)
      .values({ siteId: player.siteId, playerId: player.id, amount: frozen })
      .returning({ id: frozenTokenReleases.id });
    const key = `frozen-release:${release!.id}`;
    // One transfer between two wallets of the player (ADR 0024).
    const moved = await transfer(tx, {
      siteId: player.siteId,
      debit: { playerId: player.id, wallet: 'frozen_tokens' },
      credit: { playerId: player.id, wallet: 'tokens' },
      amount: frozen,
      type: 'frozen_release',
      reference: key,
      idempotencyKey: key,
    });
    // The wallet is locked and holds `frozen`: a refusal is a bug, and throwing rolls it all back.
    if (!moved.ok) throw new Error('Frozen token release refused');
    return { progress, released: frozen };
  });
  const balances = await readBalances(db, player.id);
  const shown = progressToward(outcome.progress, target);
  return {
    token_balance: balances.tokens,
    frozen_token: balances.frozenTokens,
    released: outcome.released,
    release_condition: { kind, target, progress: shown.progress, progress_percent: shown.percent },
  };
}
