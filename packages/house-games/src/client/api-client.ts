import { HOUSE_CALLS, houseError, type HouseCallName, type HouseErrorCode, type HouseReply, type HouseRequest } from '../api.js';

/*
 * The game page's calls to the studio's server (src/api.ts): POST {apiBase}/{call} with the bearer
 * session of the boot data. Every reply is checked against the call's schema: the page acts only on
 * answers of the agreed shape, and every failure becomes one error code the page can explain.
 */

/** The server's codes, and two of the page's own: no answer at all, or an answer of the wrong shape. */
export type ClientErrorCode = HouseErrorCode | 'NETWORK' | 'BAD_REPLY';

export class HouseApiError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HouseApiError';
  }
}

export interface HouseApi {
  call<N extends HouseCallName>(name: N, body: HouseRequest<N>): Promise<HouseReply<N>>;
}

export interface HouseApiOptions {
  apiBase: string;
  session: string;
  fetch?: typeof globalThis.fetch;
  /** How long a call may take before the page says the connection is lost. */
  timeoutMs?: number;
}

/** The code of a reply that is not the server's JSON error (a proxy's page, an empty body). */
function codeOfStatus(status: number): ClientErrorCode {
  if (status === 401) return 'SESSION_EXPIRED';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 502 || status === 503 || status === 504) return 'NETWORK';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'BAD_REPLY';
}

export function createHouseApi(options: HouseApiOptions): HouseApi {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = options.apiBase.replace(/\/+$/, '');
  return {
    async call(name, body) {
      const spec = HOUSE_CALLS[name];
      const request = spec.request.safeParse(body);
      if (!request.success) throw new HouseApiError('VALIDATION', `${name}: ${request.error.message}`);
      let response: Response;
      try {
        response = await doFetch(`${base}/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.session}` },
          body: JSON.stringify(request.data),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new HouseApiError('NETWORK', error instanceof Error ? error.message : String(error));
      }
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        throw new HouseApiError(codeOfStatus(response.status), `${name}: HTTP ${response.status} without a JSON body`);
      }
      const failure = houseError.safeParse(payload);
      if (failure.success) throw new HouseApiError(failure.data.code, failure.data.message);
      if (!response.ok) throw new HouseApiError(codeOfStatus(response.status), `${name}: HTTP ${response.status}`);
      const reply = spec.reply.safeParse(payload);
      if (!reply.success) throw new HouseApiError('BAD_REPLY', `${name}: ${reply.error.message}`);
      return reply.data as HouseReply<typeof name>;
    },
  };
}

/** The error code of anything a call threw. */
export function errorCodeOf(error: unknown): ClientErrorCode {
  return error instanceof HouseApiError ? error.code : 'INTERNAL_ERROR';
}
