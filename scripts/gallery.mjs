#!/usr/bin/env node
/* global document */
/**
 * npm run gallery: screenshots of the home page of every template's demo site at 375 and 1280 px,
 * and an index page showing them side by side.
 *
 * Builds the site when there is no build (WEB_BUILD_DIR, as the server reads it, may point at
 * another one), starts the built server on a free port with a temporary database, opens
 * http://<theme_code>.localhost:<port>/ in Chromium (CHROMIUM_PATH, else /usr/bin/chromium) and
 * writes <template>-<theme_code>-<width>.png and index.html into GALLERY_DIR (default gallery/).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.resolve(process.env.GALLERY_DIR || path.join(ROOT, 'gallery'));
const WEB_BUILD = path.resolve(process.env.WEB_BUILD_DIR || path.join(ROOT, 'packages', 'web', 'build'));
const SERVER_ENTRY = path.join(ROOT, 'packages', 'api', 'dist', 'main.js');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VIEWPORTS = [
  { width: 375, height: 812, maxHeight: 2200 },
  { width: 1280, height: 900, maxHeight: 2400 },
];
/** Pages shot at once: two cores serve the site and draw the pages. */
const PARALLEL = 3;
const READY_TIMEOUT_MS = 90_000;

function fail(message) {
  console.error(`gallery: ${message}`);
  process.exit(1);
}

/** The theme table of the contracts (decisions.md §1): theme code, template, colours. */
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

function ensureBuild() {
  if (!existsSync(SERVER_ENTRY)) {
    console.log('gallery: no server bundle, running npm run build');
    if (spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) fail('the build failed');
  } else if (!existsSync(path.join(WEB_BUILD, 'server', 'index.js'))) {
    console.log('gallery: no site build, running npm run build -w @wl/web');
    if (spawnSync('npm', ['run', 'build', '-w', '@wl/web'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) fail('the site build failed');
  }
}

/** Starts the built server on a free port with a fresh database; resolves with its port. */
async function startServer(dataDir) {
  const env = { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_BUILD_DIR: WEB_BUILD };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server was not ready in time')), READY_TIMEOUT_MS);
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        try {
          const msg = JSON.parse(line).msg;
          const match = typeof msg === 'string' && msg.startsWith('Demo site:') ? /https?:\/\/\S+/.exec(msg) : null;
          if (match) {
            clearTimeout(timer);
            resolve(Number(new URL(match[0]).port));
          }
        } catch {
          // Not a log line.
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (code ${code}):\n${output.slice(-30).join('\n')}`));
    });
  });
  return { child, port };
}

function stopServer(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
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
  ensureBuild();
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
    server = await startServer(dataDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
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
    if (server) await stopServer(server.child);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`gallery: ${themes.length * VIEWPORTS.length} screenshots in ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(`gallery: open ${path.join(OUT, 'index.html')}`);
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
