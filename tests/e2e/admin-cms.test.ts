import { describe, expect, it } from 'vitest';
import contentText from '../../packages/admin/src/messages/en/content.json';
import cmsText from '../../packages/admin/src/messages/en/cms.json';
import seoText from '../../packages/admin/src/messages/en/seo.json';
import { useOwnerConsole } from './admin-harness';
import { seriousViolations } from './axe';
import { DESKTOP, horizontalOverflow, screenshots } from './browser';

/**
 * The back office's CMS pages (issue 26 §2 Content, ADR 0053) in Chromium against the built
 * server: the demo owner edits casino1's About us page in Vietnamese with the rich-text editor
 * (typing, bold), previews it through the server's sanitiser, saves, and casino1's /vi/about page
 * shows it at once; the SEO tab opens a record's form, and a saved title reaches the site's page. No serious axe violation; 768 px fits.
 */

const TABLET = { width: 768, height: 900 } as const;
const { e2e, ownerPage, visitorPage } = useOwnerConsole();

describe('back office: CMS pages', () => {
  it('the owner edits About us in Vietnamese with the editor, previews, saves, and the site’s page shows it', async () => {
    const { page, problems } = await ownerPage(DESKTOP, '/content?site=casino1.localhost&tab=pages');
    await page.getByTestId('cms-pages').locator('tbody tr[data-page="about_us"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'admin-cms-pages');

    await page.getByRole('link', { name: cmsText.editOf.replace('{{page}}', cmsText.pages.about_us) }).click();
    await page.waitForURL(/page=about_us/);
    await page.getByRole('radio', { name: /^Vietnamese/ }).check();
    await page.waitForURL(/lang=VI/);
    const editor = page.getByRole('textbox', { name: cmsText.body.replace('{{language}}', 'Vietnamese') });
    await editor.waitFor();
    await expect.poll(() => editor.textContent()).not.toBe('');

    // The whole body replaced: a line of text, then a bold word.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Xin chào từ bảng điều khiển. ');
    const bold = page.getByRole('button', { name: cmsText.toolbar.bold, exact: true });
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    // The caret is still in the text (the toolbar does not take focus), so typing goes on there.
    await expect.poll(() => editor.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Chữ đậm');
    await expect.poll(() => editor.innerHTML()).toContain('<strong>Chữ đậm</strong>');

    await page.getByRole('button', { name: cmsText.preview, exact: true }).click();
    const preview = page.getByTestId('cms-preview');
    await preview.locator('strong', { hasText: 'Chữ đậm' }).waitFor();
    expect(await preview.textContent()).toContain('Xin chào từ bảng điều khiển.');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(contentText.fields.reason).fill('New Vietnamese about page');
    await page.getByRole('button', { name: cmsText.save.replace('{{language}}', 'Vietnamese') }).click();
    await page.getByRole('status').filter({ hasText: cmsText.saved.replace('{{language}}', 'Vietnamese').split('.')[0]! }).waitFor();
    await screenshots(page, 'admin-cms-editor');

    // casino1's About us page in Vietnamese, loaded now, shows the new body.
    const site = await visitorPage();
    await site.goto(e2e.server.url('casino1.localhost', '/vi/about'));
    await site.locator('strong', { hasText: 'Chữ đậm' }).first().waitFor();
    await site.getByText('Xin chào từ bảng điều khiển.').first().waitFor();

    await page.setViewportSize({ ...TABLET });
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });

    // The SEO tab lists the site's records and opens one in its form.
    await page.getByRole('link', { name: contentText.tabs.seo, exact: true }).click();
    await page.getByTestId('seo-records').locator('tbody tr[data-page="slots"]').waitFor();
    await page.getByRole('link', { name: seoText.editOf.replace('{{page}}', 'slots') }).click();
    await expect.poll(() => page.getByLabel(seoText.fields.meta_title, { exact: true }).inputValue()).toContain('Online Slots');
    await page.getByRole('textbox', { name: seoText.fields.en_body.replace('{{language}}', seoText.english) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toMatchObject({ scrollWidth: TABLET.width });
    await screenshots(page, 'admin-cms-seo');

    // A changed title is saved (the record's own id and page name are not sent back) and the site uses it.
    await page.getByLabel(seoText.fields.meta_title, { exact: true }).fill('Slots from the console');
    await page.getByLabel(contentText.fields.reason).fill('Shorter slots title');
    await page.getByRole('button', { name: seoText.save, exact: true }).click();
    await page.getByRole('status').filter({ hasText: seoText.saved.split('.')[0]! }).waitFor();
    await site.goto(e2e.server.url('casino1.localhost', '/slots'));
    await expect.poll(() => site.title()).toContain('Slots from the console');
    expect(problems.list).toEqual([]);
  });
});
