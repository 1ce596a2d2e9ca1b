import { describe, expect, it } from 'vitest';
import contentText from '../../packages/admin/src/messages/en/content.json';
import { useOwnerConsole } from './admin-harness';
import { seriousViolations } from './axe';
import { DESKTOP, horizontalOverflow, screenshots } from './browser';

/**
 * The back office's Content screen (issue 26 §2 Content, ADR 0052) in Chromium against the built
 * server: the demo owner adds an announcement (markup refused first) and a marquee text to
 * casino1, and casino1's public calls and home page show them at once; the inbox form sends to a
 * segment and shows the counts. The screens have no serious axe violation and fit 768 px.
 */

const TABLET = { width: 768, height: 900 } as const;
/** A refused field answers 400. */
const { e2e, ownerPage, visitorPage } = useOwnerConsole([/HTTP 400: POST .*\/api\/ops\/content\//, /status of 400/]);

/** A public home call of casino1, as its pages make it (the site named in the body; Node resolves no *.localhost name). */
async function casino1Call(path: string): Promise<{ value: Record<string, unknown>[] }> {
  const response = await fetch(e2e.server.url('127.0.0.1', path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain_name: 'casino1.localhost', external_id: 'casino1' }),
  });
  return (await response.json()) as { value: Record<string, unknown>[] };
}

describe('back office: content', () => {
  it('the owner adds an announcement and a marquee text to casino1, and the site shows them at once', async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/content?site=casino1.localhost');
    await page.getByTestId('content-announcements').locator('tbody tr[data-id]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-content');

    await page.getByRole('button', { name: contentText.add.announcements }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(contentText.fields.title, { exact: true }).fill('E2E announcement');
    await dialog.getByLabel(contentText.fields.body, { exact: true }).fill('Hello <b>players</b>');
    await dialog.getByLabel(contentText.fields.reason).fill('Testing the console');
    await dialog.getByRole('button', { name: contentText.create }).click();
    await dialog.getByText(contentText.fieldErrors.markup).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel(contentText.fields.body, { exact: true }).fill('Hello players.\nSee you soon.');
    await dialog.getByRole('button', { name: contentText.create }).click();
    await page.getByRole('status').filter({ hasText: contentText.saved }).waitFor();
    expect((await casino1Call('/api/home/fetch_announment')).value[0]).toMatchObject({ title: 'E2E announcement', body: 'Hello players.\nSee you soon.' });

    await page.getByRole('link', { name: contentText.tabs.marquee }).click();
    await page.waitForURL(/tab=marquee/);
    await page.getByRole('button', { name: contentText.add.marquee }).click();
    await dialog.getByLabel(contentText.fields.text, { exact: true }).fill('E2E marquee: weekend cashback');
    await dialog.getByLabel(contentText.fields.reason).fill('Testing the console');
    await dialog.getByRole('button', { name: contentText.create }).click();
    await page.getByRole('status').filter({ hasText: contentText.saved }).waitFor();
    expect((await casino1Call('/api/home/marquee')).value.map((row) => row.text)).toContain('E2E marquee: weekend cashback');

    // casino1's home page, loaded now, scrolls the new text.
    const home = await visitorPage();
    await home.goto(e2e.server.url('casino1.localhost', '/'));
    await home.getByText('E2E marquee: weekend cashback').first().waitFor({ state: 'attached' });

    await page.setViewportSize({ ...TABLET });
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });
    expect(problems.list).toEqual([]);
  });

  it('the inbox form sends to a segment and shows the counts', async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/content?site=casino1.localhost&tab=inbox');
    await page.getByLabel(contentText.inbox.title, { exact: true }).fill('E2E inbox');
    await page.getByLabel(contentText.inbox.body, { exact: true }).fill('A message from the console.');
    await page.getByLabel(contentText.inbox.reason).fill('Testing the console');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: contentText.inbox.send, exact: true }).click();
    const sent = page.locator('[data-count="sent"]');
    await sent.waitFor();
    expect(Number(await sent.textContent())).toBeGreaterThan(0);
    // The same form again reaches nobody twice.
    await page.getByRole('button', { name: contentText.inbox.send, exact: true }).click();
    await expect.poll(async () => Number(await sent.textContent())).toBe(0);
    expect(Number(await page.locator('[data-count="already_sent"]').textContent())).toBeGreaterThan(0);
    await page.setViewportSize({ ...TABLET });
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });
    expect(problems.list).toEqual([]);
  });
});
