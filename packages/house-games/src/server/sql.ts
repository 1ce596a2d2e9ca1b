/*
 * The studio keeps its own tables in the schema `house` of whatever PostgreSQL (or PGlite) it is
 * given: sessions, seed pairs, rounds, and the crash game's chains and shared rounds. It needs
 * only parameterised queries, so it depends on no ORM and on nothing of the platform (ADR 0029):
 * run as a service of its own it gets a pool of its own; mounted in the platform's server it
 * shares the platform's database.
 */

/** Runs one statement with $1… parameters and answers its rows. */
export interface StudioSql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs several statements without parameters as one simple query (one implicit transaction). */
  exec(text: string): Promise<void>;
}

/** Each migration runs once, in order; never edit one that has shipped, add the next. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE house.sessions (
    token_hash   text PRIMARY KEY,
    site         text NOT NULL,
    player       text NOT NULL,
    game         text NOT NULL,
    currency     text NOT NULL,
    locale       text NOT NULL,
    -- The platform's game session token (wallet calls carry it); null in demo mode.
    wallet_token text,
    -- Play money of a demo session; null for real money.
    demo_balance numeric(20, 4) CHECK (demo_balance >= 0),
    return_url   text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    CHECK ((wallet_token IS NULL) = (demo_balance IS NOT NULL))
  );
  CREATE INDEX house_sessions_expires_idx ON house.sessions (expires_at);

  CREATE TABLE house.seed_pairs (
    id               bigserial PRIMARY KEY,
    site             text NOT NULL,
    player           text NOT NULL,
    server_seed      text NOT NULL,
    server_seed_hash text NOT NULL,
    client_seed      text NOT NULL,
    next_nonce       integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
    created_at       timestamptz NOT NULL DEFAULT now(),
    revealed_at      timestamptz
  );
  -- One pair in use per player; revealed ones are kept for verification.
  CREATE UNIQUE INDEX house_seed_pairs_active_key ON house.seed_pairs (site, player) WHERE revealed_at IS NULL;

  CREATE TABLE house.rounds (
    id            text PRIMARY KEY,
    site          text NOT NULL,
    player        text NOT NULL,
    game          text NOT NULL,
    currency      text NOT NULL,
    demo          boolean NOT NULL,
    seed_pair_id  bigint NOT NULL REFERENCES house.seed_pairs (id),
    nonce         integer NOT NULL,
    bet           jsonb NOT NULL,
    state         jsonb NOT NULL,
    -- Bumped by each action: two actions on one round cannot both apply.
    step          integer NOT NULL DEFAULT 0,
    -- A game the player acts in (mines): one open round of it per player at a time.
    multi_step    boolean NOT NULL,
    stake         numeric(20, 4) NOT NULL CHECK (stake > 0),
    win           numeric(20, 4) CHECK (win >= 0),
    -- debiting → open | crediting | refused | rolling_back; crediting → settled; rolling_back → rolled_back.
    status        text NOT NULL CHECK (status IN ('debiting', 'open', 'crediting', 'settled', 'refused', 'rolling_back', 'rolled_back')),
    refusal       text,
    wallet_token  text,
    attempts      integer NOT NULL DEFAULT 0,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    UNIQUE (seed_pair_id, nonce)
  );
  CREATE UNIQUE INDEX house_rounds_one_open_key ON house.rounds (site, player, game) WHERE multi_step AND status IN ('debiting', 'open');
  CREATE INDEX house_rounds_player_idx ON house.rounds (site, player, game, created_at DESC);
  -- What the recovery job scans: rounds whose money is not settled yet.
  CREATE INDEX house_rounds_unsettled_idx ON house.rounds (updated_at) WHERE status IN ('debiting', 'crediting', 'rolling_back');

  CREATE TABLE house.settings (
    name  text PRIMARY KEY,
    value text NOT NULL
  );
  `,
  // The crash game's shared rounds (ADR 0032). A player's bet in one is a house.rounds row with
  // crash_round set and no seed pair: its money moves exactly as any other round's.
  `
  CREATE TABLE house.crash_chains (
    site       text NOT NULL,
    number     integer NOT NULL CHECK (number > 0),
    -- The chain's secret end h_N; every round's hash is derived from it (games/crash.ts).
    seed       text NOT NULL,
    -- h_0, published before the chain's first round.
    end_hash   text NOT NULL,
    length     integer NOT NULL CHECK (length > 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (site, number)
  );

  CREATE TABLE house.crash_rounds (
    site          text NOT NULL,
    round         integer NOT NULL CHECK (round > 0),
    chain         integer NOT NULL,
    chain_index   integer NOT NULL CHECK (chain_index > 0),
    -- Secret until crashed_at: it decides the crash point.
    hash          text NOT NULL,
    previous_hash text NOT NULL,
    crash_point   numeric(12, 2) NOT NULL CHECK (crash_point >= 1),
    -- The multiplier's growth per ms (games/crash.ts), kept with the round so every process agrees.
    growth_per_ms double precision NOT NULL CHECK (growth_per_ms > 0),
    -- The timetable, fixed when the round is made: bets until flight_at, the crash at crashed_at.
    flight_at     timestamptz NOT NULL,
    crashed_at    timestamptz NOT NULL CHECK (crashed_at >= flight_at),
    -- The most the round pays all its bets together, and the real-money stakes it took.
    max_payout    numeric(20, 4) NOT NULL CHECK (max_payout > 0),
    total_stake   numeric(20, 4) NOT NULL DEFAULT 0 CHECK (total_stake >= 0),
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (site, round),
    UNIQUE (site, chain, chain_index),
    FOREIGN KEY (site, chain) REFERENCES house.crash_chains (site, number)
  );

  ALTER TABLE house.rounds
    ALTER COLUMN seed_pair_id DROP NOT NULL,
    ALTER COLUMN nonce DROP NOT NULL,
    ADD COLUMN crash_round integer,
    -- A demo bet's session: where its play money goes when the round is settled.
    ADD COLUMN session_hash text,
    ADD CONSTRAINT house_rounds_seeded_or_shared CHECK ((seed_pair_id IS NULL) = (crash_round IS NOT NULL)),
    ADD CONSTRAINT house_rounds_crash_round_fkey FOREIGN KEY (site, crash_round) REFERENCES house.crash_rounds (site, round);
  CREATE INDEX house_rounds_crash_idx ON house.rounds (site, crash_round) WHERE crash_round IS NOT NULL;
  CREATE INDEX house_rounds_crash_open_idx ON house.rounds (site, crash_round) WHERE crash_round IS NOT NULL AND status = 'open';
  `,
];

/** Creates or updates the studio's tables (the platform runs it under its migration lock). */
export async function migrateStudio(sql: StudioSql): Promise<void> {
  await sql.query('CREATE SCHEMA IF NOT EXISTS house');
  await sql.query('CREATE TABLE IF NOT EXISTS house.migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await sql.query<{ version: number }>('SELECT version FROM house.migrations')).map((row) => Number(row.version)));
  for (const [index, statements] of MIGRATIONS.entries()) {
    const version = index + 1;
    if (done.has(version)) continue;
    // One simple query: PostgreSQL runs its statements in one implicit transaction, and the version
    // row inserted with them makes a concurrent second run fail instead of applying them twice.
    await sql.exec(`${statements}; INSERT INTO house.migrations (version) VALUES (${version});`);
  }
}
