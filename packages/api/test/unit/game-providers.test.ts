/**
 * The game provider integrations of GAME_PROVIDERS / GAME_PROVIDERS_FILE: validated at start with
 * messages that name the field and never quote a secret; the registry answers integrations by
 * code in any case and the frame origins of their launch addresses; the seamless adapter signs
 * its launch address and checks callback signatures.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAUNCH_SIGNED_PARAMS, WALLET_REQUESTS, launchSigningString, walletSigningString, type LaunchSignedParam } from '@wl/contracts';
import { createProviderRegistry, loadGameProviders, parseGameProviders } from '../../src/games/registry.js';
import { SeamlessAdapter } from '../../src/games/seamless.js';
import { PROVIDER_WALLET_TAG, WALLET_SIGNATURE_EXAMPLE } from '../../src/games/wallet-docs.js';
import { loadConfig } from '../../src/config.js';

const SECRET = 'super-secret-value-0123456789';
const valid = { adapter: 'seamless', launch_url: 'https://pg.example/launch', secret: SECRET };

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('game provider configuration', () => {
  it('is empty without GAME_PROVIDERS and GAME_PROVIDERS_FILE', () => {
    expect(loadGameProviders({})).toEqual({});
    expect(loadConfig({}).gameProviders).toEqual({});
  });

  it('reads GAME_PROVIDERS and GAME_PROVIDERS_FILE, keyed by upper-case code', () => {
    const json = JSON.stringify({ pg: valid, JILI: { ...valid, mode: 'popup' } });
    expect(Object.keys(loadGameProviders({ GAME_PROVIDERS: json }))).toEqual(['PG', 'JILI']);
    const dir = mkdtempSync(path.join(tmpdir(), 'wl-providers-'));
    const file = path.join(dir, 'providers.json');
    writeFileSync(file, json);
    expect(loadGameProviders({ GAME_PROVIDERS_FILE: file }).JILI).toMatchObject({ mode: 'popup' });
    expect(errorOf(() => loadGameProviders({ GAME_PROVIDERS_FILE: path.join(dir, 'missing.json') }))).toMatch(/GAME_PROVIDERS_FILE cannot be read \(ENOENT\)/);
    expect(errorOf(() => loadGameProviders({ GAME_PROVIDERS: json, GAME_PROVIDERS_FILE: file }))).toMatch(/not both/);
  });

  it('stops the start with a message naming the field, never quoting a value', () => {
    const cases: [unknown, RegExp][] = [
      [{ PG: { ...valid, launch_url: 'not a url' } }, /PG\.launch_url: must be an absolute http\(s\) address/],
      [{ PG: { ...valid, launch_url: 'ftp://pg.example/' } }, /PG\.launch_url: must be an http\(s\) address/],
      [{ PG: { ...valid, launch_url: 'https://user:pw@pg.example/' } }, /PG\.launch_url: must not carry credentials/],
      [{ PG: { ...valid, launch_url: 'https://pg.example/?token=1&signature=2' } }, /must not set the launch parameters token, signature/],
      [{ PG: { ...valid, secret: 'short' } }, /PG\.secret: must be at least 16 characters/],
      [{ PG: { ...valid, secret: undefined } }, /PG\.secret/],
      [{ PG: { ...valid, mode: 'window' } }, /PG\.mode: must be one of iframe, popup, redirect/],
      [{ PG: { ...valid, adapter: 'transfer' } }, /PG\.adapter/],
      [{ PG: { ...valid, extra: SECRET } }, /extra/],
      [{ 'P G': valid }, /provider codes are/],
      [{ PG: valid, pg: valid }, /provider PG is configured twice/],
      [[], /\(top level\)/],
    ];
    for (const [config, expected] of cases) {
      const message = errorOf(() => loadConfig({ GAME_PROVIDERS: JSON.stringify(config) }));
      expect(message, JSON.stringify(config)).toMatch(expected);
      expect(message).toMatch(/^GAME_PROVIDERS is invalid: /);
      expect(message).not.toContain(SECRET);
    }
    // JSON.parse's own message would quote the text near the error: the secret.
    const broken = `{"PG": {"secret": "${SECRET}" "x": 1}}`;
    const message = errorOf(() => parseGameProviders(broken, 'GAME_PROVIDERS'));
    expect(message).toBe('GAME_PROVIDERS is not valid JSON');
  });

  it('answers integrations by code in any case, and the origins of their launch addresses', () => {
    const registry = createProviderRegistry(
      parseGameProviders(
        JSON.stringify({
          PG: valid,
          JILI: { ...valid, launch_url: 'https://pg.example/other?x=1', mode: 'redirect' },
          EVO: { ...valid, launch_url: 'http://127.0.0.1:4999/evo' },
        }),
        'test',
      ),
    );
    expect(registry.get('pg')?.code).toBe('PG');
    expect(registry.get('Jili')?.mode).toBe('redirect');
    expect(registry.get('JDB')).toBeUndefined();
    expect(registry.codes).toEqual(['PG', 'JILI', 'EVO']);
    expect(registry.frameOrigins).toEqual(['https://pg.example', 'http://127.0.0.1:4999']);
    // The secret is not reachable through what the registry hands out or serialises.
    expect(JSON.stringify(registry.get('PG'))).not.toContain(SECRET);
    expect(createProviderRegistry().frameOrigins).toEqual([]);
  });
});

describe('seamless adapter', () => {
  const adapter = new SeamlessAdapter({ adapter: 'seamless', launch_url: 'https://pg.example/launch?operator=wl', secret: SECRET });
  const request = {
    token: 'tok_en-123',
    gameCode: 'PG-SLOTS-1',
    providerCode: 'PG',
    accountId: 'demo',
    currency: 'PHP',
    language: { locale: 'CN' as const, tag: 'zh-CN' },
    device: 'mobile' as const,
    returnUrl: 'https://casino.example/cn/slots?a=1&b=2',
    playerRef: '42',
    siteRef: 'casino1',
  };

  it('adds the eight parameters and their HMAC-SHA256 to the launch address, keeping its own query', async () => {
    const { url, mode } = await adapter.launch(request);
    expect(mode).toBeUndefined();
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('https://pg.example/launch');
    expect([...parsed.searchParams.keys()]).toEqual(['operator', ...LAUNCH_SIGNED_PARAMS, 'signature']);
    const values = Object.fromEntries(LAUNCH_SIGNED_PARAMS.map((name) => [name, parsed.searchParams.get(name)!])) as Record<LaunchSignedParam, string>;
    expect(values).toEqual({
      token: 'tok_en-123',
      game: 'PG-SLOTS-1',
      currency: 'PHP',
      lang: 'zh-CN',
      device: 'mobile',
      return_url: 'https://casino.example/cn/slots?a=1&b=2',
      player: '42',
      site: 'casino1',
    });
    expect(launchSigningString(values)).toBe('tok_en-123\nPG-SLOTS-1\nPHP\nzh-CN\nmobile\nhttps://casino.example/cn/slots?a=1&b=2\n42\ncasino1');
    const expected = createHmac('sha256', SECRET).update(launchSigningString(values)).digest('hex');
    expect(parsed.searchParams.get('signature')).toBe(expected);
  });

  it('accepts a callback signed with the secret over its time, method, path and exact bytes, and nothing else', () => {
    const body = '{"type":"debit","token":"t","transaction_id":"1","amount":"1"}';
    const timestamp = '1767225600';
    const now = 1767225600_000;
    const path = '/api/providers/PG/wallet/debit';
    const signature = createHmac('sha256', SECRET).update(`${timestamp}.POST ${path}.${body}`).digest('hex');
    const request = { method: 'POST', path, body, timestamp, signature };
    expect(adapter.verify(request, now)).toBe('ok');
    expect(adapter.verify({ ...request, signature: signature.toUpperCase() }, now)).toBe('ok');
    expect(adapter.verify({ ...request, body: `${body} ` }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, path: '/api/providers/PG/wallet/credit' }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, method: 'PUT' }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, timestamp: '1767225601' }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, timestamp: undefined }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, signature: createHmac('sha256', body).update(body).digest('hex') }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, signature: createHmac('sha256', 'another-secret-0123').update(body).digest('hex') }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, signature: undefined }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, signature: signature.slice(0, 63) }, now)).toBe('invalid');
    expect(adapter.verify({ ...request, signature: `sha256=${signature}` }, now)).toBe('invalid');
    // Five minutes either way, and not a second more.
    expect(adapter.verify(request, now + 300_000)).toBe('ok');
    expect(adapter.verify(request, now - 300_000)).toBe('ok');
    expect(adapter.verify(request, now + 301_000)).toBe('expired');
    expect(adapter.verify(request, now - 301_000)).toBe('expired');
  });

  it("the documented worked example of the callback signature is the scheme's true answer, in the reference and the README", () => {
    const example = WALLET_SIGNATURE_EXAMPLE;
    const signingString = `${example.timestamp}.${example.method} ${example.path}.${example.body}`;
    expect(walletSigningString(example)).toBe(signingString);
    expect(createHmac('sha256', example.secret).update(signingString, 'utf8').digest('hex')).toBe(example.signature);
    expect(WALLET_REQUESTS.debit.safeParse(JSON.parse(example.body)).success).toBe(true);
    const exampleAdapter = new SeamlessAdapter({ adapter: 'seamless', launch_url: valid.launch_url, secret: example.secret });
    expect(exampleAdapter.verify(example, Number(example.timestamp) * 1000)).toBe('ok');
    expect(PROVIDER_WALLET_TAG.description).toContain(example.signature);
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const part of [example.secret, example.timestamp, example.path, example.body, example.signature]) expect(readme).toContain(part);
  });
});
