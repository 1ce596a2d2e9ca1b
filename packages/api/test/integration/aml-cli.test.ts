/**
 * The operator's command-line tool for anti-money-laundering flags and rules (ADR 0040), run in
 * this process (runOpsCli, as scripts/ops.mjs runs it) against a copy of the seeded PGlite folder
 * (and PostgreSQL when TEST_DATABASE_URL is set): the queue printed and as JSON, a flag escalated
 * then cleared with its note and the CLI's actor audited, the AML rules of compliance-set, and the
 * usage errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { opsAmlFlags, opsComplianceSet } from '@wl/contracts';
import { queryRows, type Database } from '../../src/db/client.js';
import { amlFlags, operatorAudit } from '../../src/db/schema.js';
import { backends, type Backend } from './helpers.js';
import { SLOW, cliDatabase, opsInProcess, withCliDatabase } from './cli-fixtures.js';
import { expectReply } from './rewards-fixtures.js';


describe.each(backends)('npm run ops: AML flags and rules on %s', (backend: Backend) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let flagId: number;
  let otherFlagId: number;

  const withDatabase = <T>(fn: (database: Database) => Promise<T>) => withCliDatabase(backend, env, fn);
  const ops = (args: string[]) => opsInProcess(args, env);

  beforeAll(async () => {
    ({ env, cleanup } = await cliDatabase(backend, 'wl-aml-cli-'));
    // Two flags on the demo player of casino1, as the rules write them.
    const ids = await withDatabase(async ({ db }) => {
      const [demo] = await queryRows<{ id: number; site_id: number }>(db, sql`select p.id, p.site_id from players p join sites s on s.id = p.site_id where s.external_id = 'casino1' and p.account_id = 'demo'`);
      const rows = await db
        .insert(amlFlags)
        .values([
          { siteId: demo!.site_id, playerId: demo!.id, rule: 'large_deposit', subject: 'payment:1', reason: 'Deposit DP-1 of 60000.0000 PHP is above the threshold.', evidence: { payment_id: 1, amount: '60000.0000' } },
          { siteId: demo!.site_id, playerId: demo!.id, rule: 'shared_device', subject: 'device:abc', reason: 'Signed up from a shared device.', evidence: { visitor_id: 'abc' } },
        ])
        .returning({ id: amlFlags.id });
      return rows.map((row) => row.id);
    });
    flagId = ids[0]!;
    otherFlagId = ids[1]!;
  }, SLOW);
  afterAll(async () => {
    await cleanup?.();
  });

  it('prints the queue and answers it as JSON, filtered by status and account', async () => {
    const printed = await ops(['aml-flags', '--site', 'casino1.localhost', '--status', 'open']);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toContain('2 flags (page 1)');
    expect(printed.stdout).toContain(`#${flagId}  OPEN  large_deposit  demo on casino1`);
    expect(printed.stdout).toContain('Deposit DP-1 of 60000.0000 PHP is above the threshold.');
    // As stored (jsonb orders the keys).
    expect(printed.stdout).toContain('evidence: {"amount":"60000.0000","payment_id":1}');

    const json = await ops(['aml-flags', '--account', 'demo', '--site', 'casino1.localhost', '--json']);
    expect(json.code, json.stderr).toBe(0);
    const reply = expectReply(opsAmlFlags.reply, JSON.parse(json.stdout) as Record<string, unknown>);
    expect(reply.value.map((flag) => [flag.flag_id, flag.rule, flag.status])).toEqual([
      [flagId, 'large_deposit', 'open'],
      [otherFlagId, 'shared_device', 'open'],
    ]);
    expect((await ops(['aml-flags', '--status', 'cleared'])).stdout).toContain('0 flags (page 1)');
  }, SLOW);

  it('escalates and clears a flag with a note, audited with the CLI actor; a decided flag answers notPending', async () => {
    const escalated = await ops(['aml-escalate', String(flagId), '--note', 'Source of funds asked', '--operator', 'carol']);
    expect(escalated.code, escalated.stderr).toBe(0);
    expect(escalated.stdout).toMatch(new RegExp(`^Flag ${flagId} \\(large_deposit, demo on casino1\\) is now escalated \\(audit \\d+\\)$`));
    const cleared = await ops(['aml-clear', String(flagId), '--note', 'Payslip seen', '--operator', 'carol']);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(cleared.stdout).toContain('is now cleared');
    const again = await ops(['aml-escalate', String(flagId), '--note', 'Again']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Refused: notPending');
    const printed = await ops(['aml-flags', '--status', 'cleared']);
    expect(printed.stdout).toContain(`#${flagId}  CLEARED  large_deposit`);
    expect(printed.stdout).toMatch(/cleared by cli:carol at .* UTC: Payslip seen/);

    await withDatabase(async ({ db }) => {
      const rows = await db
        .select({ action: operatorAudit.action, actor: operatorAudit.actor, reason: operatorAudit.reason })
        .from(operatorAudit)
        .where(and(eq(operatorAudit.targetType, 'aml_flag'), eq(operatorAudit.targetId, String(flagId))))
        .orderBy(operatorAudit.id);
      expect(rows).toEqual([
        { action: 'aml.escalate', actor: 'cli:carol', reason: 'Source of funds asked' },
        { action: 'aml.clear', actor: 'cli:carol', reason: 'Payslip seen' },
      ]);
      const [flag] = await db.select().from(amlFlags).where(eq(amlFlags.id, flagId));
      expect(flag).toMatchObject({ status: 'cleared', note: 'Payslip seen', decidedBy: 'cli:carol' });
    });
  }, SLOW);

  it("changes a site's AML rules with compliance-set, the others staying", async () => {
    const set = await ops([
      'compliance-set',
      '--site',
      'casino2.localhost',
      '--aml-large-deposit',
      '90000',
      '--aml-period-deposits',
      '200000/month',
      '--aml-small-deposits',
      '50/5/day',
      '--aml-low-turnover',
      'off',
      '--aml-shared-device',
      'off',
      '--reason',
      'Market rules of 2026',
      '--json',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const reply = expectReply(opsComplianceSet.reply, JSON.parse(set.stdout) as Record<string, unknown>);
    expect(reply.aml).toMatchObject({
      large_deposit: { above: '90000' },
      period_deposits: { above: '200000', period: 'month' },
      small_deposits: { below: '50', count: 5, period: 'day' },
      low_turnover: null,
      shared_device: false,
      // Left as the demo seed set them.
      shared_bank_account: true,
      large_withdrawal: { above: expect.any(String) },
    });
    const printed = await ops(['compliance', '--site', 'casino2.localhost']);
    expect(printed.stdout).toContain('large_deposit: {"above":"90000"}');
    expect(printed.stdout).toContain('low_turnover: off');

    const bad = await ops(['compliance-set', '--site', 'casino2.localhost', '--aml-period-deposits', '5000', '--reason', 'Typo']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--aml-period-deposits must be <amount>/<day|week|month> or off');
    const invalid = await ops(['compliance-set', '--site', 'casino2.localhost', '--aml-period-deposits', '5000/year', '--reason', 'Typo']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('validationError');
  }, SLOW);

  it('answers usage errors with exit code 2 and lists the commands in help', async () => {
    const noNote = await ops(['aml-clear', String(otherFlagId)]);
    expect(noNote.code).toBe(2);
    expect(noNote.stderr).toContain('--note is required');
    const noId = await ops(['aml-escalate', 'abc', '--note', 'x']);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain('aml-escalate needs the flag id');
    const badStatus = await ops(['aml-flags', '--status', 'closed']);
    expect(badStatus.code).toBe(1);
    expect(badStatus.stderr).toContain('validationError');
    const help = await ops(['help']);
    expect(help.stdout).toContain('aml-flags [--site <domain>] [--status open|escalated|cleared]');
    expect(help.stdout).toContain('--aml-small-deposits <below>/<count>/day|week|month|off');
  }, SLOW);
});
