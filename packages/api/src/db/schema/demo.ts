import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Seed steps already applied, so a later release can add demo data to an existing database. */
export const seedSteps = pgTable('seed_steps', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
