import type { FastifyRequest } from 'fastify';
import { fastifyCookie } from '@fastify/cookie';
import { OPERATOR_COOKIE } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { actorOfAccount } from './accounts.js';
import type { Actor } from './actor.js';
import { readOperatorSession } from './sessions.js';

/*
 * The back-office session of a request (ADR 0044), for the operator calls: its cookie, read only
 * from a page of this origin (CSRF), with the second factor done.
 */

/**
 * Whether a cookie-carrying request comes from a page of this origin: browsers send Sec-Fetch-Site
 * and, on a POST, Origin; a request without either is not a browser's (the CLI), and carries the
 * cookie only because its sender holds it.
 */
export function sameOriginRequest(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

export const operatorTokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.cookie;
  return header ? fastifyCookie.parse(header)[OPERATOR_COOKIE] : undefined;
};

/** The actor of a request's back-office session (second factor done), or null. */
export async function sessionActor(db: Db, request: FastifyRequest): Promise<Actor | null> {
  if (!sameOriginRequest(request)) return null;
  const session = await readOperatorSession(db, operatorTokenOf(request));
  return session.ok && session.secondFactorDone ? actorOfAccount(db, session.account) : null;
}

