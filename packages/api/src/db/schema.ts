/**
 * The database schema, one file per feature (tables sit with their feature). Drizzle and
 * drizzle-kit read it through this index; migrations are in drizzle/.
 */
export * from './schema/sites.js';
export * from './schema/catalogue.js';
export * from './schema/accounts.js';
export * from './schema/demo.js';
export * from './schema/ledger.js';
export * from './schema/content.js';
export * from './schema/games.js';
export * from './schema/rewards.js';
export * from './schema/banking.js';
export * from './schema/responsible.js';
export * from './schema/compliance.js';
export * from './schema/backoffice.js';
