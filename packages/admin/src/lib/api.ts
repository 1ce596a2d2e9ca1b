import type { z } from 'zod';
import { ADMIN_AUTH_CALLS, OPERATOR_CALLS, type OperatorCallName } from '@wl/contracts';

/*
 * The back office's calls: JSON POSTs of the operator API and the sign-in, with the session cookie
 * the browser keeps (HttpOnly: this code never sees it). A failure is a reply like any other: the
 * screens show its key's message; an ended session sends the operator back to the sign-in.
 */

export type Failure = { statusCode: 0; message: string; errors?: Record<string, string[]> };
export type Reply<T> = (T & { statusCode: 1 }) | Failure;

/** Keys that mean the session is gone (expired, logged out elsewhere, account disabled). */
const SESSION_ENDED = new Set(['sessionExpired', 'invalidApiKey']);

let onSessionEnded: () => void = () => undefined;
/** What to do when a call finds the session ended (the app sends the operator to the sign-in). */
export const whenSessionEnds = (handler: () => void) => {
  onSessionEnded = handler;
};

async function post(path: string, payload: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    return { statusCode: 0, message: 'networkError' };
  }
  try {
    return await response.json();
  } catch {
    return { statusCode: 0, message: 'internalServerError' };
  }
}

/** An operator call; the reply typed by its contract. */
export async function opsCall<N extends OperatorCallName>(name: N, payload: z.input<(typeof OPERATOR_CALLS)[N]['payload']>): Promise<Reply<z.output<(typeof OPERATOR_CALLS)[N]['reply']>>> {
  const reply = (await post(OPERATOR_CALLS[name].path, payload)) as Reply<z.output<(typeof OPERATOR_CALLS)[N]['reply']>>;
  if (reply.statusCode !== 1 && SESSION_ENDED.has(reply.message)) onSessionEnded();
  return reply;
}

type AuthCalls = typeof ADMIN_AUTH_CALLS;

/** A sign-in call. */
export async function authCall<N extends keyof AuthCalls>(name: N, payload: z.input<AuthCalls[N]['payload']>): Promise<Reply<z.output<AuthCalls[N]['reply']>>> {
  return (await post(ADMIN_AUTH_CALLS[name].path, payload)) as Reply<z.output<AuthCalls[N]['reply']>>;
}
