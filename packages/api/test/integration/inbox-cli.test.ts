/**
 * `npm run ops -- inbox-send` (ADR 0042), in this process against a copy of the seeded database:
 * the demo player of casino1 gets the campaign once, with its line breaks; the summary says who
 * was reached and who was not; the send is audited as the CLI's actor; usage errors are clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/db/client.js';
import { inboxItems, operatorAudit } from '../../src/db/schema.js';
import { backends, type Backend } from './helpers.js';
import { SLOW, cliDatabase, opsInProcess, withCliDatabase } from './cli-fixtures.js';

describe.each(backends)('npm run ops: inbox-send on %s', (backend: Backend) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const withDatabase = <T>(fn: (database: Database) => Promise<T>) => withCliDatabase(backend, env, fn);
  const ops = (args: string[]) => opsInProcess(args, env);

  beforeAll(async () => {
    ({ env, cleanup } = await cliDatabase(backend, 'wl-inbox-cli-'));
  }, SLOW);
  afterAll(async () => {
    await cleanup?.();
  });

  it('sends to named accounts once, prints who was left out, and audits the CLI actor', async () => {
    const args = ['inbox-send', '--site', 'casino1.localhost', '--campaign', 'cli-test', '--accounts', 'demo,nobody9', '--title', 'Weekend', '--body', 'Line one\\nLine two', '--reward', '10', '--reward-type', 'token', '--reason', 'Weekend campaign'];
    const first = await ops(args);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Sent 1; had it already 0; left out: 0 under a time-out or self-exclusion, 0 blocked or closed');
    expect(first.stdout).toContain('Not on this site: nobody9');
    const again = await ops(args);
    expect(again.stdout).toContain('Sent 0; had it already 1;');

    await withDatabase(async ({ db }) => {
      const rows = await db.select().from(inboxItems).where(eq(inboxItems.campaign, 'cli-test'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: 'Weekend', body: 'Line one\nLine two', rewardType: 'token' });
      const [audit] = await queryRows<{ actor: string; reason: string }>(db, sql`select actor, reason from ${operatorAudit} where action = 'inbox.send' order by id desc limit 1`);
      expect(audit).toEqual({ actor: 'cli:tester', reason: 'Weekend campaign' });
    });
  });

  it('refuses a send without its title or reason, and a payload the contract refuses, writing nothing', async () => {
    const missing = await ops(['inbox-send', '--site', 'casino1.localhost', '--campaign', 'cli-bad', '--segment', 'all', '--body', 'x', '--reason', 'Test']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('--title is required');
    const refused = await ops(['inbox-send', '--site', 'casino1.localhost', '--campaign', 'cli-bad', '--segment', 'everyone', '--title', 'T', '--body', 'x', '--reason', 'Test']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('segment');
    await withDatabase(async ({ db }) => {
      expect(await db.select().from(inboxItems).where(eq(inboxItems.campaign, 'cli-bad'))).toEqual([]);
    });
  });
});
