import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import adminText from '../../packages/admin/src/messages/en.json';
import playersText from '../../packages/admin/src/messages/en/players.json';
import { seriousViolations } from './axe';
import { DESKTOP, horizontalOverflow, screenshots } from './browser';
import { useAdminServer } from './admin-harness';

/**
 * The back office's Players screens (issue 26 §2; ADR 0047) in Chromium against the built server:
 * the demo owner finds the demo player of casino1 and opens the page, its sections are the URL;
 * a support operator of casino2 searching casino1's player by exact account id finds only its own
 * site's player of that name, and nothing of casino1; the screens have no serious axe violation and
 * fit 768 px.
 */

const TABLET = { width: 768, height: 900 } as const;

const { e2e, adminPage, signIn, password } = useAdminServer({ username: 'e2e-players', role: 'support', site: 'casino2.localhost' });

const resultSites = (page: Page) => page.getByTestId('players').locator('tbody tr[data-account]').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-site')}:${row.getAttribute('data-account')}`));

describe('back office: players', () => {
  it('the owner finds the demo player of casino1 and opens the page; the section is the URL', async () => {
    const { page, problems } = await adminPage(DESKTOP, '/players');
    await signIn(page, 'owner', 'demo1234');
    await page.getByRole('button', { name: adminText.login.skip }).click();
    await page.waitForURL(/\/admin\/players$/);
    await page.getByRole('searchbox', { name: playersText.query }).fill('demo');
    await page.getByLabel(playersText.site).selectOption('casino1.localhost');
    await page.getByRole('button', { name: playersText.search, exact: true }).click();
    await page.waitForURL(/\/admin\/players\?.*q=demo/);
    await expect.poll(() => resultSites(page)).toEqual(['casino1:demo']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-players');

    await page.getByTestId('players').getByRole('link', { name: 'demo', exact: true }).click();
    await page.waitForURL(/\/admin\/players\/casino1\/demo$/);
    await page.getByRole('heading', { name: playersText.profile }).waitFor();
    await page.getByRole('heading', { name: playersText.balances }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: playersText.tabs.statement }).click();
    await page.waitForURL(/\/admin\/players\/casino1\/demo\?tab=statement$/);
    await page.getByTestId('statement').locator('tbody tr').first().waitFor();
    await page.getByRole('link', { name: playersText.tabs.limits }).click();
    await page.getByText(playersText.limitsReadOnly).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.list).toEqual([]);
  });

  it("a casino2 support operator's search for casino1's player finds nothing of casino1, even by exact account id", async () => {
    const { page, problems } = await adminPage(TABLET, '/players?q=demo');
    await signIn(page, 'e2e-players', password());
    await page.getByRole('heading', { name: adminText.login.enrolTitle }).waitFor();
    const key = (await page.locator('.login-secret code').textContent())!.replace(/\s/g, '');
    await page.getByLabel(adminText.login.code).fill(new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate());
    await page.getByRole('button', { name: adminText.login.verify }).click();
    await page.waitForURL(/\/admin\/players\?q=demo$/);
    // casino2 has a demo player of its own: the only one found.
    await expect.poll(() => resultSites(page)).toEqual(['casino2:demo']);
    expect(await page.getByLabel(playersText.site).locator('option').count()).toBe(2);
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });
    expect(await seriousViolations(page)).toEqual([]);

    // casino1's page, asked by its URL, is not there for this operator.
    await page.goto(e2e.server.url('localhost', '/admin/players/casino1/demo'));
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('heading', { name: playersText.profile }).count()).toBe(0);
    expect(problems.list).toEqual([]);
  });
});
