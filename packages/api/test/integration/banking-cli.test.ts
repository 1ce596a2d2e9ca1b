/**
 * The operator's command-line tool (`npm run ops`, ADR 0015) as a real process (tsx
 * scripts/ops.mjs): against a PGlite folder (and against PostgreSQL when TEST_DATABASE_URL is set)
 * it lists pending requests, approves a deposit once, prints a statement and records its actor in
 * the audit log; given OPS_URL and OPS_KEY it goes through a running server's operator API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { opsPendingReply, opsStatementReply } from '@wl/contracts';
import { openDatabase, queryRows } from '../../src/db/client.js';
import { operatorAudit } from '../../src/db/schema.js';
import { buildApiApp, backends, openTestDatabase, type Backend } from './helpers.js';
import { SLOW, cliDatabase, opsProcess as ops } from './cli-fixtures.js';
import { operatorKey } from './banking-fixtures.js';
import { expectReply } from './rewards-fixtures.js';

describe.each(backends)('npm run ops on %s', (backend: Backend) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let depositId: number;

  beforeAll(async () => {
    ({ env, cleanup } = await cliDatabase(backend, 'wl-ops-'));
  }, SLOW);
  afterAll(async () => {
    await cleanup?.();
  });

  it('lists pending requests, approves a deposit once with the actor recorded, and prints the statement', async () => {
    const pending = await ops(['pending', '--site', 'casino1.localhost', '--kind', 'deposit', '--json'], env);
    expect(pending.stderr).toBe('');
    expect(pending.code).toBe(0);
    const list = expectReply(opsPendingReply, JSON.parse(pending.stdout) as Record<string, unknown>);
    const demo = list.value.find((row) => row.account_id === 'demo')!;
    expect(demo).toMatchObject({ kind: 'deposit', site: 'casino1', status: 'pending', method_name: 'Bank transfer' });
    depositId = demo.payment_id;

    const table = await ops(['pending', '--site', 'casino1.localhost'], env);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/pending \(page 1\)/);
    expect(table.stdout).toContain(String(depositId));

    const approved = await ops(['approve-deposit', String(depositId), '--reason', 'Matched on the bank statement', '--operator', 'carol'], env);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(`deposit ${depositId}`);
    expect(approved.stdout).toContain('is now approved');
    const again = await ops(['approve-deposit', String(depositId), '--reason', 'Twice'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('notPending');

    const statement = await ops(['statement', '--site', 'casino1.localhost', '--account', 'demo', '--type', 'deposit', '--json'], env);
    expect(statement.code, statement.stderr).toBe(0);
    const reply = expectReply(opsStatementReply, JSON.parse(statement.stdout) as Record<string, unknown>);
    expect(reply.value.filter((entry) => entry.reference === `payment:${depositId}`)).toHaveLength(1);
    expect(reply).toMatchObject({ account_id: 'demo', currency: 'PHP' });
    const printed = await ops(['statement', '--site', 'casino1.localhost', '--account', 'demo'], env);
    expect(printed.stdout).toMatch(/available \d+\.\d{4}, held \d+\.\d{4} PHP/);

    const adjusted = await ops(['adjust', '--site', 'casino1.localhost', '--account', 'demo', '--amount', '-1.5', '--reason', 'Fee refund reversal', '--operator', 'carol'], env);
    expect(adjusted.code, adjusted.stderr).toBe(0);
    expect(adjusted.stdout).toMatch(/^Adjusted: entry \d+/);
  }, SLOW);

  it('records who, what and why in the audit log', async () => {
    const { database, close } = await openCliDatabase(backend, env);
    try {
      const rows = await database.db
        .select()
        .from(operatorAudit)
        .where(and(eq(operatorAudit.targetType, 'payment'), eq(operatorAudit.targetId, String(depositId))));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor: 'cli:carol', action: 'deposit.approve', reason: 'Matched on the bank statement', operatorId: null });
      const [payment] = await queryRows<{ decided_by: string; status: string }>(database.db, sql`select decided_by, status from payments where id = ${depositId}`);
      expect(payment).toEqual({ decided_by: 'cli:carol', status: 'approved' });
      const actions = (await database.db.select({ action: operatorAudit.action }).from(operatorAudit)).map((row) => row.action);
      expect(actions).toEqual(expect.arrayContaining(['deposit.approve', 'statement.view', 'balance.adjust']));
      // Seeing the pending list (names, bank accounts) is audited, and so is a refused call (ADR 0023).
      const views = await database.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'pending.view')).orderBy(operatorAudit.id);
      expect(views.map((row) => row.targetId)).toEqual(['deposit', 'all']);
      expect(views[0]).toMatchObject({ actor: expect.stringMatching(/^cli:/), targetType: 'pending' });
      expect(views[0]!.details.payment_ids).toContain(depositId);
      const refused = await database.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'call.refused'));
      expect(refused.map((row) => [row.targetId, row.reason, row.details.payment_id])).toEqual([['opsDepositApprove', 'notPending', depositId]]);
    } finally {
      await close();
    }
  }, SLOW);

  it("enters a match's result, then corrects it: the bets are settled again and the change is printed", async () => {
    const { database, close } = await openCliDatabase(backend, env);
    let matchId: number;
    try {
      const [match] = await queryRows<{ id: number }>(database.db, sql`select id from matches where resulted_at is null order by id limit 1`);
      matchId = Number(match!.id);
    } finally {
      // PGlite allows one process: the CLI opens the folder itself.
      await close();
    }
    const early = await ops(['sports-correct', String(matchId), '--home', '0', '--away', '0', '--reason', 'Too soon'], env);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('notResulted');
    const result = await ops(['sports-result', String(matchId), '--home', '2', '--away', '1', '--reason', 'Final whistle'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Result entered: \d+ selections and \d+ bets settled/);
    const corrected = await ops(['sports-correct', String(matchId), '--home', '1', '--away', '1', '--reason', 'Second goal disallowed after review'], env);
    expect(corrected.code, corrected.stderr).toBe(0);
    expect(corrected.stdout).toMatch(/^Result corrected: [1-9]\d* selections changed, \d+ bets settled again; paid \d+\.\d{4}, taken back \d+\.\d{4} \(audit \d+\)/);
    const same = await ops(['sports-correct', String(matchId), '--home', '1', '--away', '1', '--reason', 'Again'], env);
    expect(same.stdout).toContain('The match has this score already; nothing changed');
  }, SLOW);

  it('answers usage errors with exit code 2 and help with 0', async () => {
    const unknown = await ops(['frobnicate'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
    const noReason = await ops(['reject-deposit', '1'], env);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason is required');
    const help = await ops(['help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('create-operator');
    expect(help.stdout).toContain('PGlite allows ONE process');
  }, SLOW);

  it("creates an operator whose key then works through a running server's operator API (OPS_URL, OPS_KEY)", async () => {
    const created = await ops(['create-operator', '--name', `cli-${backend}`, '--site', 'casino2.localhost', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const { key } = JSON.parse(created.stdout) as { key: string };
    expect(key).toMatch(/^wlop_[A-Za-z0-9_-]{43}$/);

    // The server owns the database now (PGlite: the only process); the CLI talks to it over HTTP.
    const { database, close } = await openCliDatabase(backend, env);
    const app = await buildApiApp(database);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const remote = await ops(['pending', '--json'], { OPS_URL: url, OPS_KEY: key });
      expect(remote.code, remote.stderr).toBe(0);
      const list = expectReply(opsPendingReply, JSON.parse(remote.stdout) as Record<string, unknown>);
      expect(list.value.length).toBeGreaterThan(0);
      expect(list.value.every((row) => row.site === 'casino2')).toBe(true);
      const denied = await ops(['pending', '--site', 'casino1.localhost'], { OPS_URL: url, OPS_KEY: key });
      expect(denied.code).toBe(1);
      expect(denied.stderr).toContain('permissionDenied');
      const wrongKey = await ops(['pending'], { OPS_URL: url, OPS_KEY: 'wlop_nope' + 'x'.repeat(40) });
      expect(wrongKey.stderr).toContain('invalidApiKey');
      const refused = await ops(['create-operator', '--name', 'x1'], { OPS_URL: url, OPS_KEY: key });
      expect(refused.code).toBe(2);
      // An operator made in the database works the same.
      const other = await operatorKey(database.db, `direct-${backend}`);
      expect((await ops(['audit', '--json'], { OPS_URL: url, OPS_KEY: other })).code).toBe(0);
      // A back-office login instead of a key (ADR 0044): the demo owner, who may skip the second factor on demo data.
      const asOwner = await ops(['pending', '--site', 'casino1.localhost', '--json'], { OPS_URL: url, OPS_USER: 'owner', OPS_PASSWORD: 'demo1234' });
      expect(asOwner.code, asOwner.stderr).toBe(0);
      expect(expectReply(opsPendingReply, JSON.parse(asOwner.stdout) as Record<string, unknown>).value.every((row) => row.site === 'casino1')).toBe(true);
      const wrongPassword = await ops(['pending'], { OPS_URL: url, OPS_USER: 'owner', OPS_PASSWORD: 'nope-1234' });
      expect(wrongPassword.stderr).toContain('Login as owner refused: invalidCredentials');
    } finally {
      await app.close();
      await close();
    }
  }, SLOW);
});

/** The CLI's database, opened by the test (closed again before the CLI runs: PGlite allows one process). */
async function openCliDatabase(backend: Backend, env: Record<string, string>) {
  if (backend === 'pglite') return openTestDatabase('pglite', env.DATA_DIR!);
  const database = await openDatabase({ url: env.DATABASE_URL!, poolSize: 4 });
  return { database, close: () => database.close() };
}
