/**
 * `npm run ops -- site apply|export` (issue 26 §3, ADR 0043), in this process: the example files of
 * examples/sites/ create their sites (the full one with its SVG logo beside it), an export writes
 * the definition and its logo back, and that file applied again changes nothing; the same commands
 * work through a running server (OPS_URL and OPS_KEY), the logos travelling in the payload.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { operatorAudit, sites } from '../../src/db/schema.js';
import { backends, createTestServer, postJson, type Backend } from './helpers.js';
import { operatorKey } from './banking-fixtures.js';
import { SLOW, cliDatabase, opsInProcess, withCliDatabase } from './cli-fixtures.js';

const EXAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../examples/sites');

describe.each(backends)('npm run ops: site apply and export on %s', (backend: Backend) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let out: string;
  const withDatabase = <T>(fn: (database: Database) => Promise<T>) => withCliDatabase(backend, env, fn);
  const ops = (args: string[], extra: Record<string, string> = {}) => opsInProcess(args, { ...env, ...extra });

  beforeAll(async () => {
    ({ env, cleanup } = await cliDatabase(backend, 'wl-site-cli-'));
    out = mkdtempSync(path.join(tmpdir(), 'wl-site-export-'));
  }, SLOW);
  afterAll(async () => {
    await cleanup?.();
    rmSync(out, { recursive: true, force: true });
  });

  it('applies the example files, exports one with its logo, and the export applied again changes nothing', async () => {
    const minimal = await ops(['site', 'apply', path.join(EXAMPLES, 'minimal.yaml')]);
    expect(minimal.code, minimal.stderr).toBe(0);
    expect(minimal.stdout).toContain('Site harbour created; it answers at harbour.localhost');
    const full = await ops(['site', 'apply', path.join(EXAMPLES, 'full.yaml'), '--reason', 'Launch of Lucky Lotus']);
    expect(full.code, full.stderr).toBe(0);
    expect(full.stdout).toContain('Site lotus created; it answers at lotus.localhost, www.lotus.localhost');

    const file = path.join(out, 'lotus.yaml');
    const exported = await ops(['site', 'export', 'lotus.localhost', '--out', file]);
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('site_name: Lucky Lotus');
    expect(text).toContain('logo2: lotus-mark.svg');
    expect(text).toContain('min_deposit: "50"');
    expect(text).toContain('account_number: 5140 1234 5678');
    expect(text).toContain('partner_name: Pragmatic Play');
    expect(text).toContain('href: /promotions');
    expect(text).toContain('name: "@luckylotus"');
    expect(readFileSync(path.join(out, 'lotus-mark.svg'), 'utf8')).toContain('<svg');

    const again = await ops(['site', 'apply', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Site lotus updated');
    const second = path.join(out, 'second.yaml');
    expect((await ops(['site', 'export', 'lotus.localhost', '--out', second])).code).toBe(0);
    expect(readFileSync(second, 'utf8')).toBe(text);
    // JSON for a .json name; printed without --out.
    expect((await ops(['site', 'export', 'harbour.localhost', '--out', path.join(out, 'harbour.json')])).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(out, 'harbour.json'), 'utf8'))).toMatchObject({ external_id: 'harbour', time_zone: 'Asia/Manila', languages: ['EN', 'PHP'] });
    const printed = await ops(['site', 'export', 'harbour.localhost']);
    expect(printed.stdout).toContain('external_id: harbour');

    await withDatabase(async ({ db }) => {
      const [lotus] = await db.select().from(sites).where(eq(sites.externalId, 'lotus'));
      expect(lotus).toMatchObject({ themeCode: 'slot8', themeColor: 'lotus', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur' });
      const audits = await db.select().from(operatorAudit).where(eq(operatorAudit.action, 'site.apply'));
      expect(audits.map((audit) => [audit.actor, audit.reason])).toEqual([
        ['cli:tester', 'Applied minimal.yaml'],
        ['cli:tester', 'Launch of Lucky Lotus'],
        ['cli:tester', 'Applied lotus.yaml'],
      ]);
    });
  });

  it('refuses a file with a wrong field by name, a missing file, and a wrong subcommand', async () => {
    const bad = path.join(out, 'bad.yaml');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(bad, 'site_name: Bad\ndomains: [bad.localhost]\nexternal_id: bad\ntheme_code: casino1\ntheme_color: ocean\ncurrency: PHP\n');
    const refused = await ops(['site', 'apply', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('definition.theme_color');
    expect((await ops(['site', 'apply', path.join(out, 'absent.yaml')])).stderr).toContain('No such file');
    expect((await ops(['site', 'remove', 'x'])).code).toBe(2);
    expect(existsSync(path.join(out, 'absent.yaml'))).toBe(false);
  });

  it('works through a running server (OPS_URL), the logo files travelling in the payload', async () => {
    const server = await createTestServer({ backend });
    try {
      const key = await operatorKey(server.database.db, `site-cli-${backend}`);
      const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const remote = { OPS_URL: url, OPS_KEY: key };
      const applied = await ops(['site', 'apply', path.join(EXAMPLES, 'full.yaml')], remote);
      expect(applied.code, applied.stderr).toBe(0);
      expect(applied.stdout).toContain('Site lotus created');
      const startup = await postJson(server.app, '/api/startup', { domain_name: 'www.lotus.localhost' });
      expect(startup.body).toMatchObject({ statusCode: 1, site: { site_name: 'Lucky Lotus', theme_color: 'lotus' } });
      const logo = await server.app.inject({ method: 'GET', url: (startup.body.site as { logo2: string }).logo2 });
      expect(logo.statusCode).toBe(200);
      const file = path.join(out, 'remote', 'lotus.yaml');
      expect((await ops(['site', 'export', 'lotus.localhost', '--out', file], remote)).code).toBe(0);
      expect(existsSync(path.join(out, 'remote', 'lotus-mark.svg'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});
