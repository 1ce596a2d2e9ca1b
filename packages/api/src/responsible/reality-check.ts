import { sql } from 'drizzle-orm';
import { subtractDecimals, type RealityCheckReply } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';
import { stakesAndWinsSince } from './limits.js';

/*
 * Reality check (issue 25 §3, ADR 0041): every N minutes of a session (the player's choice, 15 to
 * 60) the site shows how long the session has lasted and its net result. The server keeps the
 * interval and answers the session's figures; the site schedules the dialog from the session's start.
 */

/** The reality check of one session: the interval, the session's start and limit end, and its stakes and wins. */
export async function realityCheckOf(db: Db, playerId: number, sessionId: number): Promise<RealityCheckReply> {
  const [row] = await queryRows<{ created_at: Date | string; limit_ends_at: Date | string | null; interval_minutes: number | null }>(
    db,
    sql`select s.created_at, s.limit_ends_at, r.interval_minutes from sessions s
        left join player_reality_checks r on r.player_id = s.player_id
        where s.id = ${sessionId} and s.player_id = ${playerId}`,
  );
  // The session guard has just passed this session: its row is there.
  const started = new Date(row!.created_at);
  const { stakes, wins } = await stakesAndWinsSince(db, playerId, started);
  return {
    statusCode: 1,
    message: 'OK',
    interval_minutes: row!.interval_minutes === null ? null : Number(row!.interval_minutes),
    session_started_at: started.toISOString(),
    session_ends_at: row!.limit_ends_at === null ? null : new Date(row!.limit_ends_at).toISOString(),
    stakes,
    wins,
    net_result: subtractDecimals(wins, stakes),
  };
}

/** Sets (or with null, turns off) the player's reality-check interval; it applies at once. */
export async function saveRealityCheck(db: Db, owner: { siteId: number; playerId: number }, minutes: number | null): Promise<void> {
  if (minutes === null) {
    await db.execute(sql`delete from player_reality_checks where player_id = ${owner.playerId}`);
    return;
  }
  await db.execute(
    sql`insert into player_reality_checks (site_id, player_id, interval_minutes) values (${owner.siteId}, ${owner.playerId}, ${minutes})
        on conflict (player_id) do update set interval_minutes = excluded.interval_minutes, updated_at = now()`,
  );
}
