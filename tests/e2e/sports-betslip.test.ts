import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { fromMinorUnits, toMinorUnits, type BetHistoryReply, type Match, type PlaceBetReply, type SportsSettingsReply } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { openAsDemoPlayer, sessionCall, shownAmount } from './calls';
import { DESKTOP, PageProblems, horizontalOverflow, newContext, screenshots, waitForHydration, type Viewport } from './browser';
import { enText } from './texts';

/**
 * The betslip of ADR 0035 in Chromium against the built server, as the demo player of a
 * sportsbook site: a price of /sports is a toggle that puts its selection on the slip; a single
 * and then an accumulator of two matches are placed from it at 1280 px (the slip a column beside
 * the board) and at 390 px (a bottom sheet, collapsed to a bar that covers no price); the receipt
 * names the tickets and bet history shows both, with their legs. Only upcoming matches are
 * chosen (no in-play acceptance delay), and the slip takes any price change, since the demo
 * feed moves its prices. The slip's settings follow the player's account (ADR 0038): American odds
 * chosen in one browser show in another once the player logs in there.
 */

const e2e = useServerAndBrowser();
const HOST = 'sportsbook1.localhost';
const PHONE = { width: 390, height: 844 } as const;

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/**
 * The first 1X2 price of each upcoming match that takes bets now and starts in more than 20
 * minutes (the demo feed kicks matches off every few minutes: a bet on one under way would wait
 * the in-play delay), by match.
 */
async function upcomingPrices(page: Page): Promise<Locator[]> {
  const ids = await page.locator('[data-testid="match"][data-status="upcoming"]:not([data-suspended])').evaluateAll((rows) =>
    rows
      .filter((row) => row.querySelector('[data-market="1X2"] .sb-price:not([disabled])'))
      .filter((row) => Date.parse(row.querySelector('time')?.getAttribute('datetime') ?? '') > Date.now() + 20 * 60_000)
      .map((row) => row.getAttribute('data-match-id')),
  );
  expect(ids.length).toBeGreaterThanOrEqual(3);
  return ids.map((id) => page.locator(`[data-testid="match"][data-match-id="${id}"] [data-market="1X2"] .sb-price`).first());
}

/** An amount with the site's currency as the slip shows it. */
function money(amount: string, currency: string): string {
  return `${shownAmount(amount)} ${currency}`;
}

/** Opens the phone's sheet (a bar until then); nothing to do on a wide screen. */
async function openSheet(page: Page, phone: boolean): Promise<void> {
  if (!phone) return;
  const toggle = page.getByTestId('betslip-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Presses the place button and waits for the receipt; answers the ticket numbers it shows. */
async function place(page: Page, slip: Locator): Promise<{ tickets: string[]; kinds: string[] }> {
  await slip.getByTestId('betslip-place').click();
  const receipt = slip.getByTestId('betslip-receipt');
  await receipt.waitFor({ timeout: 20_000 });
  const items = await receipt
    .getByTestId('betslip-ticket')
    .evaluateAll((list) => list.map((item) => [item.getAttribute('data-ticket') ?? '', item.getAttribute('data-kind') ?? '']));
  for (const [ticket] of items) expect(await text(receipt)).toContain(enText('betslip.ticket', { ticket }));
  return { tickets: items.map(([ticket]) => ticket!), kinds: items.map(([, kind]) => kind!) };
}

describe('the betslip', () => {
  it.each([
    ['1280 px', DESKTOP],
    ['390 px', PHONE],
  ] as [string, Viewport][])('at %s: places a single, then an accumulator of two matches, and bet history shows both', async (_label, viewport) => {
    const phone = viewport.width < 1100;
    const opened = await openAsDemoPlayer(e2e, HOST, '/sports', { viewport, allow: [/Failed to load resource: net::ERR_/] });
    context = opened.context;
    const { page, problems } = opened;
    await waitForHydration(page, '.sb-price');
    // The region's name is exactly "Betslip" in English; an empty slip on a phone shows nothing (not even its bar).
    const slip = page.getByRole('region', { name: 'Betslip', exact: true });
    const { currency } = await sessionCall<BetHistoryReply>(page, '/api/banking/bet_history', { kind: 'sports', page_size: 1 });
    const prices = await upcomingPrices(page);

    // A single: the price toggles on, the slip lists it.
    await prices[0]!.click();
    await expect.poll(() => prices[0]!.getAttribute('aria-pressed')).toBe('true');
    await slip.waitFor();
    if (phone) {
      // Collapsed, the sheet is a bar with the count; it covers no price (the page leaves room under the board).
      const bar = page.getByTestId('betslip-toggle');
      await bar.waitFor();
      expect(await text(bar)).toContain(enText('betslip.selections', { count: 1 }));
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
    }
    await openSheet(page, phone);
    await slip.getByTestId('betslip-odds-change').selectOption('any');
    const picks = slip.getByTestId('betslip-pick');
    await expect.poll(() => picks.count()).toBe(1);
    const stake = picks.first().getByTestId('betslip-stake');
    // Letters and signs are refused; a decimal stake is taken.
    await stake.pressSequentially('1a-0');
    expect(await stake.inputValue()).toBe('10');
    const odds = await text(picks.first().getByTestId('betslip-odds'));
    const expected = fromMinorUnits((toMinorUnits('10') * toMinorUnits(odds)) / 10_000n);
    expect(await text(picks.first().getByTestId('betslip-return'))).toBe(money(expected, currency));
    const single = await place(page, slip);
    expect(single.kinds).toEqual(['single']);
    expect(single.tickets).toHaveLength(1);
    await screenshots(page, `betslip-single-receipt-${viewport.width}`);
    await slip.getByRole('button', { name: enText('betslip.done') }).click();
    // Placed, the slip is cleared and its price is off.
    await expect.poll(() => prices[0]!.getAttribute('aria-pressed')).toBe('false');

    // An accumulator of two other matches: offered with two selections of different matches.
    await prices[1]!.click();
    await prices[2]!.click();
    await openSheet(page, phone);
    await expect.poll(() => picks.count()).toBe(2);
    const accumulator = slip.getByTestId('betslip-accumulator');
    expect(await accumulator.getAttribute('data-offered')).toBe('true');
    await accumulator.getByRole('button', { name: '50', exact: true }).click();
    expect(await accumulator.getByTestId('betslip-stake').inputValue()).toBe('50');
    await accumulator.getByTestId('betslip-stake').fill('5.5');
    const legOdds = await picks.getByTestId('betslip-odds').allTextContents();
    // Stake × the product of the prices, exactly, cut to the money scale (ADR 0035).
    const product = legOdds.reduce((total, price) => total * toMinorUnits(price.trim()), toMinorUnits('5.5')) / 10_000n ** BigInt(legOdds.length);
    expect(await text(accumulator.getByTestId('betslip-return'))).toBe(money(fromMinorUnits(product), currency));
    await screenshots(page, `betslip-accumulator-${viewport.width}`);
    const acca = await place(page, slip);
    expect(acca.kinds).toEqual(['accumulator']);
    // The receipt leads to bet history.
    await slip.getByTestId('betslip-history-link').click();
    await page.waitForURL((url) => url.pathname === '/bet-history' && url.searchParams.get('kind') === 'sports');
    await page.waitForFunction(() => document.querySelector('[data-testid="history-list"]')?.getAttribute('data-state') === 'ready');

    // Both tickets: the single with one leg, the accumulator with two, both open.
    const history = await sessionCall<BetHistoryReply>(page, '/api/banking/bet_history', { kind: 'sports', page_size: 10 });
    for (const [ticket, kind, legs] of [
      [single.tickets[0]!, 'single', 1],
      [acca.tickets[0]!, 'accumulator', 2],
    ] as const) {
      const record = history.value.find((bet) => bet.reference === ticket);
      expect(record, ticket).toMatchObject({ bet_kind: kind, status: 'pending' });
      const row = page.locator(`[data-testid="bet-row"][data-bet-id="${record!.bet_id}"]`);
      await row.waitFor();
      expect(await row.getByTestId('sports-ticket').getAttribute('data-bet-kind')).toBe(kind);
      expect(await row.getByTestId('ticket-leg').count()).toBe(legs);
      expect(await text(row.getByTestId('status-badge'))).toBe(enText('history.ticket.open'));
      expect(await text(row.getByTestId('ticket-potential-return'))).toBe(money(record!.potential_return!, history.currency));
    }
    await screenshots(page, `betslip-history-${viewport.width}`);
    expect(problems.list).toEqual([]);
  });

  it('cashes out an open accumulator from bet history after a confirm step', async () => {
    const opened = await openAsDemoPlayer(e2e, HOST, '/bet-history?kind=sports', { allow: [/Failed to load resource: net::ERR_/] });
    context = opened.context;
    const { page, problems } = opened;
    // An accumulator of two upcoming matches, placed through the API.
    const feed = (await (await fetch(e2e.server.url('localhost', '/api/home/match_list'))).json()) as { value: Match[] };
    const later = feed.value.filter((match) => match.status === 'upcoming' && !match.suspended && Date.parse(match.start_time) > Date.now() + 20 * 60_000);
    const selections = later.slice(0, 2).map((match) => match.odds.find((selection) => selection.bet_type === '1X2')!);
    const placed = await sessionCall<PlaceBetReply>(page, '/api/sports/place_bet', {
      selections: selections.map(({ selection_id, odds }) => ({ selection_id, odds })),
      stake: '5',
      odds_change: 'any',
      client_bet_id: `e2e-cash-out-${Date.now()}`,
    });
    expect(placed.statusCode).toBe(1);
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('[data-testid="history-list"]')?.getAttribute('data-state') === 'ready');
    const history = await sessionCall<BetHistoryReply>(page, '/api/banking/bet_history', { kind: 'sports', status: 'pending', page_size: 10 });
    const open = history.value.find((bet) => 'bet' in placed && bet.bet_id === placed.bet.bet_id);
    expect(open?.cash_out, 'the new accumulator has a cash-out offer').toBeTruthy();
    const row = page.locator(`[data-testid="bet-row"][data-bet-id="${open!.bet_id}"]`);
    await row.getByTestId('cash-out-button').click();
    // Confirm; an offer that moved meanwhile is shown and asked again.
    for (let attempt = 0; attempt < 3 && (await row.getAttribute('data-status')) === 'pending'; attempt += 1) {
      const confirm = row.getByTestId('cash-out-confirm');
      if (!(await confirm.isVisible())) break;
      await confirm.click();
      await page.waitForFunction((id) => {
        const element = document.querySelector(`[data-testid="bet-row"][data-bet-id="${id}"]`);
        return (
          element?.getAttribute('data-status') === 'cashed_out' || element?.querySelector('[data-testid="cash-out"]')?.getAttribute('data-stage') !== 'busy'
        );
      }, open!.bet_id);
    }
    await expect.poll(() => row.getAttribute('data-status')).toBe('cashed_out');
    expect(await text(row.getByTestId('status-badge'))).toBe(enText('history.bets.statuses.cashed_out'));
    expect(problems.list).toEqual([]);
  });

  it("follows the player's account: American odds chosen in one browser show in a fresh one after logging in", async () => {
    const allow = [/Failed to load resource: net::ERR_/];
    // One browser: the demo player chooses American odds on the slip; the account keeps them.
    const first = await openAsDemoPlayer(e2e, HOST, '/sports', { allow });
    context = first.context;
    await waitForHydration(first.page, '.sb-price');
    await (await upcomingPrices(first.page))[0]!.click();
    const slip = first.page.getByRole('region', { name: 'Betslip', exact: true });
    await slip.getByTestId('betslip-odds-format').selectOption('american');
    await expect.poll(async () => (await sessionCall<SportsSettingsReply>(first.page, '/api/sports/settings')).odds_format).toBe('american');
    expect(first.problems.list).toEqual([]);
    await first.context.close();

    // A fresh browser (nothing stored): the guest sees decimal odds; logged in, the account's American odds.
    context = await newContext(e2e.browser, DESKTOP);
    const page = await context.newPage();
    const problems = new PageProblems(page, allow);
    await page.goto(e2e.server.url(HOST, '/sports'), { waitUntil: 'load' });
    await waitForHydration(page, '.sb-price');
    const shown = () => page.locator('.sb-price .bet-price__odds').evaluateAll((list) => list.slice(0, 6).map((odds) => odds.textContent?.trim() ?? ''));
    expect((await shown()).length).toBeGreaterThan(0);
    for (const odds of await shown()) expect(odds).toMatch(/^\d+\.\d+$/);
    // sportsbook1 logs in in a modal on the same page (docs/product.md §2).
    await page.locator('.account-actions__login').click();
    const dialog = page.locator('dialog[data-modal="login"][open]');
    await dialog.waitFor();
    await dialog.locator('input[name="account_id"]').fill('demo');
    await dialog.locator('input[name="password"]').fill('demo1234');
    await dialog.locator('button[type="submit"]').click();
    await page.locator('.account-actions__wallet').waitFor();
    // American odds: "+150" above evens, "−200" (a true minus sign) below.
    await expect.poll(async () => (await shown()).every((odds) => /^[+\u2212]\d+$/.test(odds))).toBe(true);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('wl.sports.settings'))) ?? '{}')).toMatchObject({ oddsFormat: 'american' });
    expect(problems.list).toEqual([]);
    // The file's other tests read decimal prices: the account goes back to them.
    expect(await sessionCall(page, '/api/sports/settings/save', { odds_format: 'decimal' })).toMatchObject({ statusCode: 1, odds_format: 'decimal' });
  });
});
