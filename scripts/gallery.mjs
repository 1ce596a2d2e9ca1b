#!/usr/bin/env node
/* global document */
/**
 * npm run gallery: screenshots of the home page of every template's demo site at 375 and 1280 px,
 * and an index page showing them side by side.
 *
 * Builds what is missing (WEB_BUILD_DIR and API_BUILD_DIR may point at other builds, as for the
 * server and the browser tests), starts the built server on a free port with a temporary database, opens
 * http://<theme_code>.localhost:<port>/ in Chromium (CHROMIUM_PATH, else /usr/bin/chromium) and
 * writes <template>-<theme_code>-<width>.png and index.html into GALLERY_DIR (default gallery/).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, ROOT, ensureBuilt, startBuiltServer, stopBuiltServer } from './lib/built-server.mjs';

const OUT = path.resolve(process.env.GALLERY_DIR || path.join(ROOT, 'gallery'));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const VIEWPORTS = [
  { width: 375, height: 812, maxHeight: 2200 },
  { width: 1280, height: 900, maxHeight: 2400 },
];
/**
 * A full-page capture draws the page beyond the viewport without scrolling it: sections the page
 * leaves unrendered until they come near the screen (content-visibility: auto) would come out blank.
 */
const SHOW_OFFSCREEN = '* { content-visibility: visible !important; }';
/** Pages shot at once: two cores serve the site and draw the pages. */
const PARALLEL = 3;

function fail(message) {
  console.error(`gallery: ${message}`);
  process.exit(1);
}

/** The theme table of the contracts (docs/product.md D1): theme code, template, colours. */
async function readThemes() {
  const source = await readFile(path.join(ROOT, 'packages', 'contracts', 'src', 'constants', 'themes.ts'), 'utf8');
  const pattern = /(\w+): \{ template: '(template\d+)', family: '(\w+)', colors: \[([^\]]*)\] \}/g;
  const themes = [...source.matchAll(pattern)].map(([, code, template, family, colors]) => ({
    code,
    template,
    family,
    colors: [...colors.matchAll(/'([^']+)'/g)].map((match) => match[1]),
  }));
  if (themes.length !== 22) fail(`expected 22 themes in the contracts, read ${themes.length}`);
  return themes;
}

/** The design names of templates.ts (labels), for the index page. */
async function readLabels() {
  const source = await readFile(path.join(ROOT, 'packages', 'web', 'app', 'theme', 'templates.ts'), 'utf8');
  return Object.fromEntries([...source.matchAll(/(template\d+): \{\s*label: '([^']+)'/g)].map(([, template, label]) => [template, label]));
}

/** Loads every image now (lazy ones too) and waits for images and fonts to settle. */
async function settle(page) {
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all(
      [...document.images].map((img) =>
        img.complete ? null : new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
      ),
    );
    await document.fonts.ready;
  });
  // The announcement modal opens once per visit: close it if it still came up.
  if (await page.locator('dialog[open]').count()) await page.keyboard.press('Escape');
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(200);
}

async function shoot(browser, port, theme, viewport) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: 'en-US', timezoneId: 'UTC' });
  // A visitor who has already seen the announcement: the page itself, not the modal, is shown.
  await context.addInitScript(() => {
    try {
      sessionStorage.setItem('wl.visit.announcementShown', '1');
    } catch {
      // No storage: the modal is closed in settle().
    }
  });
  const page = await context.newPage();
  try {
    const response = await page.goto(`http://${theme.code}.localhost:${port}/`, { waitUntil: 'load', timeout: 30_000 });
    if (!response || response.status() !== 200) throw new Error(`HTTP ${response?.status() ?? 'no response'}`);
    await settle(page);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const file = `${theme.template}-${theme.code}-${viewport.width}.png`;
    await page.screenshot({
      path: path.join(OUT, file),
      fullPage: true,
      clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, viewport.maxHeight) },
      animations: 'disabled',
      style: SHOW_OFFSCREEN,
    });
    return { file, title: await page.title() };
  } finally {
    await context.close();
  }
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function indexPage(rows) {
  const cards = rows
    .map(
      (row) => `<section class="card">
  <h2>${escapeHtml(row.template)} <span>${escapeHtml(row.label)}</span></h2>
  <p>${escapeHtml(row.title)} · <code>${escapeHtml(row.code)}</code> · ${escapeHtml(row.family)} · colour <b>${escapeHtml(row.color)}</b> (${row.colors.map(escapeHtml).join(', ')})</p>
  <div class="shots">
    <a href="${row.shots[375]}"><img src="${row.shots[375]}" alt="${escapeHtml(row.template)} at 375 px" width="375" loading="lazy"></a>
    <a href="${row.shots[1280]}"><img src="${row.shots[1280]}" alt="${escapeHtml(row.template)} at 1280 px" width="1280" loading="lazy"></a>
  </div>
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Template gallery</title>
<style>
  body { margin: 0; padding: 24px; background: #16181d; color: #eceef2; font: 15px/1.5 system-ui, sans-serif; }
  h1 { margin: 0 0 4px; }
  .card { margin: 28px 0; padding: 18px; background: #20232b; border-radius: 14px; }
  .card h2 { margin: 0; font-size: 20px; }
  .card h2 span { color: #9aa3b5; font-weight: 500; }
  .card p { margin: 4px 0 14px; color: #c3c8d3; }
  .shots { display: flex; gap: 18px; align-items: flex-start; overflow-x: auto; }
  .shots a { flex-shrink: 0; }
  .shots img { display: block; height: auto; border-radius: 8px; box-shadow: 0 6px 24px rgb(0 0 0 / .4); }
  .shots a:first-child img { width: 260px; }
  .shots a:last-child img { width: min(960px, calc(100vw - 360px)); min-width: 480px; }
</style>
</head>
<body>
<h1>Template gallery</h1>
<p>The home page of every template's demo site, at 375 px and 1280 px (first colour of each row).</p>
${cards}
</body>
</html>
`;
}

async function main() {
  const started = Date.now();
  const [themes, labels] = await Promise.all([readThemes(), readLabels()]);
  if (!existsSync(CHROMIUM)) fail(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
  ensureBuilt('gallery');
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    fail('playwright-core is not installed: run npm install');
  }
  await mkdir(OUT, { recursive: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wl-gallery-'));
  let server;
  let browser;
  try {
    server = await startBuiltServer(dataDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    const jobs = themes.flatMap((theme) => VIEWPORTS.map((viewport) => ({ theme, viewport })));
    const results = new Map();
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const { theme, viewport } = jobs[next++];
        const shot = await shoot(browser, server.port, theme, viewport);
        const row = results.get(theme.code) ?? { ...theme, label: labels[theme.template] ?? '', color: theme.colors[0], title: shot.title, shots: {} };
        row.shots[viewport.width] = shot.file;
        results.set(theme.code, row);
        console.log(`gallery: ${shot.file}`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const rows = themes.map((theme) => results.get(theme.code));
    await writeFile(path.join(OUT, 'index.html'), indexPage(rows));
  } finally {
    await browser?.close();
    if (server) await stopBuiltServer(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`gallery: ${themes.length * VIEWPORTS.length} screenshots in ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`gallery: open ${path.join(OUT, 'index.html')}`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
