/**
 * Identity verification (issue 25 §4, ADR 0040): players upload documents (checked and encoded
 * again like receipts), operators review them with a reason the player sees, the level follows the
 * latest document of each kind, and the site's rules say which level a withdrawal needs. An
 * approved identity document's number also matches the same person's accounts for a self-exclusion.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { kycStatusReply, kycUploadReply, OPERATOR_CALLS } from '@wl/contracts';
import { queryRows, type Db } from '../../src/db/client.js';
import { kycDocuments, payments } from '../../src/db/schema.js';
import { kycWithdrawalRefusal } from '../../src/compliance/index.js';
import { backends, createTestServer, type TestServer } from './helpers.js';
import { credentials, expectReply, newPlayer, post as postCall, type TestSession } from './rewards-fixtures.js';
import { operatorKey, opsCall } from './banking-fixtures.js';

const KYC = { status: '/api/kyc/status', upload: '/api/kyc/upload' } as const;
const OPS = {
  pending: OPERATOR_CALLS.opsKycPending.path,
  image: OPERATOR_CALLS.opsKycImage.path,
  review: OPERATOR_CALLS.opsKycReview.path,
  compliance: OPERATOR_CALLS.opsCompliance.path,
  set: OPERATOR_CALLS.opsComplianceSet.path,
} as const;

const png = (width: number, height: number, background = '#c82a5a') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

describe.each(backends)('identity verification on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let key: string;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    key = await operatorKey(db, 'kyc-admin');
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);
  const ops = (path: string, payload: unknown, as = key) => opsCall(server.app, path, as, payload);

  async function upload(player: TestSession, kind: string, bytes?: Buffer, contentType = 'image/png') {
    return post(KYC.upload, { ...credentials(player), kind, content_type: contentType, data: (bytes ?? (await png(40, 30))).toString('base64') });
  }
  async function uploaded(player: TestSession, kind: string): Promise<number> {
    const { body } = await upload(player, kind);
    return expectReply(kycUploadReply, body).document.document_id;
  }
  const status = async (player: TestSession) => expectReply(kycStatusReply, (await post(KYC.status, credentials(player))).body);
  const review = (documentId: number, decision: 'approve' | 'reject', extra: Record<string, unknown> = {}, as = key) =>
    ops(OPS.review, { document_id: documentId, decision, reason: decision === 'approve' ? 'Clear and matching' : 'Blurred: upload a sharper photo', ...extra }, as);

  it('stores an upload pending review, encoded again: EXIF and appended bytes are gone; the body may be larger than the usual limit', async () => {
    const me = await newPlayer(db, 'casino1');
    const secret = 'GPS 14.5995N 120.9842E by phone SN-0042';
    const withExif = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#cc3366' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: secret } })
      .toBuffer();
    expect(withExif.includes(secret)).toBe(true);
    const { status: http, body } = await upload(me, 'identity', Buffer.concat([withExif, Buffer.from('TRAILING-PAYLOAD')]), 'image/jpeg');
    expect(http).toBe(200);
    const document = expectReply(kycUploadReply, body).document;
    expect(document).toMatchObject({ kind: 'identity', status: 'pending', reason: '', reviewed_at: null });
    const [stored] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, document.document_id));
    const kept = Buffer.from(stored!.data);
    expect(kept.includes(secret)).toBe(false);
    expect(kept.includes('TRAILING-PAYLOAD')).toBe(false);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect(stored).toMatchObject({ siteId: me.siteId, playerId: me.playerId, contentType: 'image/jpeg', width: 16, height: 12, documentNumber: null });

    // A noisy image of a few hundred KiB: over the app's usual body limit, within the upload's.
    const noise = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.toString('base64').length).toBeGreaterThan(128 * 1024);
    expect((await upload(me, 'address', noise)).body).toMatchObject({ statusCode: 1 });
  });

  it('refuses what is not an image of the declared type (invalidImage) and bad fields (validationError)', async () => {
    const me = await newPlayer(db, 'casino1');
    expect((await upload(me, 'identity', Buffer.from('%PDF-1.4 not an image at all'))).body).toEqual({ statusCode: 0, message: 'invalidImage' });
    expect((await upload(me, 'identity', await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).jpeg().toBuffer(), 'image/png')).body).toEqual({
      statusCode: 0,
      message: 'invalidImage',
    });
    expect((await upload(me, 'passport')).body).toMatchObject({ statusCode: 0, message: 'validationError', errors: { kind: ['invalidValue'] } });
    expect((await status(me)).documents).toEqual([]);
  });

  it("a player sees only their own documents; another player's session cannot be borrowed", async () => {
    const me = await newPlayer(db, 'casino1');
    const other = await newPlayer(db, 'casino1');
    await uploaded(other, 'identity');
    expect((await status(me)).documents).toEqual([]);
    expect((await post(KYC.status, { account_id: other.account_id, auth: me.auth })).body).toMatchObject({ statusCode: 0, message: 'permissionDenied' });
    expect((await status(other)).documents).toHaveLength(1);
  });

  it('levels follow the latest document of each kind; a rejection carries its reason to the player; decisions are audited once', async () => {
    const me = await newPlayer(db, 'casino1');
    const identity = await uploaded(me, 'identity');
    const selfie = await uploaded(me, 'selfie');

    // Oldest first in the queue, with the player named.
    const pending = (await ops(OPS.pending, { site: 'casino1.localhost', page_size: 100 })).body;
    expect(pending, JSON.stringify(pending)).toMatchObject({ statusCode: 1 });
    const queue = (pending.value as { document_id: number; account_id: string }[]).filter((row) => row.account_id === me.account_id).map((row) => row.document_id);
    expect(queue).toEqual([identity, selfie]);

    // An identity document needs its number to be approved.
    expect((await review(identity, 'approve')).body).toEqual({ statusCode: 0, message: 'validationError', errors: { document_number: ['required'] } });
    const approved = await review(identity, 'approve', { document_number: ' ab-12 345 67 ' });
    expect(approved.body, JSON.stringify(approved.body)).toMatchObject({
      statusCode: 1,
      level: 'none',
      document: { document_id: identity, status: 'approved', document_number: 'AB1234567', reviewed_by: 'operator:kyc-admin', account_id: me.account_id, site: 'casino1' },
    });
    expect((await review(identity, 'reject')).body).toEqual({ statusCode: 0, message: 'notPending' });

    const rejected = await review(selfie, 'reject');
    expect(rejected.body).toMatchObject({ statusCode: 1, level: 'none', document: { status: 'rejected', reason: 'Blurred: upload a sharper photo' } });
    let mine = await status(me);
    expect(mine.level).toBe('none');
    expect(mine.documents.map((row) => [row.document_id, row.status, row.reason])).toEqual([
      [selfie, 'rejected', 'Blurred: upload a sharper photo'],
      [identity, 'approved', 'Clear and matching'],
    ]);

    const selfieAgain = await uploaded(me, 'selfie');
    expect((await review(selfieAgain, 'approve')).body).toMatchObject({ statusCode: 1, level: 'identity' });
    const address = await uploaded(me, 'address');
    expect((await status(me)).level).toBe('identity');
    expect((await review(address, 'approve')).body).toMatchObject({ statusCode: 1, level: 'full' });
    mine = await status(me);
    expect(mine.level).toBe('full');
    expect(mine.documents[0]!.document_id).toBe(address);

    // A new identity upload replaces the approved one until it is approved in its turn.
    await uploaded(me, 'identity');
    expect((await status(me)).level).toBe('none');

    const audit = await queryRows<{ action: string; target_id: string; reason: string; actor: string }>(
      db,
      sql`select action, target_id, reason, actor from operator_audit where target_type = 'kyc_document' and target_id in (${String(identity)}, ${String(selfie)}) order by id`,
    );
    expect(audit).toEqual([
      { action: 'kyc.approve', target_id: String(identity), reason: 'Clear and matching', actor: 'operator:kyc-admin' },
      { action: 'kyc.reject', target_id: String(selfie), reason: 'Blurred: upload a sharper photo', actor: 'operator:kyc-admin' },
    ]);
  });

  it("the image reaches the operator re-encoded and audited; a site-scoped key neither sees nor reviews another site's documents", async () => {
    const me = await newPlayer(db, 'casino1');
    const image = await png(24, 18);
    const { body } = await upload(me, 'selfie', image);
    const documentId = expectReply(kycUploadReply, body).document.document_id;
    const shown = (await ops(OPS.image, { document_id: documentId })).body;
    expect(shown).toMatchObject({ statusCode: 1, content_type: 'image/png', width: 24, height: 18, document: { document_id: documentId, account_id: me.account_id } });
    expect((await sharp(Buffer.from(shown.data as string, 'base64')).raw().toBuffer()).equals(await sharp(image).raw().toBuffer())).toBe(true);
    const [view] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from operator_audit where action = 'kyc.image.view' and target_id = ${String(documentId)}`);
    expect(view!.n).toBe(1);

    const [slot2] = await queryRows<{ id: number }>(db, sql`select id from sites where external_id = 'slot2'`);
    const scoped = await operatorKey(db, 'kyc-slot2', slot2!.id);
    expect((await review(documentId, 'approve', {}, scoped)).body).toEqual({ statusCode: 0, message: 'notFound' });
    expect((await ops(OPS.image, { document_id: documentId }, scoped)).body).toEqual({ statusCode: 0, message: 'notFound' });
    expect((await ops(OPS.pending, { site: 'casino1.localhost' }, scoped)).body).toEqual({ statusCode: 0, message: 'permissionDenied' });
    const own = (await ops(OPS.pending, { page_size: 100 }, scoped)).body;
    expect(own).toMatchObject({ statusCode: 1 });
    expect((own.value as { site: string }[]).every((row) => row.site === 'slot2')).toBe(true);
    expect(await queryRows(db, sql`select status from kyc_documents where id = ${documentId}`)).toEqual([{ status: 'pending' }]);
    const [refused] = await queryRows<{ reason: string }>(db, sql`select reason from operator_audit where action = 'call.refused' and target_id = 'opsKycReview' order by id desc limit 1`);
    expect(refused!.reason).toBe('notFound');
  });

  it("the site's rules say which level a withdrawal needs: before the first one, and above a withdrawn total", async () => {
    const site = 'slot5.localhost';
    const me = await newPlayer(db, 'slot5');
    expect(await status(me)).toMatchObject({ level: 'none', withdrawal_level: 'none', missing: [] });
    expect(await kycWithdrawalRefusal(db, me.siteId, me.playerId, '100')).toBeNull();

    const set = await ops(OPS.set, { site, kyc_before_first_withdrawal: true, kyc_withdrawals_above: '1000', reason: 'Licence conditions' });
    expect(set.body, JSON.stringify(set.body)).toMatchObject({ statusCode: 1, kyc_before_first_withdrawal: true, kyc_withdrawals_above: '1000', kyc_level: 'identity', minimum_age: 18 });
    expect(await status(me)).toMatchObject({ withdrawal_level: 'identity', missing: ['identity', 'selfie'] });
    expect(await kycWithdrawalRefusal(db, me.siteId, me.playerId, '100')).toEqual({ level: 'identity', missing: ['identity', 'selfie'] });

    const identity = await uploaded(me, 'identity');
    // Waiting for review: nothing more to upload, but not verified yet.
    expect(await kycWithdrawalRefusal(db, me.siteId, me.playerId, '100')).toEqual({ level: 'identity', missing: ['selfie'] });
    await review(identity, 'approve', { document_number: 'P1234567' });
    await review(await uploaded(me, 'selfie'), 'approve');
    expect(await kycWithdrawalRefusal(db, me.siteId, me.playerId, '100')).toBeNull();

    // A player with a withdrawal already paid, unverified, under the threshold: no check; over it: full when the site asks full.
    const other = await newPlayer(db, 'slot5');
    await db.insert(payments).values({ siteId: other.siteId, playerId: other.playerId, kind: 'withdrawal', amount: '600', status: 'approved', reference: `WD-T${other.playerId}` } as typeof payments.$inferInsert);
    expect(await kycWithdrawalRefusal(db, other.siteId, other.playerId, '400')).toBeNull();
    expect(await kycWithdrawalRefusal(db, other.siteId, other.playerId, '400.0001')).toEqual({ level: 'identity', missing: ['identity', 'selfie'] });
    await ops(OPS.set, { site, kyc_level: 'full', reason: 'Stricter' });
    expect(await kycWithdrawalRefusal(db, other.siteId, other.playerId, '500')).toEqual({ level: 'full', missing: ['identity', 'selfie', 'address'] });
    expect(await kycWithdrawalRefusal(db, me.siteId, me.playerId, '100')).toEqual({ level: 'full', missing: ['address'] });
  });

  it('a change of some rules keeps the others (the AML rules too), is audited, and reads back', async () => {
    const site = 'sportsbook1.localhost';
    const before = (await ops(OPS.compliance, { site })).body;
    expect(before).toMatchObject({ statusCode: 1, minimum_age: 18, player_cancels_withdrawals: true });
    const aml = before.aml as Record<string, unknown>;
    const first = await ops(OPS.set, { site, aml: { large_deposit: { above: '75000' } }, reason: 'AML threshold' });
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ statusCode: 1, aml: { ...aml, large_deposit: { above: '75000' } } });
    const second = await ops(OPS.set, { site, player_cancels_withdrawals: false, aml: { shared_device: false }, reason: 'Market rules' });
    const after = { statusCode: 1, player_cancels_withdrawals: false, minimum_age: 18, aml: { ...aml, large_deposit: { above: '75000' }, shared_device: false } };
    expect(second.body).toMatchObject(after);
    expect((await ops(OPS.compliance, { site })).body).toEqual({ ...before, ...after });
    const audit = await queryRows<{ reason: string }>(db, sql`select reason from operator_audit where action = 'compliance.set' and target_type = 'site' order by id`);
    expect(audit.map((row) => row.reason)).toEqual(expect.arrayContaining(['AML threshold', 'Market rules']));
    expect((await ops(OPS.compliance, { site: 'nowhere.localhost' })).body).toEqual({ statusCode: 0, message: 'siteNotFound' });
  });

  it(`at most 20 uploads a day per player (tooManyRequests)`, async () => {
    const me = await newPlayer(db, 'casino1');
    const first = await uploaded(me, 'address');
    await db.execute(
      sql`insert into kyc_documents (site_id, player_id, kind, content_type, size, width, height, sha256, data)
          select site_id, player_id, kind, content_type, size, width, height, sha256, data from kyc_documents, generate_series(1, 19) where id = ${first}`,
    );
    expect((await upload(me, 'address')).body).toEqual({ statusCode: 0, message: 'tooManyRequests' });
  });

  it('an approved identity number matches the same person on the owner\'s other sites for a self-exclusion, both ways', async () => {
    // A is self-excluded on casino1; B (slot2, other phone and email) is then verified with the same document.
    const a = await newPlayer(db, 'casino1');
    await review(await uploaded(a, 'identity'), 'approve', { document_number: 'X-7654321' });
    expect((await post('/api/responsible/self_exclude', { ...credentials(a), period: '6m' })).body).toMatchObject({ statusCode: 1, kind: 'exclusion' });
    const b = await newPlayer(db, 'slot2');
    expect((await post('/api/auth/get_balance', credentials(b))).body).toMatchObject({ statusCode: 1 });
    const approved = await review(await uploaded(b, 'identity'), 'approve', { document_number: 'x 7654321' });
    expect(approved.body).toMatchObject({ statusCode: 1 });
    expect((await post('/api/auth/get_balance', credentials(b))).body).toMatchObject({ statusCode: 0, message: 'sessionExpired' });
    expect(await queryRows(db, sql`select kind, period from player_exclusions where player_id = ${b.playerId}`)).toEqual([{ kind: 'exclusion', period: '6m' }]);

    // C and D verified with one document first; C's time-out then covers D too.
    const c = await newPlayer(db, 'slot5');
    const d = await newPlayer(db, 'casino1');
    await review(await uploaded(c, 'identity'), 'approve', { document_number: 'Y0000777' });
    await review(await uploaded(d, 'identity'), 'approve', { document_number: 'Y0000777' });
    expect((await post('/api/responsible/self_exclude', { ...credentials(c), period: '24h' })).body).toMatchObject({ statusCode: 1, kind: 'timeout' });
    expect((await post('/api/auth/get_balance', credentials(d))).body).toMatchObject({ statusCode: 0, message: 'sessionExpired' });
    expect(await queryRows(db, sql`select kind from player_exclusions where player_id = ${d.playerId}`)).toEqual([{ kind: 'timeout' }]);

    // A rejected or pending identity document matches nobody.
    const e = await newPlayer(db, 'slot2');
    await review(await uploaded(e, 'identity'), 'reject');
    expect(await queryRows(db, sql`select kind from player_exclusions where player_id = ${e.playerId}`)).toEqual([]);
  });
});
