import { sql, type SQL } from 'drizzle-orm';
import { exclusionEnd, exclusionKindOf, type ExclusionKind, type ExclusionPeriod } from '@wl/contracts';
import { queryRows, type Db } from '../db/client.js';

/*
 * Time-outs and self-exclusions (issue 25 §3, ADR 0039). A term covers a person on every site of
 * the brand owner: the account that asked and every account of the owner's sites with the same
 * phone or email, or the same approved identity document (ADR 0040), each with a row of its own. Nothing shortens or lifts a term: rows are only
 * inserted, and a term ends by its date.
 */

export interface RunningExclusion {
  kind: ExclusionKind;
  period: ExclusionPeriod;
  /** null: permanent. */
  until: Date | null;
}

/** Who a person is, for matching accounts on the owner's other sites: phone and email as stored, normalised. */
export interface Person {
  phone: string;
  email: string;
}

export const normalisedPerson = (contact: { contactPhone: string; contactEmail: string }): Person => ({
  phone: contact.contactPhone.trim(),
  email: contact.contactEmail.trim().toLowerCase(),
});

interface ExclusionRow {
  kind: ExclusionKind;
  period: ExclusionPeriod;
  ends_at: Date | string | null;
}

const running = (row: ExclusionRow | undefined): RunningExclusion | null =>
  row ? { kind: row.kind, period: row.period, until: row.ends_at === null ? null : new Date(row.ends_at) } : null;

/** A self-exclusion wins over a time-out; among equals, the one that ends last (never, first). */
const strongestFirst = sql`order by (kind = 'exclusion') desc, ends_at desc nulls first limit 1`;

/** The same person on the brand owner's sites: a phone or an email (an empty one matches nobody). */
const samePerson = (brandOwner: SQL, { phone, email }: Person) =>
  sql`(brand_owner_id = ${brandOwner} and ((${phone} <> '' and phone = ${phone}) or (${email} <> '' and email = ${email})))`;

/**
 * The accounts sharing an approved identity document number with the account `playerId` (issue 25
 * §3: the same person "by identity document when known", ADR 0040); the caller keeps them to the
 * brand owner's sites. Numbers are stored normalised (upper case, letters and digits).
 */
const sameDocumentAccounts = (playerId: SQL | number) =>
  sql`(select other.player_id from kyc_documents own join kyc_documents other on other.document_number = own.document_number
       where own.player_id = ${playerId} and own.kind = 'identity' and own.status = 'approved' and other.kind = 'identity' and other.status = 'approved')`;

/** The strongest term running among the rows `covering` picks. */
async function runningWhere(db: Db, covering: SQL): Promise<RunningExclusion | null> {
  const [row] = await queryRows<ExclusionRow>(
    db,
    sql`select kind, period, ends_at from player_exclusions where ${covering} and (ends_at is null or ends_at > now()) ${strongestFirst}`,
  );
  return running(row);
}

/** The term running for this account: its own row, or one of the same person taken on another of the owner's sites. */
export function runningExclusionOf(db: Db, account: { playerId: number; siteId: number; person: Person }): Promise<RunningExclusion | null> {
  const owner = sql`(select brand_owner_id from sites where id = ${account.siteId})`;
  return runningWhere(
    db,
    sql`(player_id = ${account.playerId} or ${samePerson(owner, account.person)} or (brand_owner_id = ${owner} and player_id in ${sameDocumentAccounts(account.playerId)}))`,
  );
}

/** The term running for a person about to register on a site of the owner (matched by phone or email). */
export async function runningExclusionOfPerson(db: Db, brandOwnerId: number, person: Person): Promise<RunningExclusion | null> {
  if (!person.phone && !person.email) return null;
  return runningWhere(db, samePerson(sql`${brandOwnerId}`, person));
}

/** SQL of the kind of term covering the account `playerId` now (null: none), for a check inside another statement (the stake guard's). */
export const runningExclusionKind = (playerId: SQL) =>
  sql`(select kind from player_exclusions where player_id = ${playerId} and (ends_at is null or ends_at > now()) ${strongestFirst})`;

/**
 * SQL, true while a time-out or self-exclusion covers the player row aliased `p` (its own row, or
 * the same person's phone or email on the owner's sites): the filter of a send to many players at
 * once (marketing stops during a term, issue 25 §3, ADR 0042).
 */
export const coveredByExclusionNow = sql`exists (select 1 from player_exclusions e where (e.ends_at is null or e.ends_at > now()) and (e.player_id = p.id
  or (e.brand_owner_id = (select brand_owner_id from sites where id = p.site_id)
      and ((trim(p.contact_phone) <> '' and e.phone = trim(p.contact_phone)) or (trim(p.contact_email) <> '' and e.email = lower(trim(p.contact_email)))))))`;

export interface StartedExclusion extends RunningExclusion {
  /** false: a term ending as late or later already ran; it is the one answered. */
  started: boolean;
  /** The accounts the term covers (the asking one first): their sessions are to end. */
  playerIds: number[];
}

/**
 * Starts a term for the player and the same person on the owner's other sites, in `tx` (a
 * transaction: the rows of every account are written together). The asking account is locked
 * first, so two requests of one player take turns. A term that would end sooner than the one
 * running changes nothing.
 */
export async function startExclusion(tx: Db, request: { siteId: number; playerId: number; period: ExclusionPeriod; now?: Date }): Promise<StartedExclusion> {
  const [asker] = await queryRows<{ brand_owner_id: number; contact_phone: string; contact_email: string }>(
    tx,
    sql`select s.brand_owner_id, p.contact_phone, p.contact_email from players p join sites s on s.id = p.site_id
        where p.id = ${request.playerId} and p.site_id = ${request.siteId} for update of p`,
  );
  if (!asker) throw new Error('startExclusion: no such player on this site');
  const person = normalisedPerson({ contactPhone: asker.contact_phone, contactEmail: asker.contact_email });
  const accounts = await queryRows<{ id: number; site_id: number }>(
    tx,
    sql`select p.id, p.site_id from players p join sites s on s.id = p.site_id
        where s.brand_owner_id = ${asker.brand_owner_id}
          and (p.id = ${request.playerId}
               or (${person.phone} <> '' and btrim(p.contact_phone) = ${person.phone})
               or (${person.email} <> '' and lower(btrim(p.contact_email)) = ${person.email})
               or p.id in ${sameDocumentAccounts(request.playerId)})
        order by (p.id = ${request.playerId}) desc, p.id`,
  );
  const playerIds = accounts.map((account) => account.id);
  const current = await runningExclusionOf(tx, { playerId: request.playerId, siteId: request.siteId, person });
  const start = request.now ?? new Date();
  const end = exclusionEnd(request.period, start);
  const kind = exclusionKindOf(request.period);
  // A term running as long or longer stands; a stronger kind (exclusion over time-out) of a shorter end cannot happen (6 months > 6 weeks).
  if (current && (current.until === null || (end !== null && end.getTime() <= current.until.getTime()))) {
    return { ...current, started: false, playerIds };
  }
  await tx.execute(
    sql`insert into player_exclusions (brand_owner_id, site_id, player_id, kind, period, starts_at, ends_at, phone, email, requested_by_player_id)
        select ${asker.brand_owner_id}, a.site_id, a.id, ${kind}, ${request.period}, ${start.toISOString()}::timestamptz, ${end?.toISOString() ?? null}::timestamptz,
               ${person.phone}, ${person.email}, ${request.playerId}
        from jsonb_to_recordset(${JSON.stringify(accounts)}::jsonb) as a(id int, site_id int)`,
  );
  return { kind, period: request.period, until: end, started: true, playerIds };
}

/**
 * Extends to an account whose identity document was just approved the term running for another
 * account of the owner's sites with the same document number (ADR 0040): a row of its own, ending
 * when that term ends, so every check of the account (the stake guard's too) sees it. Answers the
 * term when a row was written (its sessions are for the caller to end), null when none runs or
 * the account's own rows already last as long.
 */
export async function extendExclusionByDocument(tx: Db, account: { playerId: number; siteId: number }): Promise<RunningExclusion | null> {
  const owner = sql`(select brand_owner_id from sites where id = ${account.siteId})`;
  const [term] = await queryRows<ExclusionRow & { brand_owner_id: number; starts_at: Date | string; phone: string; email: string; requested_by_player_id: number }>(
    tx,
    sql`select brand_owner_id, kind, period, starts_at, ends_at, phone, email, requested_by_player_id from player_exclusions
        where brand_owner_id = ${owner} and player_id in ${sameDocumentAccounts(account.playerId)} and player_id <> ${account.playerId}
          and (ends_at is null or ends_at > now()) ${strongestFirst}`,
  );
  if (!term) return null;
  const own = await runningWhere(tx, sql`player_id = ${account.playerId}`);
  if (own && (own.until === null || (term.ends_at !== null && new Date(term.ends_at).getTime() <= own.until.getTime()))) return null;
  await tx.execute(
    sql`insert into player_exclusions (brand_owner_id, site_id, player_id, kind, period, starts_at, ends_at, phone, email, requested_by_player_id)
        values (${term.brand_owner_id}, ${account.siteId}, ${account.playerId}, ${term.kind}, ${term.period}, ${new Date(term.starts_at).toISOString()}::timestamptz,
                ${term.ends_at === null ? null : new Date(term.ends_at).toISOString()}::timestamptz, ${term.phone}, ${term.email}, ${term.requested_by_player_id})`,
  );
  return running(term);
}
