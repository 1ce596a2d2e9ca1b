import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpPost } from '../../src/server/http-post.js';

// The studio's wallet transport against a real local server: a reply, a hung server, a reply cut
// short, a reply too long. Each failure must reject (the wallet client then answers "unknown").
describe('createHttpPost', () => {
  let server: http.Server;
  let base: string;
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({ headers: request.headers, body });
        if (request.url === '/ok') {
          response.writeHead(402, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ echo: JSON.parse(body) as unknown }));
        } else if (request.url === '/cut') {
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          response.write('{"partial":');
          setTimeout(() => response.socket?.destroy(), 20);
        } else if (request.url === '/long') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(`"${'x'.repeat(70 * 1024)}"`);
        }
        // '/hang' never answers.
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = createHttpPost();
  const init = (timeoutMs = 2_000) => ({
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
    body: JSON.stringify({ amount: '1.00' }),
    signal: AbortSignal.timeout(timeoutMs),
  });

  it('sends the body and headers, and answers any status with its JSON, over one kept-alive connection', async () => {
    const first = await post(`${base}/ok`, init());
    expect(first.status).toBe(402);
    expect(await first.json()).toEqual({ echo: { amount: '1.00' } });
    const second = await post(`${base}/ok`, init());
    expect(await second.json()).toEqual({ echo: { amount: '1.00' } });
    expect(seen.at(-1)!.headers['x-signature']).toBe('abc');
    expect(seen.at(-1)!.headers.connection).toBe('keep-alive');
  });

  it('rejects when no answer comes in time, when the reply is cut short, and when it is too long', async () => {
    await expect(post(`${base}/hang`, init(200))).rejects.toThrow();
    await expect(post(`${base}/cut`, init())).rejects.toThrow();
    await expect(post(`${base}/long`, init())).rejects.toThrow(/too long/);
    await expect(post('http://127.0.0.1:1/none', init())).rejects.toThrow();
  });
});
