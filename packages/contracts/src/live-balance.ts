import { z } from 'zod';
import { getBalanceReply } from './calls/auth.js';
import { sessionPayload } from './envelope.js';

/* The live balance stream's schemas; its path and event names are in constants/live-streams.ts (ADR 0031). */

/** The query of the stream; the token, `sessionPayload.auth`, is the bearer token of its Authorization header. */
export const liveBalanceQuery = z.strictObject({ account_id: sessionPayload.account_id });

/** A `balance` event's data: the get_balance reply itself. */
export const liveBalanceEvent = getBalanceReply;

