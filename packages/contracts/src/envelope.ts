import { z } from 'zod';
import { ERROR_KEYS, STATUS } from './errors.js';
import { authToken, accountId, domainName, externalId } from './rules.js';

/**
 * Reply envelope of docs/product.md D4: success is statusCode 1 and message "OK" plus the named
 * fields (lists in `value`); a business failure is statusCode 0 and an error key.
 */
export const okFields = {
  statusCode: z.literal(STATUS.ok),
  message: z.literal('OK'),
};

export const fieldErrors = z.record(z.string(), z.array(z.string()));

export const failureReply = z.object({
  statusCode: z.literal(STATUS.failure),
  message: z.union([z.enum(ERROR_KEYS), z.string()]),
  errors: fieldErrors.optional(),
});
export type FailureReply = z.infer<typeof failureReply>;

/** What the client makes of no answer or a non-JSON body (docs/product.md §8). */
export const transportFailureReply = z.object({
  statusCode: z.union([z.literal(STATUS.networkError), z.literal(STATUS.unavailable), z.literal(STATUS.failure)]),
  message: z.string(),
});

/** Public calls name their site (docs/product.md §6). */
export const sitePayload = { domain_name: domainName, external_id: externalId };

/** The failure keys of a public call of a site's pages, for the calls' summaries. */
export const siteFailures = 'siteNotFound, siteInactive, underMaintenance, validationError';
/** Session calls name the player and carry the session token (docs/product.md §6). */
export const sessionPayload = { account_id: accountId, auth: authToken };

/** Dates travel as ISO 8601 strings. */
export const isoDate = z.iso.datetime({ offset: true });
/** Money travels as an exact decimal string, never a binary float (docs/product.md D6). */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/);

export type HttpMethod = 'GET' | 'POST';
export type CallAccess = 'public' | 'session' | 'none';

export interface CallDefinition<
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  path: `/api/${string}`;
  method: HttpMethod;
  /** public: names its site (domain_name, external_id); session: account_id and auth; none: no session and no external_id (domain_name at most). */
  access: CallAccess;
  summary: string;
  tag: string;
  payload: P;
  /** The success reply; every call may also answer `failureReply`. */
  reply: R;
}

export function defineCall<P extends z.ZodType, R extends z.ZodType>(call: CallDefinition<P, R>): CallDefinition<P, R> {
  return call;
}

export type PayloadOf<C extends CallDefinition> = z.input<C['payload']>;
export type ParsedPayloadOf<C extends CallDefinition> = z.output<C['payload']>;
export type ReplyOf<C extends CallDefinition> = z.infer<C['reply']>;
export type AnyReplyOf<C extends CallDefinition> = ReplyOf<C> | FailureReply;
