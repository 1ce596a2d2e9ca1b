import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from 'react-router';
import { contentSecurityPolicy, requestNonce } from '../../app/security/csp.server';

const context = () => ({}) as AppLoadContext;

describe('requestNonce', () => {
  it('is one nonce per request context, whoever asks first, and a new one for every other request', () => {
    const request = context();
    const nonce = requestNonce(request);
    expect(requestNonce(request)).toBe(nonce);
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    const others = new Set(Array.from({ length: 50 }, () => requestNonce(context())));
    expect(others.size).toBe(50);
    expect(others.has(nonce)).toBe(false);
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (policy: string) =>
    new Map(
      policy.split('; ').map((part) => {
        const [name = '', ...sources] = part.split(' ');
        return [name, sources];
      }),
    );

  it('allows scripts by nonce and strict-dynamic only, and locks objects, base, forms and framing', () => {
    const policy = directives(contentSecurityPolicy('abc+/=', { https: false, development: false }));
    expect(policy.get('script-src')).toEqual(["'nonce-abc+/='", "'strict-dynamic'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // The LiveChat widget and analytics: their frames, beacons, sockets and images from other origins.
    expect(policy.get('frame-src')).toContain('https:');
    expect(policy.get('connect-src')).toEqual(["'self'", 'https:', 'wss:']);
    expect(policy.get('img-src')).toContain('https:');
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    for (const [name, sources] of policy) {
      if (name.startsWith('script')) expect(sources.join(' ')).not.toMatch(/unsafe|https?:|\*/);
    }
  });

  it('upgrades plain-http subresources on an https page and lets the development server connect its socket', () => {
    expect(directives(contentSecurityPolicy('n', { https: true, development: false })).has('upgrade-insecure-requests')).toBe(true);
    expect(directives(contentSecurityPolicy('n', { https: false, development: true })).get('connect-src')).toContain('ws:');
  });

  it("frames the configured game providers' plain-http origins by exact origin, and nothing a bad value could add", () => {
    const policy = directives(
      contentSecurityPolicy('n', {
        https: false,
        development: false,
        gameFrameOrigins: [
          'http://127.0.0.1:4321',
          'http://games.example.test/',
          'https://provider.example.com',
          'http://127.0.0.1:4321',
          "http://evil.test 'unsafe-inline'",
          'http://a.test; script-src *',
          '*',
          'javascript:alert(1)',
        ],
      }),
    );
    expect(policy.get('frame-src')).toEqual(["'self'", 'https:', 'http://127.0.0.1:4321', 'http://games.example.test']);
    // The other directives are as without games.
    expect(policy.get('script-src')).toEqual(["'nonce-n'", "'strict-dynamic'"]);
    expect([...policy.keys()]).toEqual([...directives(contentSecurityPolicy('n', { https: false, development: false })).keys()]);
  });
});
