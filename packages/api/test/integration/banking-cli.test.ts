/**
 * The operator's command-line tool (`npm run ops`, ADR 0015) as a real process (tsx
 * scripts/ops.mjs): against a PGlite folder (and against PostgreSQL when TEST_DATABASE_URL is set)
 * it lists pending requests, approves a deposit once, prints a statement and records its actor in
 * the audit log; given OPS_URL and OPS_KEY it goes through a running server's operator API.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { opsPendingReply, opsStatementReply } from '@wl/contracts';
import { openDatabase, queryRows } from '../../src/db/client.js';
import { operatorAudit } from '../../src/db/schema.js';
import { buildApiApp, backends, createPostgresDatabase, openTestDatabase, type Backend } from './helpers.js';
import { operatorKey } from './banking-fixtures.js';
import { expectReply } from './rewards-fixtures.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSX = path.join(REPO, 'node_modules', '.bin', 'tsx');
/** Each run starts tsx and opens the database: seconds, several per test. */
const SLOW = 180_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `tsx scripts/ops.mjs <args>` from the repository root with `env`. */
function ops(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'DATA_DIR', 'OPS_URL', 'OPS_KEY'].includes(key)));
    execFile(TSX, ['scripts/ops.mjs', ...args], { cwd: REPO, env: { ...clean, ...env }, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe.each(backends)('npm run ops on %s', (backend: Backend) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let depositId: number;

  beforeAll(async () => {
    // A seeded database the CLI opens itself: a PGlite folder (closed again: PGlite allows one process) or a PostgreSQL database.
    // A copy of the run's seeded database, which the CLI opens itself: a PGlite folder or a PostgreSQL database.
    if (backend === 'pglite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'wl-ops-'));
      cpSync(inject('seededPgliteDir'), dir, { recursive: true });
      env = { DATA_DIR: dir };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const created = await createPostgresDatabase(inject('seededPostgresTemplate'));
      env = { DATABASE_URL: created.url };
      cleanup = () => created.drop();
    }
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
    const { database, close } = backend === 'pglite' ? await openTestDatabase('pglite', env.DATA_DIR!) : await openPg(env.DATABASE_URL!);
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
    const { database, close } = backend === 'pglite' ? await openTestDatabase('pglite', env.DATA_DIR!) : await openPg(env.DATABASE_URL!);
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
    const { database, close } = backend === 'pglite' ? await openTestDatabase('pglite', env.DATA_DIR!) : await openPg(env.DATABASE_URL!);
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
    } finally {
      await app.close();
      await close();
    }
  }, SLOW);
});

async function openPg(url: string) {
  const database = await openDatabase({ url, poolSize: 4 });
  return { database, close: () => database.close() };
}
