import { chromium } from 'playwright-core';
const [,, url, out, width = '1280'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
const res = await page.goto(url);
console.log(res.status(), await page.title());
await page.screenshot({ path: out, fullPage: false });
await browser.close();
