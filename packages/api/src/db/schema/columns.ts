import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const money = (name: string) => numeric(name, { precision: 20, scale: 4 });

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Raw bytes (receipt images): Buffer on node-postgres, Uint8Array on PGlite, a Buffer to the code. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A list of fixed values as SQL text ('a','b'), for the CHECK constraints that hold a column to a list of the contracts. */
export const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(',');
