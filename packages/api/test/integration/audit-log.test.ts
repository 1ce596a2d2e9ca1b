/**
 * The back office's audit log and exports (issue 26 §2 Audit log and Reports, ADR 0048): opsAudit's
 * filters each narrow the log; an actor reads only its sites' entries, in the list and in the CSV;
 * the CSV is RFC 4180 and safe to open in a spreadsheet; a role without audit.view is refused; the
 * exports themselves are audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_AUTH_CALLS, AUDIT_EXPORT_PATH, OPERATOR_CALLS, REPORT_EXPORT_PATH, opsAuditReply, type OperatorRole } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { brandOwners, operatorAudit, operators } from '../../src/db/schema.js';
import { createOperatorAccount } from '../../src/backoffice/index.js';
import { csvCell, csvDocument } from '../../src/shared/csv.js';
import { hashToken } from '../../src/shared/hash-token.js';
import { backends, createTestServer, postJson, siteIdOf, type TestServer } from './helpers.js';
import { operatorKey } from './banking-fixtures.js';
import { expectReply } from './rewards-fixtures.js';

/** Splits an RFC 4180 document into records of fields (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const character = text[i]!;
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += character;
  }
  if (field !== '' || record.length > 0) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}

describe('the CSV writer', () => {
  it('quotes per RFC 4180 and neutralises formulas, leaving plain numbers alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}SUM(A1:A9)`).startsWith(`'${start}`) || csvCell(`${start}SUM(A1:A9)`).startsWith(`"'${start}`)).toBe(true);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    // Amounts stay numbers.
    expect(csvCell('-12.5000')).toBe('-12.5000');
    expect(csvCell('-7')).toBe('-7');
    expect(csvDocument(['a', 'b'], [['1', '=2']])).toBe("\uFEFFa,b\r\n1,'=2\r\n");
  });
});

describe.each(backends)('the audit log and its CSV export on %s', { timeout: 120_000 }, (backend) => {
  let server: TestServer;
  let db: Db;
  let rootKey: string;
  let casino1Key: string;
  let casino1: number;
  let slot2: number;
  const keys = {} as Record<'wideViewer' | 'casino1Viewer' | 'content', string>;
  let wideViewerId = 0;
  let accounts = 0;

  /** A back-office account of the demo brand owner and a key made for it (acting as it): answers the key and the account's id. */
  async function accountKey(role: OperatorRole, siteIds: number[] | null): Promise<{ key: string; id: number }> {
    const [owner] = await db.select({ id: brandOwners.id }).from(brandOwners).orderBy(brandOwners.id).limit(1);
    const username = `audit${++accounts}${backend}`;
    const created = await createOperatorAccount(db, { brandOwnerId: owner!.id, username, password: 'right-pass-1', role, siteIds, createdBy: 'test' });
    if (!created.ok) throw new Error(created.message);
    const key = `wlop_${'a'.repeat(20)}${accounts}${backend}`;
    await db.insert(operators).values({ name: `key-of-${username}`, keyHash: hashToken(key), accountId: created.id });
    return { key, id: created.id };
  }

  const at = (iso: string) => new Date(iso);

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    casino1 = await siteIdOf(db, 'casino1');
    slot2 = await siteIdOf(db, 'slot2');
    rootKey = await operatorKey(db, `audit-root-${backend}`);
    casino1Key = await operatorKey(db, `audit-casino1-${backend}`, casino1);
    const wide = await accountKey('viewer', null);
    keys.wideViewer = wide.key;
    wideViewerId = wide.id;
    keys.casino1Viewer = (await accountKey('viewer', [casino1])).key;
    keys.content = (await accountKey('content', null)).key;

    // Five entries in March 2020, away from everything the tests themselves write (today).
    await db.insert(operatorAudit).values([
      {
        actor: 'console:alice-x',
        action: 'deposit.approve',
        targetType: 'payment',
        targetId: '101',
        siteId: casino1,
        reason: '=HYPERLINK("http://evil.example","click")',
        details: { before: { status: 'pending' }, after: { status: 'approved' } },
        createdAt: at('2020-03-01T10:00:00Z'),
      },
      { actor: 'operator:bot-x', action: 'deposit.reject', targetType: 'payment', targetId: '102', siteId: casino1, reason: 'Bad "receipt", sorry\nsee notes', createdAt: at('2020-03-02T10:00:00Z') },
      { actor: 'console:alice-x', action: 'withdrawal.approve', targetType: 'payment', targetId: '103', siteId: slot2, reason: 'Paid', createdAt: at('2020-03-03T10:00:00Z') },
      { actor: 'cli:carol-x', action: 'balance.adjust', targetType: 'player', targetId: 'P1', siteId: casino1, reason: '-1+2', details: { amount: '-5.00' }, createdAt: at('2020-03-04T10:00:00Z') },
      {
        actor: 'console:alice-x',
        accountId: wideViewerId,
        action: 'call.refused',
        targetType: 'call',
        targetId: 'opsAdjust',
        siteId: null,
        reason: 'permissionDenied',
        createdAt: at('2020-03-04T12:00:00Z'),
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const MARCH = { from: '2020-03-01', to: '2020-03-05' };

  async function audit(payload: Record<string, unknown>, key = rootKey) {
    const { response, body } = await postJson(server.app, OPERATOR_CALLS.opsAudit.path, payload, { headers: { authorization: `Bearer ${key}` } });
    return { status: response.statusCode, body };
  }
  const targets = async (payload: Record<string, unknown>, key = rootKey) => {
    const reply = expectReply(opsAuditReply, (await audit({ ...MARCH, page_size: 100, ...payload }, key)).body);
    expect(reply.total).toBe(reply.value.length);
    return reply.value.map((entry) => entry.target_id);
  };
  const download = (path: string, query: Record<string, string>, headers: Record<string, string> = { authorization: `Bearer ${rootKey}` }) =>
    server.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query).toString()}`, headers });

  it('keeps the payload of old: no filters is every entry, newest first, paged', async () => {
    const all = expectReply(opsAuditReply, (await audit({ page_size: 2 })).body);
    expect(all.value).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(Date.parse(all.value[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(all.value[1]!.created_at));
    expect(await targets({})).toEqual(['opsAdjust', 'P1', '103', '102', '101']);
    const second = expectReply(opsAuditReply, (await audit({ ...MARCH, page: 2, page_size: 2 })).body);
    expect(second.value.map((entry) => entry.target_id)).toEqual(['103', '102']);
    const first = (await audit({ ...MARCH, page_size: 1 })).body as { value: { details: unknown; site: string | null }[] };
    expect(first.value[0]).toMatchObject({ site: null, details: {} });
  });

  it('narrows by actor: a whole label, or a bare name under any prefix, never a part of one', async () => {
    expect(await targets({ actor: 'alice-x' })).toEqual(['opsAdjust', '103', '101']);
    expect(await targets({ actor: 'console:alice-x' })).toEqual(['opsAdjust', '103', '101']);
    expect(await targets({ actor: 'operator:alice-x' })).toEqual([]);
    expect(await targets({ actor: 'Operator:Bot-X' })).toEqual(['102']);
    expect(await targets({ actor: 'bot' })).toEqual([]);
    expect(await targets({ actor: '%' })).toEqual([]);
  });

  it('narrows by action, exact or by a prefix ending with a dot', async () => {
    expect(await targets({ action: 'deposit.' })).toEqual(['102', '101']);
    expect(await targets({ action: 'deposit.approve' })).toEqual(['101']);
    expect(await targets({ action: 'deposit' })).toEqual([]);
    expect(await targets({ action: '_eposit.' })).toEqual([]);
  });

  it('narrows by target type and id, and by site', async () => {
    expect(await targets({ target_type: 'player' })).toEqual(['P1']);
    expect(await targets({ target_id: '102' })).toEqual(['102']);
    expect(await targets({ target_type: 'payment', target_id: 'P1' })).toEqual([]);
    expect(await targets({ site: 'casino1.localhost' })).toEqual(['P1', '102', '101']);
    expect(await targets({ site: 'slot2.localhost', actor: 'alice-x' })).toEqual(['103']);
    expect((await audit({ site: 'nowhere.localhost' })).body).toMatchObject({ message: 'siteNotFound' });
  });

  it('narrows by days (UTC, the last one included) and by instants (the end excluded), and refuses a range that ends before it starts', async () => {
    expect(await targets({ from: '2020-03-02', to: '2020-03-03' })).toEqual(['103', '102']);
    expect(await targets({ from: '2020-03-04', to: '2020-03-04' })).toEqual(['opsAdjust', 'P1']);
    expect(await targets({ from: '2020-03-02T10:00:00Z', to: '2020-03-02T10:00:00.001Z' })).toEqual(['102']);
    expect(await targets({ from: '2020-03-02T18:00:00+08:00', to: '2020-03-03T18:00:01+08:00' })).toEqual(['103', '102']);
    expect(await targets({ from: undefined, to: '2020-03-01' })).toEqual(['101']);
    for (const [payload, field] of [
      [{ from: '2020-03-05', to: '2020-03-01' }, 'to'],
      [{ from: '2020-02-30' }, 'from'],
      [{ to: 'yesterday' }, 'to'],
      [{ action: '' }, 'action'],
      [{ actor: 'x'.repeat(121) }, 'actor'],
    ] as const) {
      const refused = await audit(payload);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: 'validationError', errors: { [field]: [expect.any(String)] } });
    }
  });

  it('keeps an actor to its sites: a site key and a site-scoped account see none of another site, nor entries without a site', async () => {
    for (const key of [casino1Key, keys.casino1Viewer]) {
      expect(await targets({}, key)).toEqual(['P1', '102', '101']);
      expect(await targets({ actor: 'alice-x' }, key)).toEqual(['101']);
      expect((await audit({ site: 'slot2.localhost' }, key)).body).toMatchObject({ message: 'permissionDenied' });
    }
    // An account of every site of its brand owner also reads its brand owner's accounts' entries without a site.
    expect(await targets({}, keys.wideViewer)).toEqual(['opsAdjust', 'P1', '103', '102', '101']);
    // In the CSV too.
    const csv = await download(AUDIT_EXPORT_PATH, MARCH, { authorization: `Bearer ${casino1Key}` });
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows.slice(1).map((row) => row[5])).toEqual(['P1', '102', '101']);
    expect(csv.body).not.toContain('slot2');
    const refused = await download(AUDIT_EXPORT_PATH, { site: 'slot2.localhost' }, { authorization: `Bearer ${casino1Key}` });
    expect([refused.statusCode, refused.json()]).toEqual([403, { statusCode: 0, message: 'permissionDenied' }]);
  });

  it('refuses the log and its export to a role without audit.view (audited), which may still export reports', async () => {
    expect(await audit({}, keys.content)).toMatchObject({ status: 403, body: { message: 'permissionDenied' } });
    const before = await countAudit('call.refused', 'auditExport');
    const csv = await download(AUDIT_EXPORT_PATH, {}, { authorization: `Bearer ${keys.content}` });
    expect([csv.statusCode, csv.json()]).toEqual([403, { statusCode: 0, message: 'permissionDenied' }]);
    expect(await countAudit('call.refused', 'auditExport')).toBe(before + 1);
    expect((await download(REPORT_EXPORT_PATH, { site: 'casino1.localhost', from: '2020-03-01', to: '2020-03-02' }, { authorization: `Bearer ${keys.content}` })).statusCode).toBe(200);
    // No key, a wrong one: invalidApiKey, the failure audited.
    expect((await download(AUDIT_EXPORT_PATH, {}, {})).statusCode).toBe(401);
    expect((await download(AUDIT_EXPORT_PATH, {}, { authorization: 'Bearer wlop_nothing_like_a_key_at_all' })).json()).toMatchObject({ message: 'invalidApiKey' });
  });

  it('exports every matching entry as RFC 4180 CSV, formulas neutralised, and audits the export', async () => {
    const csv = await download(AUDIT_EXPORT_PATH, { ...MARCH, site: 'casino1.localhost' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{8}-\d{4}\.csv"$/);
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body.startsWith('\uFEFFaudit_id,created_at,actor,action,target_type,target_id,site,reason,details\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(csv.body.slice(1));
    expect(header).toHaveLength(9);
    expect(rows.map((row) => [row[2], row[3], row[5], row[6]])).toEqual([
      ['cli:carol-x', 'balance.adjust', 'P1', 'casino1'],
      ['operator:bot-x', 'deposit.reject', '102', 'casino1'],
      ['console:alice-x', 'deposit.approve', '101', 'casino1'],
    ]);
    expect(rows[0]![7]).toBe("'-1+2");
    expect(rows[1]![7]).toBe('Bad "receipt", sorry\nsee notes');
    expect(rows[2]![7]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(JSON.parse(rows[2]![8]!)).toEqual({ before: { status: 'pending' }, after: { status: 'approved' } });
    expect(rows[2]![1]).toBe('2020-03-01T10:00:00.000Z');
    // The raw text: the formula's cell begins with the apostrophe inside its quotes.
    expect(csv.body).toContain(',"\'=HYPERLINK(""http://evil.example"",""click"")",');

    const [exported] = await db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'audit.export'), eq(operatorAudit.actor, `operator:audit-root-${backend}`)))
      .orderBy(sql`${operatorAudit.id} desc`)
      .limit(1);
    expect(exported).toMatchObject({ siteId: casino1, targetType: 'audit_log', details: { rows: 3, filters: { ...MARCH, site: 'casino1.localhost' } } });

    const invalid = await download(AUDIT_EXPORT_PATH, { from: '2020-03-05', to: '2020-03-01', surprise: '1' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: 'validationError', errors: { to: ['invalidValue'], surprise: ['unknownField'] } });
  });

  it('streams more entries than one batch, each once, newest first', async () => {
    const many = Array.from({ length: 1203 }, (_, i) => ({
      actor: 'cli:bulk',
      action: 'bulk.test',
      targetType: 'bulk',
      targetId: String(i),
      siteId: casino1,
      createdAt: new Date(Date.UTC(2019, 0, 1) + Math.floor(i / 3) * 1000),
    }));
    for (let i = 0; i < many.length; i += 400) await db.insert(operatorAudit).values(many.slice(i, i + 400));
    const csv = await download(AUDIT_EXPORT_PATH, { action: 'bulk.test', from: '2019-01-01', to: '2019-01-02' });
    const rows = parseCsv(csv.body.slice(1)).slice(1);
    expect(rows).toHaveLength(1203);
    const ids = rows.map((row) => Number(row[0]));
    expect(new Set(ids).size).toBe(1203);
    const times = rows.map((row) => Date.parse(row[1]!));
    expect(times.every((time, i) => i === 0 || time < times[i - 1]! || (time === times[i - 1]! && ids[i]! < ids[i - 1]!))).toBe(true);
  });

  it('works with the console session from a page of this origin, never from another site', async () => {
    const headers = { host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' };
    const login = await postJson(server.app, ADMIN_AUTH_CALLS.login.path, { username: 'owner', password: 'demo1234' }, { headers });
    const setCookie = login.response.headers['set-cookie'];
    const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
    expect((await postJson(server.app, ADMIN_AUTH_CALLS.skipEnrol.path, {}, { headers: { ...headers, cookie } })).body).toMatchObject({ statusCode: 1 });
    // A download link: a GET navigation of the same origin (no Origin header).
    const mine = await download(AUDIT_EXPORT_PATH, { ...MARCH, site: 'casino1.localhost' }, { host: 'localhost:3000', 'sec-fetch-site': 'same-origin', cookie });
    expect(mine.statusCode).toBe(200);
    expect(parseCsv(mine.body.slice(1))).toHaveLength(4);
    const [exported] = await db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'audit.export'), eq(operatorAudit.actor, 'console:owner')))
      .limit(1);
    expect(exported?.accountId).toEqual(expect.any(Number));
    const elsewhere = await download(AUDIT_EXPORT_PATH, MARCH, { host: 'localhost:3000', 'sec-fetch-site': 'cross-site', cookie });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('exports the ledger report of a site as CSV, a row per day and the totals, audited, within the actor’s sites', async () => {
    const csv = await download(REPORT_EXPORT_PATH, { site: 'casino1.localhost', from: '2020-03-01', to: '2020-03-03' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="report-casino1-2020-03-01-2020-03-03.csv"');
    const rows = parseCsv(csv.body.slice(1));
    expect(rows[0]).toEqual(['date', 'currency', 'deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'adjustments', 'active_players', 'new_players', 'first_depositors']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['2020-03-01', '2020-03-02', '2020-03-03', 'total']);
    expect(rows[4]!.slice(2, 10).every((amount) => /^-?\d+\.\d+$/.test(amount))).toBe(true);
    expect(await countAudit('report.export', 'csv')).toBeGreaterThanOrEqual(1);
    expect((await download(REPORT_EXPORT_PATH, { site: 'slot2.localhost' }, { authorization: `Bearer ${casino1Key}` })).statusCode).toBe(403);
    expect((await download(REPORT_EXPORT_PATH, {})).json()).toMatchObject({ message: 'validationError', errors: { site: ['required'] } });
  });

  async function countAudit(action: string, targetId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, action), eq(operatorAudit.targetId, targetId)));
    return row!.n;
  }
});
