import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import contentText from '../../packages/admin/src/messages/en/content.json';
import rewardsText from '../../packages/admin/src/messages/en/rewards.json';
import { useOwnerConsole } from './admin-harness';
import { seriousViolations } from './axe';
import { DESKTOP, horizontalOverflow, screenshots } from './browser';

/**
 * The back office's Promotions, Missions and Lucky spin tabs (issue 26 §2 Content, ADR 0054) in
 * Chromium against the built server: the demo owner creates a promotion for casino1 (its body
 * previewed as the server sanitises it) and casino1's /promotions page shows it at once; the spin
 * table refuses to save until its chances add up to 100 %, then a changed label reaches the
 * site's spin_info. No serious axe violation; every tab fits 768 px.
 */

const TABLET = { width: 768, height: 900 } as const;
const { e2e, ownerPage, visitorPage } = useOwnerConsole();

/** The page at 768 px: no sideways scroll (and a capture when E2E_SCREENSHOT_DIR is set). */
async function fitsTablet(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ ...TABLET });
  expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });
  if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, `${name}-768.png`), fullPage: true });
  await page.setViewportSize({ ...DESKTOP });
}

describe('back office: promotions, missions and lucky spin', () => {
  it('the owner creates a promotion for casino1 and its /promotions page shows it at once', async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/content?site=casino1.localhost&tab=promotions');
    await page.getByTestId('content-promotions').locator('tbody tr[data-id]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-promotions');
    await fitsTablet(page, 'admin-promotions');

    await page.getByRole('button', { name: rewardsText.promotions.add }).click();
    const dialog = page.getByRole('dialog');
    const fields = rewardsText.promotions.fields;
    await dialog.getByLabel(fields.imageUrl).fill('/api/media/banner/casino1/vip.svg');
    await dialog.getByLabel(`${fields.title} (EN)`).fill('E2E console promotion');
    await dialog.getByLabel(`${fields.summary} (EN)`).fill('Made in the back office.');
    await dialog.getByLabel(`${fields.body} (EN)`).fill('<p>Hello <strong>E2E players</strong></p><script>window.bad = 1</script><p onclick="x()">Tap</p>');
    // The preview is the server's sanitised body: the script is gone, the markup kept.
    const preview = dialog.getByRole('region', { name: fields.preview });
    await preview.locator('strong', { hasText: 'E2E players' }).waitFor();
    expect(await preview.innerHTML()).not.toMatch(/script|onclick/);
    await dialog.getByLabel(rewardsText.reason).fill('Testing the console');
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.E2E_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOT_DIR, 'admin-promotion-dialog-1280.png') });
    await dialog.getByRole('button', { name: rewardsText.create }).click();
    await page.getByRole('status').filter({ hasText: rewardsText.saved }).waitFor();
    await page.getByTestId('content-promotions').getByText('E2E console promotion').waitFor();

    const site = await visitorPage();
    await site.goto(e2e.server.url('casino1.localhost', '/promotions'));
    await site.getByText('E2E console promotion').first().waitFor();
    expect(problems.list).toEqual([]);
  });

  it('the missions tab lists the site’s missions and fits 768 px', async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/content?site=casino1.localhost&tab=missions');
    await page.getByTestId('content-missions').locator('tbody tr[data-id]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: rewardsText.missions.add }).click();
    await page.getByRole('dialog').getByLabel(rewardsText.missions.fields.code).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: rewardsText.close }).click();
    await screenshots(page, 'admin-missions');
    await fitsTablet(page, 'admin-missions');
    expect(problems.list).toEqual([]);
  });

  it('the spin table saves only at exactly 100 %, and the site’s wheel follows at once', async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/content?site=casino1.localhost');
    await page.getByRole('link', { name: contentText.tabs.spin }).click();
    await page.waitForURL(/tab=spin/);
    const table = page.getByTestId('spin-prizes');
    await table.locator('tbody tr').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const save = page.getByRole('button', { name: rewardsText.spin.save });
    const sum = page.getByTestId('spin-sum');
    await expect.poll(() => sum.textContent()).toContain(rewardsText.spin.sumOk);

    const chance = page.getByLabel('Chance in percent of prize 1');
    const original = await chance.inputValue();
    await chance.fill('1.2345');
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await sum.textContent()).toContain('missing');
    await chance.fill(original);
    await expect.poll(() => save.isEnabled()).toBe(true);

    await page.getByLabel('Label of prize 2').fill('E2E lucky tokens');
    await page.getByLabel(rewardsText.reason).fill('Testing the console');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-spin');
    await save.click();
    await page.getByRole('status').filter({ hasText: rewardsText.spin.saved }).waitFor();

    const response = await fetch(e2e.server.url('127.0.0.1', '/api/rewards/spin_info'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain_name: 'casino1.localhost', external_id: 'casino1' }),
    });
    const info = (await response.json()) as { prizes: { index: number; label: string }[] };
    expect(info.prizes.find((prize) => prize.index === 1)?.label).toBe('E2E lucky tokens');
    await fitsTablet(page, 'admin-spin');
    expect(problems.list).toEqual([]);
  });
});
