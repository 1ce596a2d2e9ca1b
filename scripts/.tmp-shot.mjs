import { chromium } from 'playwright-core';
const [,, out, ...specs] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking'] });
for (const spec of specs) {
  const [name, url, width, full] = spec.split('|');
  const ctx = await browser.newContext({ viewport: { width: Number(width), height: Number(width) < 500 ? 812 : 900 }, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36' });
  await ctx.addCookies([{ name: 'announcement_seen', value: '1', url }]).catch(()=>{});
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log(name, 'console:', m.text()); });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: full === 'full' });
  await ctx.close();
}
await browser.close();
