import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accountId, domainName } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { siteDomains, tacOutbox } from '../db/schema.js';
import { failure } from './calls.js';
import { fieldErrorsOf } from '../shared/field-errors.js';
import { TAC_TTL_SECONDS } from '../accounts/tac-codes.js';

const query = z.strictObject({ domain_name: domainName, account_id: accountId });

/**
 * Development switch (EXPOSE_TAC_CODES=true, off unless set; ADR 0019): the latest one-time code
 * sent to an account while it is still valid, so the demo and the tests can log in by code
 * without an SMS gateway. The server warns at every start while it is on. Never on in production:
 * with it, an account id is enough to log in.
 */
export function registerDevRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/dev/tac', async (request, reply) => {
    const parsed = query.safeParse(request.query, { reportInput: true });
    if (!parsed.success) return reply.code(400).send(failure('validationError', fieldErrorsOf(parsed.error)));
    const [row] = await db
      .select({ body: tacOutbox.body, purpose: tacOutbox.purpose, createdAt: tacOutbox.createdAt })
      .from(tacOutbox)
      .innerJoin(siteDomains, eq(siteDomains.siteId, tacOutbox.siteId))
      .where(
        and(
          eq(siteDomains.domain, parsed.data.domain_name),
          eq(tacOutbox.accountId, parsed.data.account_id),
          // The outbox keeps a message only while its code is valid (accounts/purge.ts).
          sql`${tacOutbox.createdAt} > now() - make_interval(secs => ${TAC_TTL_SECONDS})`,
        ),
      )
      .orderBy(desc(tacOutbox.id))
      .limit(1);
    if (!row) return reply.code(404).send(failure('notFound'));
    const code = /\b(\d{6})\b/.exec(row.body)?.[1] ?? '';
    return { statusCode: 1, message: 'OK', tac: code, purpose: row.purpose, created_at: row.createdAt.toISOString() };
  });
}
