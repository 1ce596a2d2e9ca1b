import { and, asc, count, desc, eq, isNull, ne } from 'drizzle-orm';
import type { BankAccount, Bank } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { bankAccountChanges, bankAccounts, banks, players } from '../db/schema.js';
import { accountEnding, recordOwnerChange } from '../accounts/index.js';
import { screenAml, type AmlLog } from '../compliance/index.js';
import type { ProofMethod } from '../accounts/index.js';
import { inTransaction, lockPlayer, Refusal, type Outcome, type Owner } from './tx.js';

/** Who made a change of a bank account, for its audit row: the player, with the proof it gave (ADR 0022). */
export interface ChangeActor {
  actor: string;
  ip: string;
  accountId: string;
  proof: ProofMethod;
}

/** The site's active banks, in display order. */
export async function listBanks(db: Db, siteId: number): Promise<Bank[]> {
  const rows = await db
    .select({ bank_id: banks.id, code: banks.code, name: banks.name, kind: banks.kind })
    .from(banks)
    .where(and(eq(banks.siteId, siteId), eq(banks.active, true)))
    .orderBy(asc(banks.sort), asc(banks.id));
  return rows;
}

/** The player's live accounts: the default first, then the newest. */
export async function listBankAccounts(db: Db, owner: Owner): Promise<BankAccount[]> {
  const rows = await db
    .select({
      id: bankAccounts.id,
      bankId: bankAccounts.bankId,
      bankCode: banks.code,
      bankName: banks.name,
      accountName: bankAccounts.accountName,
      accountNumber: bankAccounts.accountNumber,
      isDefault: bankAccounts.isDefault,
      createdAt: bankAccounts.createdAt,
    })
    .from(bankAccounts)
    .innerJoin(banks, eq(banks.id, bankAccounts.bankId))
    .where(and(eq(bankAccounts.playerId, owner.id), eq(bankAccounts.siteId, owner.siteId), isNull(bankAccounts.removedAt)))
    .orderBy(desc(bankAccounts.isDefault), desc(bankAccounts.createdAt), desc(bankAccounts.id));
  return rows.map((row) => ({
    bank_account_id: row.id,
    bank_id: row.bankId,
    bank_code: row.bankCode,
    bank_name: row.bankName,
    account_name: row.accountName,
    account_number: row.accountNumber,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Names compared as a bank compares them: case and runs of spaces aside. */
export function sameName(a: string, b: string): boolean {
  const norm = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return norm(a) !== '' && norm(a) === norm(b);
}

export interface NewBankAccount {
  bankId: number;
  accountName: string;
  accountNumber: string;
  makeDefault: boolean;
}

/**
 * Adds an account in the player's own name at one of the site's banks. The player's row is locked
 * first, so the count against the site's maximum cannot be raced past; the first account is the
 * default; the change is audited in the same transaction, where the AML rule on account numbers
 * shared with other players looks at it (ADR 0040).
 */
export async function addBankAccount(db: Db, owner: Owner, input: NewBankAccount, maxAccounts: number, by: ChangeActor, log?: AmlLog): Promise<Outcome<number>> {
  const [player] = await db.select({ fullName: players.fullName }).from(players).where(eq(players.id, owner.id)).limit(1);
  if (!player || player.fullName.trim() === '') return { ok: false, message: 'fullNameRequired' };
  if (!sameName(input.accountName, player.fullName)) return { ok: false, message: 'accountNameMismatch' };
  const [bank] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(banks.id, input.bankId), eq(banks.siteId, owner.siteId), eq(banks.active, true)))
    .limit(1);
  if (!bank) return { ok: false, message: 'notFound' };

  try {
    return await inTransaction(db, async (tx) => {
      await lockPlayer(tx, owner);
      const live = and(eq(bankAccounts.playerId, owner.id), isNull(bankAccounts.removedAt));
      const [{ held } = { held: 0 }] = await tx.select({ held: count() }).from(bankAccounts).where(live);
      if (held >= maxAccounts) throw new Refusal('tooManyBankAccounts');
      const [twin] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(live, eq(bankAccounts.bankId, bank.id), eq(bankAccounts.accountNumber, input.accountNumber)))
        .limit(1);
      if (twin) throw new Refusal('bankAccountExists');
      const isDefault = input.makeDefault || held === 0;
      if (isDefault) await tx.update(bankAccounts).set({ isDefault: false }).where(and(live, eq(bankAccounts.isDefault, true)));
      const [row] = await tx
        .insert(bankAccounts)
        .values({
          siteId: owner.siteId,
          playerId: owner.id,
          bankId: bank.id,
          accountName: input.accountName.trim().replace(/\s+/g, ' '),
          accountNumber: input.accountNumber,
          isDefault,
        })
        .returning({ id: bankAccounts.id });
      await audit(tx, owner, row!.id, 'add', by, { bank_id: bank.id, account_number: input.accountNumber, is_default: isDefault });
      await recordOwnerChange(tx, ownerChangeBy(owner, by), 'bank_account_add', { bank_account_id: String(row!.id), ending: accountEnding(input.accountNumber) });
      await screenAml(tx, { siteId: owner.siteId, playerId: owner.id }, { kind: 'bank_account_added', bankAccountId: row!.id }, { log });
      return row!.id;
    });
  } catch (error) {
    // The lock makes this rare (a concurrent add of the same number): the same answer as the check's.
    if (isUniqueViolation(error, 'bank_accounts_live_number_key')) return { ok: false, message: 'bankAccountExists' };
    throw error;
  }
}

/** Makes one of the player's live accounts the default (audited). */
export async function setDefaultBankAccount(db: Db, owner: Owner, id: number, by: ChangeActor): Promise<Outcome<number>> {
  return inTransaction(db, async (tx) => {
    await lockPlayer(tx, owner);
    const account = await findLive(tx, owner, id);
    await tx
      .update(bankAccounts)
      .set({ isDefault: false })
      .where(and(eq(bankAccounts.playerId, owner.id), eq(bankAccounts.isDefault, true), ne(bankAccounts.id, id)));
    await tx.update(bankAccounts).set({ isDefault: true }).where(eq(bankAccounts.id, id));
    await audit(tx, owner, id, 'set_default', by, {});
    await recordOwnerChange(tx, ownerChangeBy(owner, by), 'bank_account_set_default', { bank_account_id: String(id), ending: accountEnding(account.accountNumber) });
    return id;
  });
}

/**
 * Removes one of the player's accounts: only stamped (withdrawals already requested to it keep
 * their payee, and the audit its history). When it was the default, the newest other live account
 * takes over.
 */
export async function removeBankAccount(db: Db, owner: Owner, id: number, by: ChangeActor): Promise<Outcome<number>> {
  return inTransaction(db, async (tx) => {
    await lockPlayer(tx, owner);
    const account = await findLive(tx, owner, id);
    await tx.update(bankAccounts).set({ removedAt: new Date(), isDefault: false }).where(eq(bankAccounts.id, id));
    if (account.isDefault) {
      const [next] = await tx
        .select({ id: bankAccounts.id })
        .from(bankAccounts)
        .where(and(eq(bankAccounts.playerId, owner.id), isNull(bankAccounts.removedAt)))
        .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id))
        .limit(1);
      if (next) await tx.update(bankAccounts).set({ isDefault: true }).where(eq(bankAccounts.id, next.id));
    }
    await audit(tx, owner, id, 'remove', by, { was_default: account.isDefault });
    await recordOwnerChange(tx, ownerChangeBy(owner, by), 'bank_account_remove', { bank_account_id: String(id), ending: accountEnding(account.accountNumber) });
    return id;
  });
}

/** A live account of the player (another player's, or a removed one, is not found). */
async function findLive(tx: Db, owner: Owner, id: number) {
  const [row] = await tx
    .select({ id: bankAccounts.id, isDefault: bankAccounts.isDefault, accountNumber: bankAccounts.accountNumber })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.playerId, owner.id), eq(bankAccounts.siteId, owner.siteId), isNull(bankAccounts.removedAt)))
    .limit(1);
  if (!row) throw new Refusal('notFound');
  return row;
}

function ownerChangeBy(owner: Owner, by: ChangeActor) {
  return { siteId: owner.siteId, playerId: owner.id, accountId: by.accountId, ip: by.ip, proof: by.proof };
}

async function audit(tx: Db, owner: Owner, bankAccountId: number, action: 'add' | 'set_default' | 'remove', by: ChangeActor, details: Record<string, unknown>) {
  await tx.insert(bankAccountChanges).values({
    siteId: owner.siteId,
    playerId: owner.id,
    bankAccountId,
    action,
    actor: by.actor,
    ip: by.ip.slice(0, 64),
    details: { ...details, proof: by.proof },
  });
}
