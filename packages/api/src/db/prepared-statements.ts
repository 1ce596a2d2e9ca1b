import { createHash } from 'node:crypto';
import type { Client as PgClient, QueryConfig } from 'pg';

/**
 * Named prepared statements for every parametrised query, as pgx and postgres.js do by default
 * (ADR 0034). node-postgres sends each unnamed query to be parsed and planned again; on the game
 * money path planning cost as much PostgreSQL time as running. A name (a hash of the text) makes
 * each connection parse a statement once and lets PostgreSQL keep its plan.
 *
 * A connection prepares at most MAX_PER_CONNECTION statements (texts that vary with their values,
 * such as IN lists of every length, must not grow a backend's memory without end); later texts run
 * unnamed. Multi-statement texts (no parameters) and queries named by their caller are left alone.
 */
const MAX_PER_CONNECTION = 1_000;

type ClientClass = typeof PgClient;

export function preparingClient(Base: ClientClass): ClientClass {
  class PreparingClient extends Base {
    private readonly prepared = new Set<string>();

    // One override for node-postgres's overloads: a text or a config object, with values, is named.
    override query(...args: unknown[]): never {
      const [first, values] = args;
      const config = typeof first === 'string' ? { text: first } : first;
      if (isParametrised(config, values)) {
        const name = statementName(config.text);
        if (this.prepared.has(name) || this.prepared.size < MAX_PER_CONNECTION) {
          this.prepared.add(name);
          args[0] = { ...config, name };
        }
      }
      return (super.query as (...rest: unknown[]) => never)(...args);
    }
  }
  return PreparingClient;
}

function isParametrised(config: unknown, values: unknown): config is QueryConfig & { text: string } {
  if (typeof config !== 'object' || config === null) return false;
  const query = config as Partial<QueryConfig>;
  if (typeof query.text !== 'string' || query.name !== undefined) return false;
  const given = values ?? query.values;
  return Array.isArray(given) && given.length > 0;
}

const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `wl_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    // The cache of names is only a shortcut: bounded like the connections' statements.
    if (names.size < MAX_PER_CONNECTION * 4) names.set(text, name);
  }
  return name;
}
