import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { displayNumber } from '@wl/contracts';
import adminText from '../../packages/admin/src/messages/en.json';
import { seriousViolations } from './axe';
import { decimal, minor, openAsDemoPlayer, sessionCall, type Reply } from './calls';
import { DESKTOP, horizontalOverflow, screenshots } from './browser';
import { useAdminServer } from './admin-harness';

/**
 * The back office at /admin (issue 26 §1, §2 Payments; ADR 0044, ADR 0045) in Chromium against the
 * built server: the demo owner signs in (skipping the second factor, demo data only), approves a
 * casino1 deposit with a reason, and the player's open page shows the new balance without a
 * reload; a support operator of casino1 enrols an authenticator at the first login, sees only
 * casino1's payments, is offered no decision, and the server refuses one sent by hand; the screens
 * have no serious axe violation and fit 768 px.
 */

const TABLET = { width: 768, height: 900 } as const;

const { e2e, contexts, adminPage, signIn, password } = useAdminServer({ username: 'e2e-support', role: 'support', site: 'casino1.localhost' });

const headerBalance = (page: Page) =>
  page
    .getByTestId('balance')
    .textContent()
    .then((text) => (text ?? '').replace(/[^\d.]/g, ''));

describe('back office', () => {
  it("the owner signs in, approves a player's deposit with a reason, and the player's open page shows the new balance", async () => {
    const player = await openAsDemoPlayer(e2e, 'casino1.localhost', '/');
    contexts.push(player.context);
    const before = (await sessionCall<Reply & { game_balance: string }>(player.page, '/api/auth/get_balance')).game_balance;
    await expect.poll(() => headerBalance(player.page)).toBe(displayNumber(before) || '0');

    const { page, problems } = await adminPage(DESKTOP, '/payments?site=casino1.localhost&kind=deposit');
    expect(page.url()).toContain('/admin/login?next=');
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, 'owner', 'demo1234');
    await page.getByRole('heading', { name: adminText.login.enrolTitle }).waitFor();
    await page.getByRole('button', { name: adminText.login.skip }).click();
    await page.waitForURL(/\/admin\/payments\?site=casino1\.localhost&kind=deposit$/);

    const rows = page.getByTestId('pending-payments').locator('tbody tr[data-reference]');
    await rows.first().waitFor();
    expect(new Set(await rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-site'))))).toEqual(new Set(['casino1']));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-payments');

    // The demo player's oldest pending deposit.
    const row = rows.filter({ has: page.locator('td .mono', { hasText: /^demo$/ }) }).first();
    const reference = (await row.getAttribute('data-reference'))!;
    const amountText = (await row.locator('.amount').textContent())!;
    const amount = amountText.replace(/[^\d.]/g, '');
    await row.getByRole('button', { name: `Review ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: `Review ${reference}` });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // A reason is required; then the approval.
    await dialog.getByLabel(adminText.payments.reason).fill('Matched on the bank statement');
    await dialog.getByRole('button', { name: adminText.payments.approve }).click();
    await page.getByRole('status').filter({ hasText: `${reference} approved.` }).waitFor();
    await expect.poll(() => page.locator(`tbody tr[data-reference="${reference}"]`).count()).toBe(0);

    // The player's page, open all along, shows the credit.
    const after = decimal(minor(before) + minor(amount));
    await expect.poll(() => headerBalance(player.page), { timeout: 15_000 }).toBe(displayNumber(after));
    expect(problems.list).toEqual([]);
    expect(player.problems.list).toEqual([]);
  });

  it('a support operator of one site enrols an authenticator, sees only that site, and cannot decide a payment: the server refuses it too', async () => {
    const { page, problems } = await adminPage(TABLET, '/payments');
    await signIn(page, 'e2e-support', password());
    await page.getByRole('heading', { name: adminText.login.enrolTitle }).waitFor();
    // Nobody but the demo owner may skip the second factor.
    expect(await page.getByRole('button', { name: adminText.login.skip }).count()).toBe(0);
    const key = (await page.locator('.login-secret code').textContent())!.replace(/\s/g, '');
    const code = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    await page.getByLabel(adminText.login.code).fill(code);
    await page.getByRole('button', { name: adminText.login.verify }).click();
    await page.waitForURL(/\/admin\/payments$/);

    const rows = page.getByTestId('pending-payments').locator('tbody tr[data-reference]');
    await rows.first().waitFor();
    expect(new Set(await rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-site'))))).toEqual(new Set(['casino1']));
    expect(await page.getByLabel(adminText.payments.site).locator('option').allTextContents()).toEqual([adminText.payments.allSites, 'Golden Crown Casino']);
    await page.getByText(adminText.payments.readOnly).first().waitFor();
    const reference = (await rows.first().getAttribute('data-reference'))!;
    await rows.first().getByRole('button', { name: `Review ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: `Review ${reference}` });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: adminText.payments.approve }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });

    // What the screen does not offer, the server refuses: an approval and another site's list, sent by hand.
    const refused = await page.evaluate(async (paymentId) => {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as { message: string } };
      };
      return [await post('/api/ops/deposit/approve', { payment_id: paymentId, reason: 'Trying anyway' }), await post('/api/ops/pending', { site: 'slot2.localhost' })];
    }, Number(/\d+$/.exec(reference)![0]));
    expect(refused).toEqual([
      { status: 403, body: { statusCode: 0, message: 'permissionDenied' } },
      { status: 403, body: { statusCode: 0, message: 'permissionDenied' } },
    ]);
    // The two refusals just asked for are the only problems.
    expect(problems.list.filter((text) => !/(HTTP 403: POST|status of 403 \(Forbidden\)).*\/api\/ops\//.test(text))).toEqual([]);
  });
});
