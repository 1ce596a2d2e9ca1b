import { appendFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';

/*
 * Every browser test fails on a console error or an uncaught exception of any page it opened
 * (issue 27 §1): an error a test did not look for is still a fault. launchBrowser() watches every
 * context of its browser; console-errors.setup.ts checks after each test. A test that provokes an
 * error on purpose names it with allowConsoleErrors(). Two of Chromium's own "Failed to load
 * resource" lines are left out: for a main document answered 4xx or 5xx (error pages are checked by
 * their tests), and for an API call answered 4xx (the API, like the house studio's, answers a refusal, such as a wrong
 * password or too few tokens, with a 4xx status and its error key: the page shows it). A 5xx of the
 * API, or any other resource that fails, still fails the test.
 * E2E_CONSOLE_ERRORS=report writes what was seen to the file E2E_CONSOLE_ERRORS_FILE instead of failing.
 */

interface SeenError {
  text: string;
  /** The URL Chromium's "Failed to load resource" line names, to leave out main documents. */
  source?: string;
}

const seen: SeenError[] = [];
const mainDocuments = new Set<string>();
let allowed: RegExp[] = [];

function isMainDocument(page: Page, response: Response): boolean {
  const request = response.request();
  return request.resourceType() === 'document' && request.isNavigationRequest() && request.frame() === page.mainFrame();
}

function isApiCall(url: string): boolean {
  try {
    // The platform's API, and the house studio's (/house/api/), which answers its refusals the same way.
    return /^\/(?:house\/)?api\//.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

function watchPage(page: Page): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location().url;
    const text = `console error on ${page.url()}: ${message.text()}${source ? ` (${source})` : ''}`;
    if (message.text().startsWith('Failed to load resource')) {
      if (/status of 4\d\d\b/.test(message.text()) && isApiCall(source)) return;
      seen.push({ text, source });
    } else seen.push({ text });
  });
  page.on('pageerror', (error) => seen.push({ text: `uncaught exception on ${page.url()}: ${error.stack ?? error.message}` }));
  page.on('response', (response) => {
    if (isMainDocument(page, response)) mainDocuments.add(response.url());
  });
}

function watchContext(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) watchPage(page);
  context.on('page', watchPage);
  return context;
}

/** Watches every page of every context the browser makes from now on. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => watchContext(await newContext(...args));
  return browser;
}

/** Errors the current test provokes on purpose (cleared after each test). */
export function allowConsoleErrors(...patterns: RegExp[]): void {
  allowed.push(...patterns);
}

/** The errors seen since the last call that no allowance covers; forgets them all. */
export function takeConsoleErrors(): string[] {
  const errors = seen
    .filter((error) => error.source === undefined || !mainDocuments.has(error.source))
    .map((error) => error.text)
    .filter((text) => !allowed.some((pattern) => pattern.test(text)));
  seen.length = 0;
  allowed = [];
  return errors;
}

/** Whether errors are reported to a file rather than failing the test (E2E_CONSOLE_ERRORS=report). */
export function reportConsoleErrors(testName: string, errors: string[]): boolean {
  if (process.env.E2E_CONSOLE_ERRORS !== 'report') return false;
  const file = process.env.E2E_CONSOLE_ERRORS_FILE;
  if (file && errors.length) appendFileSync(file, `${JSON.stringify({ test: testName, errors })}\n`);
  return true;
}
