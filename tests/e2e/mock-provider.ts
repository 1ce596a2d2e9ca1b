import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  LAUNCH_SIGNATURE_PARAM,
  LAUNCH_SIGNED_PARAMS,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  launchSigningString,
  walletSigningString,
  type LaunchSignedParam,
} from '@wl/contracts';

/**
 * A game provider for the browser tests: a tiny HTTP server speaking the launch side of the
 * seamless protocol (packages/api/src/games/seamless.ts). GET /launch checks the launch signature
 * with the shared secret and serves a game page naming the game of the query; every launch is
 * kept for the test to read. walletHeaders signs a wallet callback as the provider's server does
 * (X-Timestamp and X-Signature over time, method, path and body: ADR 0020).
 */

export interface MockLaunch {
  /** The signed launch parameters (token, game, currency, lang, device, return_url). */
  params: Record<LaunchSignedParam, string>;
  /** Whether the signature matched the shared secret. */
  signed: boolean;
}

export interface MockProvider {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly launchUrl: string;
  readonly secret: string;
  /** Launches received so far, oldest first. */
  readonly launches: MockLaunch[];
  /** GAME_PROVIDERS for the server: this provider's launch address for each provider code. */
  gameProvidersEnv(codes: readonly string[]): string;
  /** The signature headers of a wallet callback POSTed to `path` (e.g. /api/providers/PG/wallet/debit) with `body`. */
  walletHeaders(path: string, body: string): Record<string, string>;
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function signatureMatches(secret: string, params: Record<LaunchSignedParam, string>, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(launchSigningString(params), 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

function gamePage(launch: MockLaunch): string {
  const game = escapeHtml(launch.params.game);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mock game ${game}</title>
<style>
  html, body { height: 100%; margin: 0; }
  body { display: grid; place-items: center; background: radial-gradient(circle at 30% 20%, #3b2a7a, #0c0a1f 70%); color: #fff; font: 600 18px system-ui, sans-serif; text-align: center; }
  .reels { display: flex; gap: 12px; justify-content: center; margin: 24px 0; }
  .reel { width: 72px; height: 96px; border-radius: 12px; background: #fff1; border: 2px solid #fff5; display: grid; place-items: center; font-size: 40px; }
  h1 { margin: 0 0 8px; font-size: 28px; }
  p { margin: 4px 0; opacity: 0.85; }
</style></head>
<body><main>
  <h1 data-testid="mock-game" data-game="${game}">${game}</h1>
  <div class="reels" aria-hidden="true"><span class="reel">7</span><span class="reel">★</span><span class="reel">7</span></div>
  <p data-testid="mock-signature">${launch.signed ? 'signature verified' : 'signature INVALID'}</p>
  <p>${escapeHtml(launch.params.currency)} · ${escapeHtml(launch.params.lang)} · ${escapeHtml(launch.params.device)}</p>
</main></body></html>`;
}

/** Starts the mock provider on a free port of 127.0.0.1. */
export async function startMockProvider(secret = 'mock-provider-secret-0123456789'): Promise<MockProvider> {
  const launches: MockLaunch[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock.invalid');
    if (request.method !== 'GET' || url.pathname !== '/launch') {
      response.writeHead(url.pathname === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    const params = Object.fromEntries(LAUNCH_SIGNED_PARAMS.map((name) => [name, url.searchParams.get(name) ?? ''])) as Record<LaunchSignedParam, string>;
    const launch = { params, signed: signatureMatches(secret, params, url.searchParams.get(LAUNCH_SIGNATURE_PARAM) ?? '') };
    launches.push(launch);
    response.writeHead(launch.signed ? 200 : 403, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(gamePage(launch));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const launchUrl = `${origin}/launch`;
  return {
    origin,
    launchUrl,
    secret,
    launches,
    walletHeaders: (path, body) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', secret).update(walletSigningString({ timestamp, method: 'POST', path, body }), 'utf8').digest('hex');
      return { [PROVIDER_TIMESTAMP_HEADER]: timestamp, [PROVIDER_SIGNATURE_HEADER]: signature };
    },
    gameProvidersEnv: (codes) => JSON.stringify(Object.fromEntries(codes.map((code) => [code, { adapter: 'seamless', launch_url: launchUrl, secret }]))),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
