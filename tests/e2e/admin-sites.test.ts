import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sitesText from '../../packages/admin/src/messages/en/sites.json';
import { useOwnerConsole } from './admin-harness';
import { seriousViolations } from './axe';
import { DESKTOP, type PageProblems, horizontalOverflow, screenshots } from './browser';

/**
 * The back office's Sites screens (issue 26 §2 Sites and §4, ADR 0049) in Chromium against the
 * built server: the demo owner lists the sites, creates one in the console that answers at its new
 * domain at once, and changes casino1's colour in the editor: the framed preview of the real home
 * page and casino1's own page show the new colour (its theme-color). The screens have no serious
 * axe violation and fit 768 px.
 */

const TABLET = { width: 768, height: 900 } as const;
/** The framed site may not use its storage (a third-party frame): its scripts report it. */
const owner = useOwnerConsole([/sessionStorage/]);
const { e2e, visitorPage } = owner;

/** A back-office page signed in as the demo owner, once the console is back at `pathname`. */
async function ownerPage(viewport: { width: number; height: number }, pathname: string): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await owner.ownerPage(viewport, pathname);
  await opened.page.waitForURL(new RegExp(`/admin${pathname.replace(/[.?]/g, '\\$&')}$`));
  return opened;
}

/** The colour a page's browser chrome takes: the site's palette worked out by the server. */
const themeColorOf = (page: Page) => page.locator('meta[name="theme-color"]').getAttribute('content');

describe('back office: sites', () => {
  it('the owner creates a site in the console, and it answers at its new domain at once', async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/sites');
    const rows = page.getByTestId('sites-list').locator('tbody tr[data-site]');
    await rows.first().waitFor();
    expect(await page.locator('tbody tr[data-site="casino1"]').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-sites');

    // Before: nobody answers at the new domain.
    const site = await visitorPage();
    const missing = await site.goto(e2e.server.url('e2e-new.localhost', '/'));
    expect(missing?.status()).toBe(404);

    await page.getByRole('link', { name: sitesText.new }).click();
    await page.getByRole('heading', { name: sitesText.newTitle }).waitFor();
    await page.getByLabel(sitesText.fields.site_name, { exact: true }).fill('E2E New Casino');
    await page.getByLabel(sitesText.fields.domain.replace('{{n}}', '1'), { exact: true }).fill('e2e-new.localhost');
    await page.getByLabel(sitesText.fields.external_id, { exact: true }).fill('e2enew');
    await page.getByLabel(sitesText.fields.currency, { exact: true }).fill('PHP');
    await page.getByLabel(sitesText.fields.theme_code).selectOption('slot5');
    await page.getByLabel(sitesText.fields.theme_color, { exact: true }).selectOption('sky');
    await page.getByLabel(sitesText.fields.reason).fill('A new brand, made in the console');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: sitesText.fields.create }).click();
    await page.waitForURL(/\/admin\/sites\/e2e-new\.localhost\?created=1$/);
    await page.getByRole('status').filter({ hasText: 'E2E New Casino' }).waitFor();

    // The unknown domain asked before is forgotten when the site's rows notify (ADR 0043).
    await expect.poll(async () => (await site.goto(e2e.server.url('e2e-new.localhost', '/')))?.status(), { timeout: 10_000 }).toBe(200);
    expect(await site.title()).toBe('E2E New Casino');
    expect(problems.list).toEqual([]);
  });

  it("changing casino1's colour in the console shows in the preview and on casino1's home page", async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/sites/casino1.localhost');
    const colour = page.getByLabel(sitesText.fields.theme_color, { exact: true });
    await colour.waitFor();
    const preview = page.frameLocator('[data-testid="site-preview"]');
    await preview.locator('meta[name="theme-color"]').waitFor({ state: 'attached' });
    const before = await preview.locator('meta[name="theme-color"]').getAttribute('content');
    expect(before).toMatch(/^#[0-9a-f]{6}$/i);

    const current = await colour.inputValue();
    const next = current === 'ruby' ? 'sapphire' : 'ruby';
    await colour.selectOption(next);
    await page.getByText(sitesText.preview.unsaved).waitFor();
    await page.getByLabel(sitesText.fields.reason).fill('New colour for the season');
    await page.getByRole('button', { name: sitesText.fields.save }).click();
    await page.getByRole('status').filter({ hasText: 'Golden Crown Casino' }).waitFor();

    // The preview reloads and shows the new palette.
    await expect.poll(() => preview.locator('meta[name="theme-color"]').getAttribute('content'), { timeout: 15_000 }).not.toBe(before);
    const after = await preview.locator('meta[name="theme-color"]').getAttribute('content');
    // casino1's own page agrees.
    const home = await visitorPage();
    await home.goto(e2e.server.url('casino1.localhost', '/'));
    expect(await themeColorOf(home)).toBe(after);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-site-edit');

    // The editor fits a tablet.
    await page.setViewportSize({ ...TABLET });
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });
    expect(problems.list).toEqual([]);
  });

  it("adds a deposit method with a receiving account and a partner in the console: casino4's banking page and partners panel show them", async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/sites/casino4.localhost');
    const payments = page.getByRole('region', { name: sitesText.groups.payments });
    await payments.waitFor();
    const methodGroups = payments.getByRole('group', { name: /^Deposit method \d+/ });
    const methodsBefore = await methodGroups.count();

    // A new method, its one receiving account on the site's first bank (the select's default).
    await payments.getByRole('button', { name: sitesText.payments.addMethod }).click();
    const n = methodsBefore + 1;
    const method = payments.getByRole('group', { name: new RegExp(`^Deposit method ${n}`) });
    await method.getByLabel(sitesText.payments.methodCode, { exact: true }).fill('e2e_qr');
    await method.getByLabel(sitesText.payments.methodName).fill('E2E QR transfer');
    await method.getByLabel(sitesText.payments.instructions).fill('Scan, pay, then send the reference.');
    const account = method.getByRole('group', { name: `receiving account 1 of method ${n}` });
    expect(await account.getByLabel(sitesText.payments.accountBank).inputValue()).not.toBe('');
    await account.getByLabel(sitesText.payments.accountName).fill('CASINO FOUR LTD');
    const number = account.getByLabel(sitesText.payments.accountNumber);
    await number.fill('x<1>');

    // A partner, its mark one the site already serves.
    const partners = page.getByRole('region', { name: sitesText.groups.partners });
    const mark = await partners.getByRole('group', { name: 'partner 1' }).getByLabel(sitesText.partners.img_url).inputValue();
    const partnerCount = await partners.getByRole('group', { name: /^partner \d+$/ }).count();
    await partners.getByRole('button', { name: sitesText.partners.add }).click();
    const partner = partners.getByRole('group', { name: `partner ${partnerCount + 1}` });
    await partner.getByLabel(sitesText.partners.name).fill('E2E Partner');
    await partner.getByLabel(sitesText.partners.href).fill('https://e2e-partner.example.com/');
    await partner.getByLabel(sitesText.partners.img_url).fill(mark);
    // Moved to the top of the panel.
    for (let index = partnerCount; index > 0; index--) await partners.getByRole('button', { name: `Move partner ${index + 1} up` }).click();
    expect(await partners.getByRole('group', { name: 'partner 1' }).getByLabel(sitesText.partners.name).inputValue()).toBe('E2E Partner');

    await page.getByLabel(sitesText.fields.reason).fill('New QR method and partner');
    await page.getByRole('button', { name: sitesText.fields.save }).click();
    // The bad account number is marked on its own input, which takes the focus.
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    expect(await number.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await account.textContent()).toContain(sitesText.fieldErrors.invalidFormat);
    expect(await seriousViolations(page)).toEqual([]);

    await number.fill('7700 1234 5678');
    const [applied] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/ops/sites/apply')),
      page.getByRole('button', { name: sitesText.fields.save }).click(),
    ]);
    expect(await applied.json()).toMatchObject({ statusCode: 1, created: false });
    await page.getByRole('status').filter({ hasText: sitesText.saved.split(':')[0]! }).waitFor();
    await screenshots(page, 'admin-site-payments');

    const site = await visitorPage();
    await site.goto(e2e.server.url('casino4.localhost', '/banking'), { waitUntil: 'load' });
    await expect.poll(() => site.getByTestId('deposit-method').allTextContents()).toContainEqual(expect.stringContaining('E2E QR transfer'));
    await site.goto(e2e.server.url('casino4.localhost', '/'), { waitUntil: 'load' });
    const first = site.locator('.partners__list a').first();
    expect(await first.getAttribute('href')).toBe('https://e2e-partner.example.com/');
    expect(await first.locator('img').getAttribute('alt')).toContain('E2E Partner');

    // The editor with its lists fits a tablet.
    await page.setViewportSize({ ...TABLET });
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });
    expect(problems.list).toEqual([]);
  });
});
