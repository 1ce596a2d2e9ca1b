/** TRUST_PROXY (ADR 0021): which peers may tell the client address in X-Forwarded-For. */
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes a hop count', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
  });

  it('takes addresses, CIDR ranges and the names proxy-addr knows', () => {
    expect(parseTrustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parseTrustProxy('10.0.0.0/8, 192.0.2.7 ,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }).trustProxy).toEqual(['uniquelocal']);
  });

  it('refuses "true" (every peer a proxy) and anything that is not an address, range or name', () => {
    expect(() => parseTrustProxy('true')).toThrow(/any client/);
    expect(() => parseTrustProxy('*')).toThrow(/any client/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/"10.0.0.0\/33"/);
    expect(() => parseTrustProxy('lb.internal')).toThrow(/TRUST_PROXY must be/);
    expect(() => parseTrustProxy('999')).toThrow(/at most 32/);
  });
});
