import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_LANGS, contentLang, type LocaleCode } from '@wl/contracts';
import type { BootData } from '../api.js';

/*
 * The game page: a small HTML document naming the built client's script and style (from Vite's
 * manifest) with the page's boot data as JSON. The boot data holds the session token, so the page
 * is never cached and the token never appears in a URL.
 */

export const CLIENT_ENTRY = 'src/client/main.tsx';

export interface ClientAssets {
  script: string;
  styles: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
}

/** The built client's entry files, or null when the client has not been built. */
export function readClientAssets(clientDir: string, base: string): ClientAssets | null {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) return null;
  return { script: `${base}${entry.file}`, styles: (entry.css ?? []).map((file) => `${base}${file}`) };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** JSON safe inside a <script> element: no "</script>", no HTML comment openers. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function gamePage(assets: ClientAssets, boot: BootData, locale: LocaleCode): string {
  return `<!doctype html>
<html lang="${escapeHtml(contentLang(locale) || LOCALE_LANGS.EN)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>House Studio</title>
<link rel="icon" href="data:,">
${assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
</head>
<body>
<div id="house-root"></div>
<script type="application/json" id="house-boot">${scriptJson(boot)}</script>
<script type="module" src="${escapeHtml(assets.script)}"></script>
</body>
</html>`;
}

/** A plain page for a launch that cannot open (bad signature, unknown game, client not built). */
export function errorPage(title: string, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1020;color:#e8e8f0;font:16px/1.5 system-ui,sans-serif;text-align:center;padding:24px;box-sizing:border-box}h1{font-size:20px}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
}
