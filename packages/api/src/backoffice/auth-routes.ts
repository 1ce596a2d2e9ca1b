import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fastifyCookie } from '@fastify/cookie';
import type { ZodError } from 'zod';
import { eq, inArray, sql } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, OPERATOR_COOKIE, OPERATOR_SESSION_MAX_MS, PERMISSIONS, roleMay, type OperatorMe } from '@wl/contracts';
import { isConnectionError, type Db } from '../db/client.js';
import { operatorAccounts, operatorAudit, siteDomains, sites } from '../db/schema.js';
import { failure, httpStatusOf } from '../http/calls.js';
import { fieldErrorsOf } from '../shared/field-errors.js';
import { hashPassword, verifyPassword } from '../shared/password.js';
import { RATE_LIMITS, type RateLimiter } from '../security/index.js';
import { accountSiteIds, activeAccountByUsername, noteLogin, type OperatorAccountRow } from './accounts.js';
import { completeSecondFactor, readOperatorSession, revokeAccountSessions, revokeOperatorSession, startOperatorSession, type SessionState } from './sessions.js';
import { operatorTokenOf as tokenOf, sameOriginRequest } from './session-actor.js';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp.js';
import type { TotpSealer } from './totp-sealing.js';

/*
 * POST /api/admin/auth/*: the back office's sign-in (issue 26 §1, ADR 0044). The session token
 * travels only in an HttpOnly, SameSite=Strict cookie; every call that reads it must come from a
 * page of the same origin (Sec-Fetch-Site and Origin), so another site cannot make a signed-in
 * operator's browser act. A wrong password and an unknown username answer alike.
 */

type Reply = Record<string, unknown> & { statusCode: number; message: string };
const OK = { statusCode: 1, message: 'OK' } as const;

/** A hash to compare against when the username is unknown: the answer takes as long as a wrong password. */
let noAccountHash: Promise<string> | undefined;
const unknownAccountHash = () => (noAccountHash ??= hashPassword(randomBytes(16).toString('hex')));

function setCookie(reply: FastifyReply, request: FastifyRequest, token: string, maxAgeMs: number): void {
  reply.header(
    'set-cookie',
    fastifyCookie.serialize(OPERATOR_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: '/',
      maxAge: Math.floor(maxAgeMs / 1000),
    }),
  );
}

const clearCookie = (reply: FastifyReply, request: FastifyRequest) => setCookie(reply, request, '', 0);

/** The account as the console shows it: role, permissions and sites (with a domain each). */
export async function operatorMeOf(db: Db, account: OperatorAccountRow): Promise<OperatorMe> {
  const siteIds = await accountSiteIds(db, account);
  const rows =
    siteIds.length === 0
      ? []
      : await db
          .select({ id: sites.id, externalId: sites.externalId, siteName: sites.siteName, domain: sql<string>`min(${siteDomains.domain})` })
          .from(sites)
          .leftJoin(siteDomains, eq(siteDomains.siteId, sites.id))
          .where(inArray(sites.id, siteIds))
          .groupBy(sites.id)
          .orderBy(sites.id);
  return {
    username: account.username,
    role: account.role,
    permissions: PERMISSIONS.filter((permission) => roleMay(account.role, permission)),
    sites: rows.map((row) => ({ external_id: row.externalId, site_name: row.siteName, domain: row.domain ?? '' })),
    all_sites: account.siteIds === null,
    totp_enrolled: account.totpConfirmedAt !== null,
    last_login_at: account.lastLoginAt?.toISOString() ?? null,
  };
}

export function registerBackofficeAuthRoutes(app: FastifyInstance, db: Db, rateLimiter: RateLimiter, sealer: TotpSealer): void {
  /** One route: same-origin check, payload check, errors as replies (never a crash). */
  function route<P>(
    call: { path: string; payload: { safeParse: (input: unknown) => { success: true; data: P } | { success: false; error: ZodError } } },
    run: (payload: P, request: FastifyRequest, reply: FastifyReply) => Promise<Reply>,
  ): void {
    app.post(call.path, async (request, reply) => {
      const send = (body: Reply) => reply.code(httpStatusOf(body)).header('cache-control', 'no-store').send(body);
      try {
        if (!sameOriginRequest(request)) return send(failure('permissionDenied'));
        const parsed = call.payload.safeParse(request.body ?? {});
        if (!parsed.success) return send(failure('validationError', fieldErrorsOf(parsed.error)));
        return send(await run(parsed.data, request, reply));
      } catch (error) {
        request.log.error({ err: error, call: call.path }, 'back-office sign-in failed');
        return send(failure(isConnectionError(error) ? 'serviceUnavailable' : 'internalServerError'));
      }
    });
  }

  const done = async (account: OperatorAccountRow): Promise<Reply> => ({ ...OK, step: 'done', operator: await operatorMeOf(db, account) });

  /**
   * A sign-in event in the audit log (ADR 0044): who, from where, and how it ended. Failed passwords
   * are bounded by the login rate limits above, so a flood cannot fill the log.
   */
  const auditSignIn = (account: Pick<OperatorAccountRow, 'id' | 'username'> | null, username: string, action: string, request: FastifyRequest, reason = '') =>
    db.insert(operatorAudit).values({
      accountId: account?.id ?? null,
      actor: account ? `console:${account.username}` : 'anonymous',
      action,
      targetType: 'operator_account',
      targetId: account ? String(account.id) : username.trim().toLowerCase().slice(0, 64),
      reason,
      details: { client_ip: request.ip, user_agent: String(request.headers['user-agent'] ?? '').slice(0, 200) },
    });

  /** The session of the cookie, for the second step (password done, factor to come) or any later call. */
  const sessionOf = (request: FastifyRequest): Promise<SessionState> => readOperatorSession(db, tokenOf(request));

  route(ADMIN_AUTH_CALLS.login, async ({ username, password }, request, reply) => {
    const addressLimit = [RATE_LIMITS.opsLoginAccountAddress, `${username.trim().toLowerCase()}:${request.ip}`] as const;
    for (const [rule, key] of [[RATE_LIMITS.opsLoginIp, request.ip], addressLimit] as const) {
      if (!(await rateLimiter.hit(rule, key)).allowed) return failure('tooManyRequests');
    }
    const account = await activeAccountByUsername(db, username);
    const passwordRight = await verifyPassword(password, account?.passwordHash ?? (await unknownAccountHash()));
    if (!account || !passwordRight) {
      await auditSignIn(account ?? null, username, 'console.login_failed', request, account ? 'wrongPassword' : 'unknownUsername');
      return failure('invalidCredentials');
    }
    await rateLimiter.reset(...addressLimit);

    const client = { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
    const token = await startOperatorSession(db, account.id, false, client);
    setCookie(reply, request, token, OPERATOR_SESSION_MAX_MS);
    if (account.totpConfirmedAt) return { ...OK, step: 'totp' };
    // First login: a secret to enrol (a new one each time until a code confirms it).
    const secret = newTotpSecret();
    await db.update(operatorAccounts).set({ totpSecret: sealer.seal(account.id, secret) }).where(eq(operatorAccounts.id, account.id));
    return { ...OK, step: 'enrol', totp_secret: secret, totp_uri: totpUri(secret, account.username), skippable: account.totpOptional };
  });

  route(ADMIN_AUTH_CALLS.totp, async ({ code }, request) => {
    const session = await sessionOf(request);
    if (!session.ok) return failure('sessionExpired');
    const account = session.account;
    if (!(await rateLimiter.hit(RATE_LIMITS.opsTotpAccount, String(account.id))).allowed) return failure('tooManyRequests');
    const secret = account.totpSecret ? sealer.open(account.id, account.totpSecret) : null;
    const step = secret ? acceptedTotpStep(secret, code, account.totpLastStep) : null;
    if (step === null) {
      await auditSignIn(account, account.username, 'console.login_failed', request, 'wrongCode');
      return failure('invalidTac');
    }
    // The step is recorded with a condition, so one code cannot open two sessions at once.
    const [used] = await db
      .update(operatorAccounts)
      .set({ totpLastStep: step, totpConfirmedAt: sql`coalesce(${operatorAccounts.totpConfirmedAt}, now())` })
      .where(sql`${operatorAccounts.id} = ${account.id} and (${operatorAccounts.totpLastStep} is null or ${operatorAccounts.totpLastStep} < ${step})`)
      .returning();
    if (!used) return failure('invalidTac');
    await rateLimiter.reset(RATE_LIMITS.opsTotpAccount, String(account.id));
    await completeSecondFactor(db, session.tokenHash);
    await noteLogin(db, account.id);
    await auditSignIn(account, account.username, 'console.login', request);
    return done(used);
  });

  route(ADMIN_AUTH_CALLS.skipEnrol, async (_payload, request) => {
    const session = await sessionOf(request);
    if (!session.ok) return failure('sessionExpired');
    if (!session.account.totpOptional || session.account.totpConfirmedAt) return failure('permissionDenied');
    await completeSecondFactor(db, session.tokenHash);
    await noteLogin(db, session.account.id);
    await auditSignIn(session.account, session.account.username, 'console.login', request, 'secondFactorSkipped');
    return done(session.account);
  });

  route(ADMIN_AUTH_CALLS.me, async (_payload, request) => {
    const session = await sessionOf(request);
    if (!session.ok || !session.secondFactorDone) return failure('sessionExpired');
    return done(session.account);
  });

  route(ADMIN_AUTH_CALLS.password, async ({ current_password, new_password }, request) => {
    const session = await sessionOf(request);
    if (!session.ok || !session.secondFactorDone) return failure('sessionExpired');
    const account = session.account;
    // The current password is asked again: a session left open must not be enough to take the account.
    if (!(await rateLimiter.hit(RATE_LIMITS.opsLoginAccountAddress, `${account.username}:${request.ip}`)).allowed) return failure('tooManyRequests');
    if (!(await verifyPassword(current_password, account.passwordHash))) return failure('invalidPassword');
    const passwordHash = await hashPassword(new_password);
    await db.transaction(async (trx) => {
      const tx = trx as unknown as Db;
      await tx.update(operatorAccounts).set({ passwordHash }).where(eq(operatorAccounts.id, account.id));
      await tx.insert(operatorAudit).values({
        accountId: account.id,
        actor: `console:${account.username}`,
        action: 'operator_account.password',
        targetType: 'operator_account',
        targetId: String(account.id),
        reason: 'Changed by the account itself',
        details: { client_ip: request.ip },
      });
    });
    await revokeAccountSessions(db, account.id, session.tokenHash);
    return { ...OK };
  });

  route(ADMIN_AUTH_CALLS.logout, async (_payload, request, reply) => {
    const session = await sessionOf(request);
    if (session.ok) {
      await revokeOperatorSession(db, session.tokenHash);
      await auditSignIn(session.account, session.account.username, 'console.logout', request);
    }
    clearCookie(reply, request);
    return { ...OK };
  });
}
