import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { allowConsoleErrors, takeConsoleErrors } from './console-errors';

// The watch every browser test relies on (issue 27 §1): it sees what a page logs, and an allowance lasts one test.
describe('console errors in browser tests', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('records a console error and an uncaught exception of any page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setContent('<p>page</p>');
    await page.evaluate(() => {
      console.error('logged on purpose');
      setTimeout(() => {
        throw new Error('thrown on purpose');
      });
    });
    await expect.poll(() => page.evaluate(() => true)).toBe(true);
    await page.waitForTimeout(100);
    const errors = takeConsoleErrors();
    expect(errors.some((text) => text.includes('logged on purpose'))).toBe(true);
    expect(errors.some((text) => text.includes('thrown on purpose'))).toBe(true);
    await context.close();
  });

  it('leaves out what the test allows, for that test only', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    allowConsoleErrors(/allowed on purpose/);
    await page.evaluate(() => console.error('allowed on purpose'));
    await page.waitForTimeout(100);
    await context.close();
  });
});
