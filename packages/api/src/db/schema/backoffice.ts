import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { OPERATOR_ROLES } from '@wl/contracts';
import { at, createdAt, sqlList } from './columns.js';
import { brandOwners, siteRef } from './sites.js';
import { playerRef } from './accounts.js';

/**
 * The people of a brand owner who use the back office (issue 26 §1, ADR 0044): a password (scrypt,
 * as players'), a TOTP second factor, a role, and the sites they work on (null: every site of
 * their brand owner). API keys of the command line (`operators`) are another thing.
 */
export const operatorAccounts = pgTable(
  'operator_accounts',
  {
    id: serial('id').primaryKey(),
    brandOwnerId: integer('brand_owner_id')
      .notNull()
      .references(() => brandOwners.id),
    /** Lower case; unique on the platform, so a login names nobody else. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    /** The sites the account works on; null: every site of its brand owner, today's and tomorrow's. */
    siteIds: integer('site_ids').array(),
    /** The TOTP secret (base32): written at the first login, in force once a code confirmed it. */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: at('totp_confirmed_at'),
    /** Only the demo's owner on the demo's data: may log in without a second factor (issue 26 §1). */
    totpOptional: boolean('totp_optional').notNull().default(false),
    /** The last TOTP time step used: a code works once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    disabledAt: at('disabled_at'),
    lastLoginAt: at('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operator_accounts_username_key').on(t.username),
    check('operator_accounts_role_valid', sql.raw(`"role" IN (${sqlList(OPERATOR_ROLES)})`)),
  ],
);

/**
 * A back-office session: the cookie's token hashed. `secondFactorDone` false: the password was
 * right and the TOTP code (or its enrolment) is still to come; nothing else is allowed yet.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => operatorAccounts.id, { onDelete: 'cascade' }),
    secondFactorDone: boolean('second_factor_done').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('operator_sessions_account_idx').on(t.accountId)],
);

/**
 * Operators' notes on a player (issue 26 §2 Players, ADR 0047): written by a back-office account,
 * an operator key or the command line (`author`, as in the audit log), never changed or deleted.
 */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteRef(),
    playerId: playerRef(),
    body: text('body').notNull(),
    author: text('author').notNull(),
    /** The back-office account that wrote it (null: a platform key or the command line). */
    accountId: integer('account_id').references(() => operatorAccounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('player_notes_player_idx').on(t.playerId, t.createdAt),
    check('player_notes_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
  ],
);
