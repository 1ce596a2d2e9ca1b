/**
 * The operator's inbox messages (issue 25 §3, ADR 0042): ops/inbox/send writes one message per
 * player and campaign to named accounts or a segment of a site; a player under a time-out or
 * self-exclusion on any of the owner's sites (matched by phone or email), and a blocked or closed
 * account, gets no marketing; a retry sends nothing twice; the reward is claimed once; scoped keys
 * stay on their site; every send is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { OPERATOR_CALLS, claimInboxReply, getInboxReply, opsInboxSendReply } from '@wl/contracts';
import type { Db } from '../../src/db/client.js';
import { inboxItems, operatorAudit, payments, players } from '../../src/db/schema.js';
import { backends, createTestServer, siteIdOf, type TestServer } from './helpers.js';
import { opsCall, operatorKey } from './banking-fixtures.js';
import { credentials, expectFailure, expectReply, newPlayer, post as postCall, type TestSession } from './rewards-fixtures.js';

const SEND = OPERATOR_CALLS.opsInboxSend.path;
let campaigns = 0;
const freshCampaign = () => `spring-${Date.now().toString(36)}-${++campaigns}`;

describe.each(backends)('operator inbox messages on %s', (backend) => {
  let server: TestServer;
  let db: Db;
  let key: string;

  beforeAll(async () => {
    server = await createTestServer({ backend });
    db = server.database.db;
    key = await operatorKey(db, `inbox-${backend}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, payload: unknown) => postCall(server.app, path, payload);
  const send = (payload: Record<string, unknown>, withKey = key) => opsCall(server.app, SEND, withKey, { site: 'casino1.localhost', title: 'Spring bonus', body: 'Claim 50 before Sunday.', reason: 'Spring campaign', ...payload });
  const messagesOf = (player: TestSession, campaign: string) =>
    db.select().from(inboxItems).where(and(eq(inboxItems.playerId, player.playerId), eq(inboxItems.campaign, campaign)));

  /** A player with a phone and email, so the same person can be found on another site. */
  async function personOn(externalId: string, contact: { phone: string; email: string }): Promise<TestSession> {
    const player = await newPlayer(db, externalId);
    await db.update(players).set({ contactPhone: contact.phone, contactEmail: contact.email }).where(eq(players.id, player.playerId));
    return player;
  }

  it('reaches named players once, never a person under a time-out on another site of the owner, nor a blocked account; the reward is claimed once', async () => {
    const stamp = Date.now().toString().slice(-8);
    const excludedContact = { phone: `6391${stamp}`, email: `out${stamp}@example.com` };
    const excluded = await personOn('casino1', excludedContact);
    const sameOnSlot2 = await personOn('slot2', { phone: excludedContact.phone, email: '' });
    const reader = await newPlayer(db, 'casino1');
    const blocked = await newPlayer(db, 'casino1', 'blocked');

    // The person takes a 24-hour time-out on slot2: it covers their casino1 account too.
    const timeOut = (await post('/api/responsible/self_exclude', { ...credentials(sameOnSlot2), period: '24h' })).body;
    expect(timeOut.statusCode, JSON.stringify(timeOut)).toBe(1);

    const campaign = freshCampaign();
    const named = [excluded.account_id, reader.account_id, blocked.account_id, 'nobody9'];
    const first = await send({ campaign, account_ids: named.map((id) => id.toUpperCase()), reward_amount: '50', reward_type: 'balance' });
    expect(expectReply(opsInboxSendReply, first.body)).toMatchObject({ sent: 1, already_sent: 0, excluded: 1, inactive: 1, not_found: ['nobody9'] });
    expect(await messagesOf(excluded, campaign)).toEqual([]);
    expect(await messagesOf(blocked, campaign)).toEqual([]);

    // A retry of the same campaign writes nothing again.
    const retry = await send({ campaign, account_ids: named, reward_amount: '50', reward_type: 'balance' });
    expect(expectReply(opsInboxSendReply, retry.body)).toMatchObject({ sent: 0, already_sent: 1, excluded: 1, inactive: 1 });
    expect(await messagesOf(reader, campaign)).toHaveLength(1);

    // The player reads it in the inbox and claims the reward, once.
    const inbox = expectReply(getInboxReply, (await post('/api/settings/get_inbox', credentials(reader))).body);
    const message = inbox.value.find((item) => item.title === 'Spring bonus')!;
    expect(message).toMatchObject({ body: 'Claim 50 before Sunday.', claimable: true, reward_amount: '50.0000', reward_type: 'balance' });
    const claimed = expectReply(claimInboxReply, (await post('/api/settings/claim_inbox', { ...credentials(reader), inbox_id: message.inbox_id })).body);
    expect(claimed.game_balance).toBe('50.0000');
    expectFailure((await post('/api/settings/claim_inbox', { ...credentials(reader), inbox_id: message.inbox_id })).body, 'alreadyClaimed');

    // Audited with who, what and the counts.
    const [audit] = await db.select().from(operatorAudit).where(eq(operatorAudit.id, first.body.audit_id as number));
    expect(audit).toMatchObject({ action: 'inbox.send', targetType: 'campaign', targetId: campaign, reason: 'Spring campaign' });
    expect(audit!.details).toMatchObject({ sent: 1, excluded: 1, inactive: 1, account_ids: 4, reward_amount: '50' });
  });

  it('sends a segment to active depositors or non-depositors of the site, leaving out excluded people', async () => {
    const depositor = await newPlayer(db, 'casino1');
    const newcomer = await newPlayer(db, 'casino1');
    const blockedDepositor = await newPlayer(db, 'casino1', 'blocked');
    const stamp = Date.now().toString().slice(-8);
    const excludedDepositor = await personOn('casino1', { phone: `6392${stamp}`, email: `seg${stamp}@example.com` });
    const siteId = await siteIdOf(db, 'casino1');
    for (const player of [depositor, blockedDepositor, excludedDepositor]) {
      await db.insert(payments).values({ siteId, playerId: player.playerId, kind: 'deposit', amount: '100', status: 'approved' });
    }
    const exclusion = (await post('/api/responsible/self_exclude', { ...credentials(excludedDepositor), period: '6m' })).body;
    expect(exclusion.statusCode, JSON.stringify(exclusion)).toBe(1);

    const depositors = freshCampaign();
    const sent = expectReply(opsInboxSendReply, (await send({ campaign: depositors, segment: 'depositors' })).body);
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    expect(sent.excluded).toBeGreaterThanOrEqual(1);
    expect(sent.inactive).toBe(0);
    const reached = await db
      .select({ playerId: inboxItems.playerId })
      .from(inboxItems)
      .where(and(eq(inboxItems.campaign, depositors), inArray(inboxItems.playerId, [depositor, newcomer, blockedDepositor, excludedDepositor].map((p) => p.playerId))));
    expect(reached.map((row) => row.playerId)).toEqual([depositor.playerId]);

    const newcomers = freshCampaign();
    expectReply(opsInboxSendReply, (await send({ campaign: newcomers, segment: 'non_depositors' })).body);
    expect(await messagesOf(newcomer, newcomers)).toHaveLength(1);
    expect(await messagesOf(depositor, newcomers)).toEqual([]);
    // Only the site's players: nobody of another site has the campaign.
    const [{ others } = { others: -1 }] = await db
      .select({ others: sql<number>`count(*)::int` })
      .from(inboxItems)
      .where(and(eq(inboxItems.campaign, newcomers), sql`${inboxItems.siteId} <> ${siteId}`));
    expect(others).toBe(0);
  });

  it('refuses an unclear payload, another site for a scoped key, and a missing key; the refusal is audited', async () => {
    const reader = await newPlayer(db, 'casino1');
    expectFailure((await send({ campaign: freshCampaign(), account_ids: [reader.account_id], segment: 'all' })).body, 'validationError');
    expectFailure((await send({ campaign: freshCampaign() })).body, 'validationError');
    const half = (await send({ campaign: freshCampaign(), account_ids: [reader.account_id], reward_amount: '5' })).body;
    expectFailure(half, 'validationError');
    expect(half.errors).toMatchObject({ reward_type: ['required'] });
    expectFailure((await send({ campaign: 'no spaces allowed', segment: 'all' })).body, 'validationError');

    const slot2Key = await operatorKey(db, `inbox-scoped-${backend}`, await siteIdOf(db, 'slot2'));
    expectFailure((await send({ campaign: freshCampaign(), account_ids: [reader.account_id] }, slot2Key)).body, 'permissionDenied');
    expect((await send({ campaign: freshCampaign(), segment: 'all' }, 'not-a-key')).status).toBe(401);
    const [refusal] = await db.select().from(operatorAudit).where(eq(operatorAudit.action, 'call.refused')).orderBy(desc(operatorAudit.id)).limit(1);
    expect(refusal).toMatchObject({ targetId: 'opsInboxSend', reason: 'permissionDenied' });
    expect(await db.select().from(inboxItems).where(eq(inboxItems.playerId, reader.playerId))).toEqual([]);
  });
});
