import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Match } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { DESKTOP, PageProblems, horizontalOverflow, newContext, screenshots, waitForHydration } from './browser';
import { enText, textsIn } from './texts';

/**
 * /sports (issue 7) in Chromium against the built server: the matches of match_list with team
 * names in the page's language (the seed's local names, English where a language has none),
 * grouped by league with live matches first, prices readable on a 320 px phone without sideways
 * scrolling, and a price as a toggle of the betslip (ADR 0035) with the fields of docs/product.md §3,
 * in the odds format the player chose.
 */

// The seeded matches as they are: these tests compare the page with match_list, which the simulated
// feed (ADR 0036) would change between the two reads. The betslip's tests run with the feed.
const e2e = useServerAndBrowser({ env: { SPORTS_FEED: 'off' } });

let context: BrowserContext;
afterEach(async () => {
  await context?.close();
});

/** The feed as the API answers it, by match id. */
async function matchList(): Promise<Map<number, Match>> {
  const response = await fetch(e2e.server.url('localhost', '/api/home/match_list'));
  const reply = (await response.json()) as { statusCode: number; value: Match[] };
  expect(reply.statusCode).toBe(1);
  return new Map(reply.value.map((match) => [match.match_id, match]));
}

async function open(host: string, pathname: string, viewport: { width: number; height: number } = DESKTOP): Promise<{ page: Page; problems: PageProblems }> {
  context = await newContext(e2e.browser, viewport);
  const page = await context.newPage();
  const problems = new PageProblems(page);
  await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
  await waitForHydration(page, '.sb-price');
  return { page, problems };
}

/** Each match row's id and its two team names as shown. */
function shownTeams(page: Page): Promise<{ id: number; home: string; away: string }[]> {
  return page.getByTestId('match').evaluateAll((rows) =>
    rows.map((row) => ({
      id: Number(row.getAttribute('data-match-id')),
      home: row.querySelector('[data-side="home"] .sb-match__name')?.textContent ?? '',
      away: row.querySelector('[data-side="away"] .sb-match__name')?.textContent ?? '',
    })),
  );
}

describe('/sports', () => {
  it('shows the team names in Vietnamese on /vi/sports and in English on /sports', async () => {
    const feed = await matchList();
    const vi = await textsIn('vi');
    const localised = [...feed.values()].filter((match) => match.home_name_vi && match.home_name_vi !== match.home_team_name);
    expect(localised.length).toBeGreaterThan(0);

    const { page, problems } = await open('casino1.localhost', '/vi/sports');
    expect(await page.locator('h1').textContent()).toBe(vi('_m:sports'));
    const vietnamese = await shownTeams(page);
    expect(vietnamese.length).toBe(feed.size);
    for (const row of vietnamese) {
      const match = feed.get(row.id)!;
      expect(row).toEqual({ id: row.id, home: match.home_name_vi ?? match.home_team_name, away: match.away_name_vi ?? match.away_team_name });
    }
    // The seed's Spain v Italy reads "Tây Ban Nha" v "Ý".
    expect(vietnamese.some((row) => row.home === 'Tây Ban Nha' && row.away === 'Ý')).toBe(true);
    expect(await page.getByRole('group', { name: vi('sports.market.OU') }).count()).toBeGreaterThan(0);
    expect(problems.list).toEqual([]);

    // The same page in English.
    await page.goto(e2e.server.url('casino1.localhost', '/sports'), { waitUntil: 'load' });
    await waitForHydration(page, '.sb-price');
    const english = await shownTeams(page);
    for (const row of english) {
      const match = feed.get(row.id)!;
      expect(row).toEqual({ id: row.id, home: match.home_team_name, away: match.away_team_name });
    }
    expect(english.some((row) => row.home === 'Spain' && row.away === 'Italy')).toBe(true);
    expect(problems.list).toEqual([]);
  });

  it('groups the matches by league, live ones first, each league its own sport and league only', async () => {
    const feed = await matchList();
    const { page, problems } = await open('sportsbook1.localhost', '/sports');
    const leagues = await page.getByTestId('league').evaluateAll((sections) =>
      sections.map((section) => ({
        sport: section.getAttribute('data-sport'),
        league: section.getAttribute('data-league'),
        days: [...section.querySelectorAll('.sb-day')].map((day) => ({
          day: day.getAttribute('data-day'),
          ids: [...day.querySelectorAll('[data-testid="match"]')].map((row) => Number(row.getAttribute('data-match-id'))),
        })),
      })),
    );
    const expectedLeagues = new Set([...feed.values()].map((match) => `${match.sport}:${match.league}`));
    expect(leagues.map((league) => `${league.sport}:${league.league}`).sort()).toEqual([...expectedLeagues].sort());
    for (const league of leagues) {
      const ids = league.days.flatMap((day) => day.ids);
      for (const id of ids) expect(feed.get(id)).toMatchObject({ sport: league.sport, league: league.league });
      // Live matches lead their league, under their own heading; then one heading per day, in order.
      const live = league.days.filter((day) => day.day === 'live');
      if (live.length) expect(league.days[0]!.day).toBe('live');
      for (const id of live.flatMap((day) => day.ids)) expect(feed.get(id)!.status).toBe('live');
      const days = league.days.filter((day) => day.day !== 'live').map((day) => day.day!);
      expect(days).toEqual([...days].sort());
      expect(new Set(days).size).toBe(days.length);
    }
    // Every open match once.
    expect(leagues.flatMap((league) => league.days.flatMap((day) => day.ids)).sort((a, b) => a - b)).toEqual([...feed.keys()].sort((a, b) => a - b));

    // The sport filter narrows the board to one sport.
    await page.getByRole('navigation', { name: enText('sports.filterLabel') }).getByRole('link', { name: enText('sports.sport.tennis') }).click();
    await page.waitForURL((url) => url.searchParams.get('sport') === 'tennis');
    await expect.poll(() => page.getByTestId('league').evaluateAll((sections) => sections.map((section) => section.getAttribute('data-sport')))).toEqual(['tennis']);
    expect(problems.list).toEqual([]);
  });

  it.each([
    ['casino1', '/vi/sports'],
    ['slot5', '/sports'],
    ['sportsbook1', '/rus/sports'],
  ])('%s %s: no sideways scroll at 320 px, prices as large tap targets', async (theme, pathname) => {
    const { page, problems } = await open(`${theme}.localhost`, pathname, { width: 320, height: 720 });
    // Nothing of the board reaches past the screen's edge...
    const outside = await page.locator('.sports *').evaluateAll((elements) =>
      elements.filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5).map((element) => element.className),
    );
    expect(outside).toEqual([]);
    // ...and the page does not scroll sideways (the site frame's Russian footer is wider on sportsbook1: not this page's).
    if (!pathname.startsWith('/rus')) {
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
    }
    const sizes = await page.locator('.sb-price').evaluateAll((buttons) => buttons.slice(0, 20).map((button) => button.getBoundingClientRect()));
    for (const size of sizes) {
      expect(size.height).toBeGreaterThanOrEqual(44);
      expect(size.width).toBeGreaterThanOrEqual(44);
      expect(size.right).toBeLessThanOrEqual(320);
    }
    // The odds are not cut: every price shows its whole text.
    const clipped = await page.locator('.bet-price__odds').evaluateAll((odds) => odds.filter((element) => element.scrollWidth > element.clientWidth).length);
    expect(clipped).toBe(0);
    expect(problems.list).toEqual([]);
  });

  it('a price is a toggle: its selection goes on the betslip in the page language, and a guest is asked to log in', async () => {
    const feed = await matchList();
    const vi = await textsIn('vi');
    const { page, problems } = await open('casino1.localhost', '/vi/sports');
    // Spain v Italy (football): Spain plays other matches too.
    const row = page
      .getByTestId('match')
      .filter({ has: page.locator('[data-side="home"] .sb-match__name', { hasText: /^Tây Ban Nha$/ }) })
      .filter({ has: page.locator('[data-side="away"] .sb-match__name', { hasText: /^Ý$/ }) });
    const id = Number(await row.getAttribute('data-match-id'));
    const match = feed.get(id)!;
    const away = match.odds.find((selection) => selection.bet_type === 'HDP' && selection.home_away === 'away')!;
    const price = row.locator('[data-market="HDP"] .sb-price').nth(1);
    expect(await price.getAttribute('aria-pressed')).toBe('false');
    await price.click();
    await expect.poll(() => price.getAttribute('aria-pressed')).toBe('true');

    // The slip (named in the page's language) lists the selection: the match, the market, the pick with its line, the odds.
    const slip = page.getByRole('region', { name: vi('betslip.title'), exact: true });
    const pick = slip.getByTestId('betslip-pick');
    await pick.waitFor();
    expect(await pick.getAttribute('data-selection-id')).toBe(String(away.selection_id));
    // The away side's line is the home handicap with its sign turned.
    const line = away.criteria1!.startsWith('-') ? `+${away.criteria1!.slice(1)}` : `-${away.criteria1!.replace(/^\+/, '')}`;
    expect(await pick.locator('.slip-pick__market').textContent()).toBe(vi('sports.market.HDP'));
    expect(await pick.locator('.slip-pick__pick').textContent()).toBe(`Ý ${line}`);
    expect(((await pick.locator('.slip-pick__match').textContent()) ?? '').trim()).toBe(`Tây Ban Nha ${vi('sports.versus')} Ý`);
    expect(await pick.getByTestId('betslip-odds').textContent()).toBe(away.odds);
    await screenshots(page, 'sports-betslip-vi');

    // A guest sees the slip; placing opens the login.
    const place = slip.getByTestId('betslip-place');
    expect(await place.textContent()).toBe(vi('betslip.logIn'));
    await place.click();
    await page.locator('dialog[data-modal="login"][open]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog[data-modal="login"][open]').waitFor({ state: 'detached' });

    // Pressed again, the price comes off the slip; the site's sportsbooks still open their first game on /playnow.
    await price.click();
    await expect.poll(() => price.getAttribute('aria-pressed')).toBe('false');
    expect(await slip.getByTestId('betslip-pick').count()).toBe(0);
    const links = page.locator('.sportsbooks .sportsbooks__link');
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))) {
      expect(href).toMatch(/^\/vi\/playnow\?provider=[A-Z0-9]+&game=[A-Z0-9-]+&from=%2Fsports$/);
    }
    expect(problems.list).toEqual([]);
  });

  it('shows prices in the odds format chosen on the slip, and keeps the slip across a reload', async () => {
    const { page, problems } = await open('sportsbook2.localhost', '/sports');
    const first = page.locator('[data-testid="match"][data-status="upcoming"]:not([data-suspended]) [data-market="1X2"] .sb-price').first();
    const selectionId = Number(await first.getAttribute('data-selection-id'));
    await first.click();
    const slip = page.getByRole('region', { name: enText('betslip.title'), exact: true });
    await slip.getByTestId('betslip-pick').waitFor();
    // The decimal price as the slip shows it, then its fraction: the profit over the stake, reduced.
    const odds = (await slip.getByTestId('betslip-odds').textContent())!;
    const [whole, decimals = ''] = odds.split('.');
    const denominator = 10n ** BigInt(decimals.length);
    const profit = BigInt(whole!) * denominator + BigInt(decimals || '0') - denominator;
    const gcd = (a: bigint, b: bigint): bigint => (b ? gcd(b, a % b) : a);
    const fraction = `${profit / gcd(profit, denominator)}/${denominator / gcd(profit, denominator)}`;
    await slip.getByTestId('betslip-odds-format').selectOption('fractional');
    await expect.poll(() => slip.getByTestId('betslip-odds').textContent()).toBe(fraction);
    expect(await page.locator(`.sb-price[data-selection-id="${selectionId}"] .bet-price__odds`).textContent()).toBe(fraction);

    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page, '.sb-price');
    await expect.poll(() => page.locator(`.sb-price[data-selection-id="${selectionId}"]`).getAttribute('aria-pressed')).toBe('true');
    expect(await slip.getByTestId('betslip-odds').textContent()).toBe(fraction);
    expect(problems.list).toEqual([]);
  });

  it('looks right on casino1, sportsbook1 and slot5', async () => {
    for (const theme of ['casino1', 'sportsbook1', 'slot5']) {
      const { page, problems } = await open(`${theme}.localhost`, '/sports');
      await screenshots(page, `sports-${theme}`);
      expect(problems.list).toEqual([]);
      await context.close();
    }
  });
});
