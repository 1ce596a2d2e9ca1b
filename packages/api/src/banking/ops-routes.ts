import type { FastifyInstance } from 'fastify';
import { CALL_PERMISSIONS, CMS_CALL_BODY_LIMIT_BYTES, OPERATOR_CALLS, SITE_APPLY_BODY_LIMIT_BYTES, type OperatorCallName } from '@wl/contracts';
import { isConnectionError, type Db } from '../db/client.js';
import { failure, httpStatusOf } from '../http/calls.js';
import { RATE_LIMITS, type RateLimiter } from '../security/index.js';
import { auditFailedAuthentication, checkOperatorKey } from './operators.js';
import { runOperatorCall, type OperatorReply } from './ops-calls.js';
import type { PlayerCache } from '../accounts/index.js';
import { sessionActor } from '../backoffice/index.js';

/** Calls that carry CMS or SEO bodies of up to 64 KiB each (ADR 0053): more than the app's default body. */
const CMS_BODY_CALLS: ReadonlySet<OperatorCallName> = new Set(['opsCmsPageSave', 'opsCmsPreview', 'opsSeoPageSave']);

/**
 * POST /api/ops/*: the operator HTTP API (ADR 0015). The key is checked before the payload is
 * read, so a caller without one learns nothing about the payloads; a player's session token is no
 * operator key (invalidApiKey). Replies use the sites' envelope, with the HTTP status of the key.
 * A failed authentication is audited (ADR 0023), up to a limit per client address, past which the
 * address gets tooManyRequests until its window ends (a valid key still works meanwhile).
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  db: Db,
  rateLimiter: RateLimiter,
  playerCache: PlayerCache | null,
  afterChange: () => Promise<void>,
): void {
  /**
   * A call that may change something (its permission is not a `.view` one) and succeeded: its reply
   * waits for `afterChange` (this process's caches catching up, http/app.ts), so the operator's
   * next page (the new site at its domain, the new colour, the new slide) shows it.
   */
  const run = async (...args: Parameters<typeof runOperatorCall>): Promise<OperatorReply> => {
    const reply = await runOperatorCall(...args);
    if (reply.statusCode === 1 && !CALL_PERMISSIONS[args[2]].endsWith('.view')) await afterChange();
    return reply;
  };
  for (const name of Object.keys(OPERATOR_CALLS) as OperatorCallName[]) {
    // A site definition carries its logo files (ADR 0043): that call takes a larger body.
    const options = name === 'opsSiteApply' ? { bodyLimit: SITE_APPLY_BODY_LIMIT_BYTES } : CMS_BODY_CALLS.has(name) ? { bodyLimit: CMS_CALL_BODY_LIMIT_BYTES } : {};
    app.post(OPERATOR_CALLS[name].path, options, async (request, reply) => {
      const send = (body: OperatorReply) => reply.code(httpStatusOf(body)).send(body);
      try {
        // A back-office session (its cookie, from a page of this origin) when no key is sent (ADR 0044).
        if (request.headers.authorization === undefined && request.headers.cookie !== undefined) {
          const actor = await sessionActor(db, request);
          if (actor) return send(await run(db, actor, name, request.body, playerCache));
        }
        const checked = await checkOperatorKey(db, request.headers.authorization);
        if (!checked.ok) {
          const counted = await rateLimiter.hit(RATE_LIMITS.opsAuthFailureIp, request.ip);
          if (!counted.allowed) return send(failure('tooManyRequests'));
          await auditFailedAuthentication(db, checked, { call: name, clientIp: request.ip });
          return send(failure('invalidApiKey'));
        }
        return send(await run(db, checked.actor, name, request.body, playerCache));
      } catch (error) {
        request.log.error({ err: error, call: name }, 'operator call failed');
        return send(failure(isConnectionError(error) ? 'serviceUnavailable' : 'internalServerError'));
      }
    });
  }
}
