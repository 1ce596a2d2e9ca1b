// A throwaway PostgreSQL database for the benchmarks (bench:books, bench:games): made on the server
// of `serverUrl` under a random name, and dropped after the run unless BENCH_KEEP is set.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates `<prefix>_<random>`; answers its name, its URL and `finish()`, which drops it (or says
 * it is kept). Throws a message naming the server when the database cannot be created.
 */
export async function createThrowawayDatabase(serverUrl, prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(serverUrl);
  try {
    await adminQuery(admin, `CREATE DATABASE ${name}`);
  } catch (error) {
    throw new Error(`Cannot create a database on ${admin.host} (${error.message}): set BENCH_DATABASE_URL to a PostgreSQL server where you may.`);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async finish() {
      if (process.env.BENCH_KEEP) console.log(`Kept database ${name}.`);
      else await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error) => console.error(`Could not drop ${name}: ${error.message}`));
    },
  };
}

async function adminQuery(serverUrl, text) {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
