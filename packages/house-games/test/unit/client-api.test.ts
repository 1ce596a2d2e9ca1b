import { describe, expect, it } from 'vitest';
import { createHouseApi, HouseApiError } from '../../src/client/api-client.js';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function apiWith(handler: Handler) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const api = createHouseApi({
    apiBase: '/house/api/',
    session: 'session-token',
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      return handler(String(input), init ?? {});
    }) as typeof fetch,
  });
  return { api, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failureOf(promise: Promise<unknown>): Promise<HouseApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HouseApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

const history = { ok: true, rounds: [] };

describe("the game page's API client", () => {
  it('posts JSON to {apiBase}/{call} with the bearer session and returns the checked reply', async () => {
    const { api, calls } = apiWith(() => json(200, history));
    await expect(api.call('history', {})).resolves.toEqual(history);
    expect(calls[0]!.url).toBe('/house/api/history');
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer session-token');
    expect(calls[0]!.init.body).toBe('{}');
  });

  it("throws the server's error code", async () => {
    const { api } = apiWith(() => json(402, { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'The stake is above the balance' }));
    const error = await failureOf(api.call('start', { bet: { stake: '5', pick: 'odd' } }));
    expect(error.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('turns a reply of the wrong shape into BAD_REPLY, never into data', async () => {
    const { api } = apiWith(() => json(200, { ok: true, rounds: 'none' }));
    expect((await failureOf(api.call('history', {}))).code).toBe('BAD_REPLY');
    const unknownCode = apiWith(() => json(400, { ok: false, code: 'NOT_A_CODE', message: 'x' }));
    expect((await failureOf(unknownCode.api.call('history', {}))).code).toBe('BAD_REPLY');
  });

  it('names a reply without JSON by its status, and a failed fetch NETWORK', async () => {
    const cases: Array<[number, string]> = [
      [401, 'SESSION_EXPIRED'],
      [429, 'TOO_MANY_REQUESTS'],
      [502, 'NETWORK'],
      [500, 'INTERNAL_ERROR'],
      [200, 'BAD_REPLY'],
    ];
    for (const [status, code] of cases) {
      const { api } = apiWith(() => new Response('<html>proxy</html>', { status }));
      expect((await failureOf(api.call('history', {}))).code, String(status)).toBe(code);
    }
    const offline = apiWith(() => {
      throw new TypeError('Failed to fetch');
    });
    expect((await failureOf(offline.api.call('history', {}))).code).toBe('NETWORK');
  });

  it('refuses to send a request its schema rejects', async () => {
    const { api, calls } = apiWith(() => json(200, history));
    expect((await failureOf(api.call('rotateSeeds', { clientSeed: 'has spaces' }))).code).toBe('VALIDATION');
    expect(calls).toHaveLength(0);
  });
});
