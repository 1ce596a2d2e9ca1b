import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOperatorSecretsKey, parseOperatorSecretsKey, totpSealer } from '../../src/backoffice/totp-sealing.js';

// Operators' TOTP secrets sealed with AES-256-GCM, bound to the account (ADR 0056).
describe('sealed TOTP secrets', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('open what they sealed, for that account only, and never with another key or altered', () => {
    const errors: string[] = [];
    const sealer = totpSealer(randomBytes(32), { error: (_details, message) => errors.push(message) });
    const sealed = sealer.seal(7, secret);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealer.seal(7, secret)).not.toBe(sealed);
    expect(sealer.open(7, sealed)).toBe(secret);
    // Copied onto another account, or altered: it does not open.
    expect(sealer.open(8, sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('X'.repeat(32)).toString('base64url');
    expect(sealer.open(7, parts.join('.'))).toBeNull();
    // Another process with another key says why.
    expect(totpSealer(randomBytes(32), { error: (_details, message) => errors.push(message) }).open(7, sealed)).toBeNull();
    expect(errors.at(-1)).toMatch(/another key/);
    // A secret kept plain from before sealing still opens (the server seals it at start).
    expect(sealer.open(7, secret)).toBe(secret);
    expect(sealer.isSealed(secret)).toBe(false);
  });

  it('take OPERATOR_SECRETS_KEY as 32 bytes of base64 or hex, and otherwise keep a key in the data folder', async () => {
    const key = randomBytes(32);
    expect(parseOperatorSecretsKey(key.toString('base64'))).toEqual(key);
    expect(parseOperatorSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseOperatorSecretsKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseOperatorSecretsKey('correct horse battery staple')).toBeUndefined();

    const dir = await mkdtemp(path.join(os.tmpdir(), 'wl-secrets-'));
    try {
      const made = await loadOperatorSecretsKey(undefined, dir);
      expect(made).toHaveLength(32);
      expect(await loadOperatorSecretsKey(undefined, dir)).toEqual(made);
      const file = path.join(dir, 'operator-secrets.key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(parseOperatorSecretsKey(await readFile(file, 'utf8'))).toEqual(made);
      expect(await loadOperatorSecretsKey(key, dir)).toEqual(key);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
