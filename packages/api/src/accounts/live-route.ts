import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIVE_BALANCE_PATH, liveBalanceQuery, sessionPayload } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { failure, httpStatusOf } from '../http/calls.js';
import { fieldErrorsOf } from '../shared/field-errors.js';
import { hashToken } from '../shared/hash-token.js';
import { openEventStream } from '../shared/event-stream.js';
import { checkSiteOpen } from '../sites/index.js';
import { LiveBalanceHub, type LiveBalanceHubOptions } from './live-balance.js';
import type { PlayerCache } from './player-cache.js';
import { checkSessionQuietly } from './sessions.js';

/** The bearer token of an Authorization header, or null. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

function refuse(reply: FastifyReply, body: ReturnType<typeof failure>): FastifyReply {
  return reply.code(httpStatusOf(body)).header('cache-control', 'no-store').send(body);
}

/**
 * GET /api/live (ADR 0031): the logged-in player's balances as Server-Sent Events, at connect and
 * after every change of their wallet, until the session ends. The token comes in the Authorization
 * header, never in the URL. Without a player cache (no notification connection) there is nothing
 * to follow: the route answers serviceUnavailable and the client keeps the balance it has.
 * Answers the hub (tests read its size).
 */
export function registerLiveBalanceRoute(
  app: FastifyInstance,
  db: Db,
  cache: PlayerCache | null,
  options: LiveBalanceHubOptions = {},
): LiveBalanceHub | null {
  const hub = cache ? new LiveBalanceHub(db, cache, { log: app.log, ...options }) : null;
  // Open streams would keep the server from closing: they end first.
  if (hub) app.addHook('preClose', (done) => (hub.stop(), done()));

  app.get(LIVE_BALANCE_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = liveBalanceQuery.safeParse(request.query ?? {});
    if (!query.success) return refuse(reply, failure('validationError', fieldErrorsOf(query.error)));
    const token = sessionPayload.auth.safeParse(bearerToken(request.headers.authorization));
    if (!token.success) return refuse(reply, failure('sessionExpired'));
    if (!hub) return refuse(reply, failure('serviceUnavailable'));

    const tokenHash = hashToken(token.data);
    const check = await checkSessionQuietly(db, cache, query.data.account_id, tokenHash);
    if (!check.ok) return refuse(reply, failure(check.message));
    const site = checkSiteOpen(check.context.site);
    if (!site.ok) return refuse(reply, failure(site.message));
    const playerId = check.context.player.id;
    const refusal = hub.refusal(playerId);
    if (refusal) return refuse(reply, failure(refusal));

    // From here the response is the stream's: Fastify neither serialises nor ends it. A comment at
    // once, so the client knows the stream is open before the first balance is read.
    const response = openEventStream(request, reply, ': open\n\n');
    hub.add({ playerId, accountId: query.data.account_id, tokenHash, endsAt: check.endsAt ?? Date.now() }, response);
  });
  return hub;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's live balance streams (null: no player cache to follow). */
    liveBalance: LiveBalanceHub | null;
  }
}
