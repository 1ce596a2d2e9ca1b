import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { PlayerSessionInfo } from '@wl/contracts';
import { sessions } from '../db/schema.js';
import type { CallHandlers } from '../http/calls.js';
import { sessionCall } from '../http/guards.js';
import { SESSION_IDLE_MS, endSession, revokeOtherSessions } from './sessions.js';

/** At most this many sessions are listed (a player logging in by script must not make the reply huge). */
const MAX_LISTED = 50;
/** A user agent no rule below names is shown cut to this length. */
const RAW_AGENT_CHARS = 60;

/**
 * The address of a session with its host part hidden: the last IPv4 octet, or every IPv6 group
 * after the first three (the network a provider hands out). The player recognises the network;
 * a screenshot of the screen does not give away the address.
 */
export function maskIp(ip: string): string {
  const value = ip.trim();
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(value);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.*`;
  if (value.includes(':')) {
    const groups = value.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return groups.length ? `${groups.join(':')}:*` : '*';
  }
  return '';
}

/** Browsers by their user agent token; the first match wins, so Chromium-based browsers come before Chrome. */
const BROWSERS: [pattern: RegExp, name: string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [pattern: RegExp, name: string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * "Chrome on Windows" from a user agent; an agent of no known browser or system is shown raw,
 * shortened. A simple reading on purpose: the row only has to let the player recognise a device.
 */
export function describeDevice(userAgent: string): string {
  const agent = userAgent.trim();
  if (!agent) return '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  return agent.length > RAW_AGENT_CHARS ? `${agent.slice(0, RAW_AGENT_CHARS - 1)}…` : agent;
}

/**
 * POST /api/auth/sessions: the player's live sessions (not ended, not past their 7 days, used in
 * the last 2 hours), this one first. POST /api/auth/sessions/revoke_others: "sign out everywhere
 * else" (revokeOtherSessions also drops the ended sessions from the session cache). POST
 * /api/auth/logout ends this session on the server (ADR 0019).
 */
export const sessionListHandlers: CallHandlers = {
  sessions: sessionCall<'sessions'>(async (_payload, { db, session }) => {
    const now = Date.now();
    const rows = await db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.playerId, session.player.id),
          eq(sessions.siteId, session.site.id),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(now)),
          // This session passed its check just now, even if its last_seen_at is not written yet.
          or(eq(sessions.id, session.sessionId), gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))),
        ),
      )
      .orderBy(desc(sql`${sessions.id} = ${session.sessionId}`), desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(MAX_LISTED);
    const value: PlayerSessionInfo[] = rows.map((row) => {
      const current = row.id === session.sessionId;
      return {
        id: row.id,
        created_at: row.createdAt.toISOString(),
        last_seen_at: (current ? new Date(Math.max(now, row.lastSeenAt.getTime())) : row.lastSeenAt).toISOString(),
        ip: maskIp(row.ip),
        device: describeDevice(row.userAgent),
        current,
      };
    });
    return { statusCode: 1, message: 'OK', value };
  }),

  sessionsRevokeOthers: sessionCall<'sessionsRevokeOthers'>(async (_payload, { db, log, session, services }) => {
    const ended = await revokeOtherSessions(db, services.playerCache, session.player.id, session.sessionId, 'signed_out_elsewhere');
    log.info({ siteId: session.site.id, playerId: session.player.id, sessionsEnded: ended }, 'other sessions ended');
    return { statusCode: 1, message: 'OK', ended };
  }),

  logout: sessionCall<'logout'>(async (_payload, { db, log, session, services }) => {
    await endSession(db, services.playerCache, { sessionId: session.sessionId, playerId: session.player.id }, 'logged_out');
    log.info({ siteId: session.site.id, playerId: session.player.id }, 'logged out');
    return { statusCode: 1, message: 'OK' };
  }),
};
