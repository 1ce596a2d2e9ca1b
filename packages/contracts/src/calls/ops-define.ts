import { z } from 'zod';
import { domainName } from '../rules.js';

/** What an operator call is: a POST with a JSON body, authenticated by the operator's key in a header. */
export interface OperatorCallDefinition<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  path: `/api/ops/${string}`;
  method: 'POST';
  summary: string;
  tag: 'Operator';
  payload: P;
  reply: R;
}

export function defineOperatorCall<P extends z.ZodType, R extends z.ZodType>(call: Omit<OperatorCallDefinition<P, R>, 'method' | 'tag'>): OperatorCallDefinition<P, R> {
  return { ...call, method: 'POST', tag: 'Operator' };
}

export const opsFailures = 'invalidApiKey (no, unknown or disabled key), permissionDenied (a site outside the key\'s scope), validationError';
export const reason = z.string('invalidValue').trim().min(3, 'required').max(500, 'tooLong').describe('Why: kept in the audit log (and shown to the player on a rejection).');
export const siteField = domainName.describe('The site, by one of its domain names (e.g. "casino1.localhost").');
