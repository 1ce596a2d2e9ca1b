import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { operatorAccounts } from '../db/schema.js';

/*
 * Operator TOTP secrets are kept sealed (ADR 0056): AES-256-GCM under OPERATOR_SECRETS_KEY, or a key
 * made once in DATA_DIR when none is set, with the account's id as associated data (a sealed secret
 * copied onto another account does not open). A database dump or a stray query alone never yields a
 * second factor. Stored form: `v1.<key id>.<iv>.<cipher text>.<tag>` (base64url; the key id is the
 * first 8 hex digits of the key's SHA-256), so a process given another key says so instead of
 * refusing every code silently.
 */

const VERSION = 'v1';
const KEY_BYTES = 32;
const KEY_FILE = 'operator-secrets.key';

export interface TotpSealer {
  /** The secret sealed for this account. */
  seal(accountId: number, secret: string): string;
  /** The secret of a stored value: sealed (opened here) or plain (kept from before sealing); null when it cannot be opened. */
  open(accountId: number, stored: string): string | null;
  /** Whether a stored value is sealed already. */
  isSealed(stored: string): boolean;
}

/** A sealer over a 32-byte key. */
export function totpSealer(key: Buffer, log?: { error(details: object, message: string): void }): TotpSealer {
  if (key.length !== KEY_BYTES) throw new Error(`the operator secrets key must be ${KEY_BYTES} bytes`);
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  const context = (accountId: number) => Buffer.from(`operator-totp:${accountId}`);
  const isSealed = (stored: string) => stored.startsWith(`${VERSION}.`) && stored.split('.').length === 5;
  return {
    seal(accountId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(context(accountId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(accountId, stored) {
      if (!isSealed(stored)) return stored;
      const [, storedKeyId, iv, sealed, tag] = stored.split('.');
      if (storedKeyId !== keyId) {
        log?.error({ accountId, keyId: storedKeyId }, 'an operator TOTP secret is sealed with another key: give every server process the same OPERATOR_SECRETS_KEY');
        return null;
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
        decipher.setAAD(context(accountId));
        decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed!, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        log?.error({ accountId }, 'an operator TOTP secret does not open (altered, or moved from another account)');
        return null;
      }
    },
    isSealed,
  };
}

/** OPERATOR_SECRETS_KEY as bytes: 32 bytes in base64 (44 characters) or hex (64); undefined when not 32 bytes. */
export function parseOperatorSecretsKey(text: string): Buffer | undefined {
  const value = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, 'base64') : undefined;
  return bytes?.length === KEY_BYTES ? bytes : undefined;
}

/**
 * The configured key, else the one kept in `dataDir` (made on first use, readable by this user
 * only). Several processes on one PostgreSQL must be given the same OPERATOR_SECRETS_KEY.
 */
export async function loadOperatorSecretsKey(configured: Buffer | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return configured;
  const file = path.join(dataDir, KEY_FILE);
  try {
    const kept = parseOperatorSecretsKey(await readFile(file, 'utf8'));
    if (!kept) throw new Error(`${file} does not hold a 32-byte key`);
    return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(KEY_BYTES);
  await mkdir(dataDir, { recursive: true });
  // 'wx': two processes starting at once keep the first one's key.
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOperatorSecretsKey(undefined, dataDir);
    throw error;
  }
  await chmod(file, 0o600);
  return key;
}

/** Seals the secrets kept plain before sealing existed (once, at start): answers how many. */
export async function sealPlainTotpSecrets(db: Db, sealer: TotpSealer): Promise<number> {
  // Operator accounts are few: the sealer itself tells a sealed value from a plain one.
  const kept = await db.select({ id: operatorAccounts.id, secret: operatorAccounts.totpSecret }).from(operatorAccounts).where(isNotNull(operatorAccounts.totpSecret));
  const plain = kept.filter((row) => !sealer.isSealed(row.secret!));
  for (const row of plain) {
    await db
      .update(operatorAccounts)
      .set({ totpSecret: sealer.seal(row.id, row.secret!) })
      .where(and(eq(operatorAccounts.id, row.id), eq(operatorAccounts.totpSecret, row.secret!)));
  }
  return plain.length;
}
