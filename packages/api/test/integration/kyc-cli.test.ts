/**
 * The operator's command-line tool for identity documents and a site's rules (ADR 0040) as a real
 * process (tsx scripts/ops.mjs), against a PGlite folder (and PostgreSQL when TEST_DATABASE_URL is
 * set): the review queue, an image saved to a file, approval (an identity document with its
 * number) and rejection, and the rules read and changed, each audited with the CLI's actor.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { opsComplianceSet, opsKycPending } from '@wl/contracts';
import { queryRows, type Database } from '../../src/db/client.js';
import { kycDocuments } from '../../src/db/schema.js';
import { backends, type Backend } from './helpers.js';
import { SLOW, cliDatabase, opsProcess as ops, withCliDatabase } from './cli-fixtures.js';
import { expectReply } from './rewards-fixtures.js';

describe.each(backends)('npm run ops: identity documents and site rules on %s', (backend: Backend) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let folder: string;
  let identityId: number;
  let selfieId: number;
  let image: Buffer;

  const withDatabase = <T>(fn: (database: Database) => Promise<T>) => withCliDatabase(backend, env, fn);

  beforeAll(async () => {
    // The folder the saved images go to; the database is a copy of its own.
    folder = mkdtempSync(path.join(tmpdir(), 'wl-kyc-cli-'));
    const copy = await cliDatabase(backend, 'wl-kyc-cli-db-');
    env = copy.env;
    cleanup = async () => {
      rmSync(folder, { recursive: true, force: true });
      await copy.cleanup();
    };
    image = await sharp({ create: { width: 20, height: 14, channels: 3, background: '#3366cc' } }).png().toBuffer();
    // Two uploads of the demo player on casino1, as the player's call would store them.
    [identityId, selfieId] = await withDatabase(async ({ db }) => {
      const [player] = await queryRows<{ id: number; site_id: number }>(db, sql`select p.id, p.site_id from players p join sites s on s.id = p.site_id where s.external_id = 'casino1' and p.account_id = 'demo'`);
      const values = (kind: 'identity' | 'selfie') => ({
        siteId: player!.site_id,
        playerId: player!.id,
        kind,
        contentType: 'image/png',
        size: image.length,
        width: 20,
        height: 14,
        sha256: createHash('sha256').update(image).digest('hex'),
        data: image,
      });
      const rows = await db.insert(kycDocuments).values([values('identity'), values('selfie')]).returning({ id: kycDocuments.id });
      return [rows[0]!.id, rows[1]!.id] as const;
    });
  }, SLOW);
  afterAll(async () => {
    await cleanup?.();
  });

  it('lists the queue, saves an image, approves with the number, rejects with a reason, refuses a second review', async () => {
    const listed = await ops(['kyc-pending', '--site', 'casino1.localhost', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const queue = expectReply(opsKycPending.reply, JSON.parse(listed.stdout) as Record<string, unknown>);
    expect(queue.value.map((row) => row.document_id)).toEqual(expect.arrayContaining([identityId, selfieId]));
    const table = await ops(['kyc-pending'], env);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/documents waiting \(page 1\)/);
    expect(table.stdout).toMatch(new RegExp(`${identityId}\\s+identity\\s+casino1\\s+demo`));

    const out = path.join(folder, 'identity.png');
    const saved = await ops(['kyc-image', String(identityId), '--out', out], env);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain(`Saved identity document ${identityId} (image/png, 20×14) of demo on casino1`);
    expect((await sharp(readFileSync(out)).raw().toBuffer()).equals(await sharp(image).raw().toBuffer())).toBe(true);

    const noNumber = await ops(['kyc-approve', String(identityId), '--reason', 'Matches the selfie'], env);
    expect(noNumber.code).toBe(1);
    expect(noNumber.stderr).toContain('validationError');
    expect(noNumber.stderr).toContain('document_number');
    const approved = await ops(['kyc-approve', String(identityId), '--number', 'pa-123 4567', '--reason', 'Matches the selfie', '--operator', 'dana'], env);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(`identity document ${identityId} (demo on casino1) is now approved, number PA1234567; the player's level: none`);
    const rejected = await ops(['kyc-reject', String(selfieId), '--reason', 'Face not visible', '--operator', 'dana'], env);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toContain('is now rejected');
    const again = await ops(['kyc-reject', String(selfieId), '--reason', 'Twice'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('notPending');

    await withDatabase(async ({ db }) => {
      const audit = await queryRows<{ action: string; actor: string; reason: string }>(
        db,
        sql`select action, actor, reason from operator_audit where target_type = 'kyc_document' and action in ('kyc.approve', 'kyc.reject', 'kyc.image.view') order by id`,
      );
      expect(audit).toEqual([
        { action: 'kyc.image.view', actor: expect.stringMatching(/^cli:/), reason: '' },
        { action: 'kyc.approve', actor: 'cli:dana', reason: 'Matches the selfie' },
        { action: 'kyc.reject', actor: 'cli:dana', reason: 'Face not visible' },
      ]);
      expect(await queryRows(db, sql`select status, document_number, reviewed_by from kyc_documents where id = ${identityId}`)).toEqual([
        { status: 'approved', document_number: 'PA1234567', reviewed_by: 'cli:dana' },
      ]);
    });
  }, SLOW);

  it("prints and changes a site's rules; the others stay", async () => {
    const shown = await ops(['compliance', '--site', 'slot2.localhost'], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Minimum age: 18');
    expect(shown.stdout).toMatch(/^Verification \((identity|full)\): /m);
    expect(shown.stdout).toMatch(/^AML rules: large_deposit: /m);

    const set = await ops(
      ['compliance-set', '--site', 'slot2.localhost', '--minimum-age', '21', '--kyc-first-withdrawal', 'on', '--kyc-above', '5000', '--player-cancels', 'off', '--reason', 'Licence terms', '--json'],
      env,
    );
    expect(set.code, set.stderr).toBe(0);
    expect(expectReply(opsComplianceSet.reply, JSON.parse(set.stdout) as Record<string, unknown>)).toMatchObject({
      minimum_age: 21,
      kyc_before_first_withdrawal: true,
      kyc_withdrawals_above: '5000',
      kyc_level: 'identity',
      player_cancels_withdrawals: false,
    });
    const off = await ops(['compliance-set', '--site', 'slot2.localhost', '--kyc-above', 'off', '--kyc-level', 'full', '--reason', 'Threshold dropped'], env);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toContain('Minimum age: 21');
    expect(off.stdout).toContain('Verification (full): before the first withdrawal');
    expect(off.stdout).toContain('Players cancel their pending withdrawals: no');
    expect(off.stdout).toMatch(/Changed \(audit \d+\)/);

    const wrong = await ops(['compliance-set', '--site', 'slot2.localhost', '--player-cancels', 'maybe', '--reason', 'x'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--player-cancels must be on or off');
    const noReason = await ops(['compliance-set', '--site', 'slot2.localhost', '--minimum-age', '19'], env);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason is required');
  }, SLOW);
});
