import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PAGINATION, displayNumber, type BetHistoryReply, type DepositsReply, type StatementReply, type WithdrawalsReply } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { seriousViolations } from './axe';
import { openAsDemoPlayer, sessionCall } from './calls';
import { DESKTOP, horizontalOverflow, screenshots, waitForHydration, type PageProblems, type Viewport } from './browser';
import { enText, textsIn } from './texts';

/**
 * The player's records of issue 9 (/statement, /transaction-history, /bet-history) in Chromium
 * against the built server, as the seeded demo player: the statement lists the entries the
 * statement call answers (signed amounts, balance after), a type filter narrows the rows and the
 * URL, and paging moves to page 2; the transaction history shows the pending and the rejected
 * deposit with its reason, and the withdrawals tab the approved withdrawal to a masked account;
 * the bet history shows game rounds and sports bets (a betslip's ticket with its legs), and its
 * sports tab on /vi/bet-history the teams in Vietnamese. Every screen fits 320 px on three templates, has no serious axe
 * violation, and is photographed at 1280 and 375 px.
 */

/** Requests a test cuts short by navigating on (images, route manifests, the session's own calls). */
const EXPECTED = [/Failed to load resource: net::ERR_/];

const e2e = useServerAndBrowser();

let context: BrowserContext;
afterEach(async () => {
  await context?.close();
});

/** Opens `pathname` on `host` as the logged-in demo player, hydrated. */
async function openAsPlayer(host: string, pathname: string, viewport: Viewport = DESKTOP, allow: RegExp[] = []): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await openAsDemoPlayer(e2e, host, pathname, { viewport, allow: [...EXPECTED, ...allow] });
  context = opened.context;
  return opened;
}


/** An amount as the screens show it (docs/product.md §5 digits, thousands grouped), without its sign. */
function shown(amount: string): string {
  const [int = '0', frac] = (displayNumber(amount.replace(/^-/, '')) || '0').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** A signed amount as the statement shows it: "+1,250", "−20.5". */
function signed(amount: string): string {
  if (!/[1-9]/.test(amount)) return shown(amount);
  return `${amount.startsWith('-') ? '\u2212' : '+'}${shown(amount)}`;
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/**
 * Waits until the list shows the reply to the URL's own query (the screens write their state to
 * the URL in the order they read it), not a previous page's rows kept while it loads.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-testid="history-list"]');
    return list?.getAttribute('data-state') === 'ready' && list.getAttribute('data-for') === location.search;
  });
}

async function expectStatementPage(page: Page, reply: StatementReply): Promise<void> {
  const rows = page.getByTestId('statement-row');
  expect(await rows.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-entry-id'))))).toEqual(
    reply.value.map((entry) => entry.entry_id),
  );
  for (const [index, entry] of reply.value.entries()) {
    const row = rows.nth(index);
    expect(await text(row.locator('.history-row__amount .money__value')), `entry ${entry.entry_id}`).toBe(signed(entry.amount));
    expect(await text(row.locator('.history-row__after .money__value')), `entry ${entry.entry_id}`).toBe(shown(entry.balance_after));
    if (entry.reference) expect(await text(row)).toContain(entry.reference);
  }
}

describe('statement', () => {
  it('lists the entries of the statement call, filters by type into the URL, and pages on the server', async () => {
    const { page, problems } = await openAsPlayer('casino1.localhost', '/statement');
    await settled(page);
    const first = await sessionCall<StatementReply>(page, '/api/banking/statement', { page_size: PAGINATION.perPage });
    expect(first.statusCode).toBe(1);
    expect(first.total).toBeGreaterThan(PAGINATION.perPage);
    await expectStatementPage(page, first);
    // Credits and debits read differently without colour: a plus or a minus, and a word for screen readers.
    expect(await page.locator('.history-row__amount[data-sign="credit"] .visually-hidden').first().textContent()).toContain(enText('history.credit'));
    expect(await page.locator('.history-row__amount[data-sign="debit"] .visually-hidden').first().textContent()).toContain(enText('history.debit'));
    // The totals of every matching entry.
    const totals = page.getByTestId('history-totals');
    expect(await text(totals.locator('[data-total="count"] dd'))).toBe(String(first.totals.count));
    expect(await text(totals.locator('[data-total="net"] .money__value'))).toBe(signed(first.totals.net));
    expect(await text(page.getByTestId('history-range'))).toBe(enText('history.showing', { from: '1', to: '10', total: String(first.total) }));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'history-statement');

    // Page 2 is a link of the pagination widget: the URL says so, and the rows are the call's page 2.
    await page.getByRole('link', { name: enText('player.nextPage') }).first().click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page);
    await expectStatementPage(page, await sessionCall<StatementReply>(page, '/api/banking/statement', { page: 2, page_size: PAGINATION.perPage }));

    // A type narrows the rows (and starts at page 1), and the URL keeps it.
    const type = first.types.includes('bet') ? 'bet' : first.types[0]!;
    await page.getByLabel(enText('history.statement.type'), { exact: true }).selectOption(type);
    await page.getByRole('button', { name: enText('history.filters.apply') }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === type && !url.searchParams.has('page'));
    await settled(page);
    const narrowed = await sessionCall<StatementReply>(page, '/api/banking/statement', { types: [type], page_size: PAGINATION.perPage });
    expect(narrowed.total).toBeLessThan(first.total);
    await expectStatementPage(page, narrowed);
    expect(await page.getByTestId('statement-row').evaluateAll((elements, only) => elements.every((element) => element.getAttribute('data-type') === only), type)).toBe(true);
    expect(await text(page.getByTestId('history-totals').locator('[data-total="count"] dd'))).toBe(String(narrowed.totals.count));

    // A day range with nothing in it: the empty state, and the way back clears the filters.
    await page.goto(e2e.server.url('casino1.localhost', `/statement?type=${type}&from=2001-01-01&to=2001-01-31`), { waitUntil: 'load' });
    await page.getByTestId('history-empty').waitFor();
    expect(await text(page.getByTestId('history-empty'))).toContain(enText('history.emptyFiltered'));
    expect(await page.getByLabel(enText('history.filters.from')).inputValue()).toBe('2001-01-01');
    await page.getByRole('link', { name: enText('history.filters.clear') }).click();
    await page.waitForURL((url) => url.pathname === '/statement' && url.search === '');
    await settled(page);
    expect(await page.getByTestId('statement-row').count()).toBe(PAGINATION.perPage);
    expect(problems.list).toEqual([]);
  });
});

describe('transaction history', () => {
  it('shows the pending and the rejected deposit with its reason, and the approved withdrawal on its tab', async () => {
    const { page, problems } = await openAsPlayer('casino1.localhost', '/transaction-history');
    await settled(page);
    const deposits = await sessionCall<DepositsReply>(page, '/api/banking/deposits', { page_size: PAGINATION.perPage });
    expect(deposits.statusCode).toBe(1);
    const rows = page.getByTestId('payment-row');
    expect(await rows.count()).toBe(deposits.value.length);
    const pending = deposits.value.find((deposit) => deposit.status === 'pending')!;
    const rejected = deposits.value.find((deposit) => deposit.status === 'rejected')!;
    expect(pending && rejected).toBeTruthy();
    const pendingRow = page.locator(`[data-testid="payment-row"][data-reference="${pending.reference}"]`);
    expect(await text(pendingRow.getByTestId('status-badge'))).toBe(enText('history.transactions.statuses.pending'));
    expect(await text(pendingRow.locator('.history-row__amount .money__value'))).toBe(shown(pending.amount));
    expect(await text(pendingRow)).toContain(enText('history.notDecided'));
    const rejectedRow = page.locator(`[data-testid="payment-row"][data-reference="${rejected.reference}"]`);
    expect(await text(rejectedRow.getByTestId('status-badge'))).toBe(enText('history.transactions.statuses.rejected'));
    expect(rejected.reason).not.toBe('');
    expect(await text(rejectedRow.getByTestId('rejection-reason'))).toContain(rejected.reason);
    expect(await pendingRow.getByTestId('rejection-reason').count()).toBe(0);
    // The totals of the server: every matching deposit.
    expect(await text(page.getByTestId('history-totals').locator('[data-total="amount"] .money__value'))).toBe(shown(deposits.totals.amount));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'history-transactions-deposits');

    // The status filter narrows to the rejected one.
    await page.getByLabel(enText('history.transactions.status'), { exact: true }).selectOption('rejected');
    await page.getByRole('button', { name: enText('history.filters.apply') }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'rejected');
    await settled(page);
    expect(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-status')))).toEqual(
      deposits.value.filter((deposit) => deposit.status === 'rejected').map(() => 'rejected'),
    );

    // The withdrawals tab is a link: the approved withdrawal, to an account shown by its last four digits.
    await page.locator('.history-tabs').getByRole('link', { name: enText('history.transactions.withdrawals'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'withdrawal');
    const withdrawals = await sessionCall<WithdrawalsReply>(page, '/api/banking/withdrawals', { status: 'rejected', page_size: PAGINATION.perPage });
    // The tab keeps the status filter: the same question about withdrawals.
    if (withdrawals.total === 0) {
      await page.getByTestId('history-empty').waitFor();
      await page.getByRole('link', { name: enText('history.filters.clear') }).click();
      await page.waitForURL((url) => url.searchParams.get('kind') === 'withdrawal' && !url.searchParams.has('status'));
    }
    await settled(page);
    const all = await sessionCall<WithdrawalsReply>(page, '/api/banking/withdrawals', { page_size: PAGINATION.perPage });
    const approved = all.value.find((withdrawal) => withdrawal.status === 'approved')!;
    expect(approved?.bank_account).not.toBeNull();
    const approvedRow = page.locator(`[data-testid="payment-row"][data-kind="withdrawal"][data-reference="${approved.reference}"]`);
    expect(await text(approvedRow.getByTestId('status-badge'))).toBe(enText('history.transactions.statuses.approved'));
    expect(await text(approvedRow.locator('.history-row__amount .money__value'))).toBe(shown(approved.amount));
    const number = approved.bank_account!.account_number;
    const account = await text(approvedRow.locator('[data-fact="account"] dd'));
    expect(account).toContain(`••••${number.slice(-4)}`);
    expect(account).not.toContain(number);
    expect(await page.getByTestId('payment-row').count()).toBe(all.value.length);
    await screenshots(page, 'history-transactions-withdrawals');
    expect(problems.list).toEqual([]);
  });
});

describe('bet history', () => {
  it('shows game rounds and sports bets, and the sports tab on /vi/bet-history names the teams in Vietnamese', async () => {
    const { page, problems } = await openAsPlayer('casino1.localhost', '/vi/bet-history');
    const vi = await textsIn('vi');
    await settled(page);
    const all = await sessionCall<BetHistoryReply>(page, '/api/banking/bet_history', { page_size: PAGINATION.perPage });
    expect(all.statusCode).toBe(1);
    const rows = page.getByTestId('bet-row');
    expect(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-bet-id')))).toEqual(all.value.map((bet) => bet.bet_id));
    const kinds = new Set(all.value.map((bet) => bet.kind));
    expect(kinds).toEqual(new Set(['game', 'sports']));
    // A game round: its game and provider, stake and payout.
    const round = all.value.find((bet) => bet.kind === 'game')!;
    const roundRow = page.locator(`[data-testid="bet-row"][data-bet-id="${round.bet_id}"]`);
    expect(await text(roundRow.getByTestId('bet-title'))).toBe(round.game_name ?? round.game_code);
    expect(await text(roundRow.getByTestId('bet-provider'))).toBe(round.provider_code);
    expect(await text(roundRow.getByTestId('status-badge'))).toBe(vi(`history.bets.statuses.${round.status}`));
    expect(await text(page.getByTestId('history-totals').locator('[data-total="stake"] .money__value'))).toBe(shown(all.totals.stake));
    expect(await text(page.getByTestId('history-totals').locator('[data-total="payout"] .money__value'))).toBe(shown(all.totals.payout));

    // The sports tab: only sports bets, with the bet display and the teams in the page's language.
    await page.locator('.history-tabs').getByRole('link', { name: vi('history.bets.sports'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/vi/bet-history' && url.searchParams.get('kind') === 'sports');
    await settled(page);
    const sports = await sessionCall<BetHistoryReply>(page, '/api/banking/bet_history', { kind: 'sports', page_size: PAGINATION.perPage });
    expect(sports.total).toBeGreaterThan(0);
    expect(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-bet-id')))).toEqual(sports.value.map((bet) => bet.bet_id));
    for (const bet of sports.value) {
      const row = page.locator(`[data-testid="bet-row"][data-bet-id="${bet.bet_id}"]`);
      const home = bet.home_name_vi || bet.home_team_name!;
      const away = bet.away_name_vi || bet.away_team_name!;
      if (bet.bet_kind && bet.legs.length) {
        // A betslip's ticket (ADR 0035): its legs, the first of them the ticket's own match.
        expect(await row.getByTestId('sports-ticket').getAttribute('data-bet-kind')).toBe(bet.bet_kind);
        expect(await row.getByTestId('ticket-leg').count()).toBe(bet.legs.length);
        const first = row.getByTestId('ticket-leg').first();
        expect(await text(first.locator('[data-side="home"]'))).toBe(home);
        expect(await text(first.locator('[data-side="away"]'))).toBe(away);
        expect(await text(first.getByTestId('ticket-leg-odds'))).toBe(bet.legs[0]!.odds);
        if (bet.bet_kind === 'single') expect(await text(row.getByTestId('bet-title'))).toBe(bet.league);
        continue;
      }
      expect(await text(row.locator('[data-side="home"]'))).toBe(home);
      expect(await text(row.locator('[data-side="away"]'))).toBe(away);
      expect(await row.getByTestId('bet-display').getAttribute('data-bet-type')).toBe(bet.bet_type);
      expect(await text(row.locator('.bet-card__odds'))).toBe(bet.odds);
      expect(await text(row.getByTestId('bet-title'))).toBe(bet.league);
    }
    // The seed gives its matches Vietnamese names, and they differ from the English ones.
    expect(sports.value.some((bet) => bet.home_name_vi && bet.home_name_vi !== bet.home_team_name)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'history-bets-vi-sports');
    expect(problems.list).toEqual([]);
  });
});

describe('look', () => {
  const SCREENS = { '/statement': 'statement-row', '/transaction-history': 'payment-row', '/bet-history': 'bet-row' } as const;

  it.each(['casino1', 'slot5', 'sportsbook1'])('%s: the three screens fit 320 px and are photographed', async (theme) => {
    const host = `${theme}.localhost`;
    const { page, problems } = await openAsPlayer(host, '/statement', { width: 320, height: 740 });
    for (const [pathname, rows] of Object.entries(SCREENS)) {
      if (pathname !== '/statement') {
        await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
        await waitForHydration(page, '#main');
      }
      await settled(page);
      expect(await page.getByTestId(rows).count(), `${theme} ${pathname}`).toBeGreaterThan(0);
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth, `${theme} ${pathname} at 320 px`).toBeLessThanOrEqual(overflow.innerWidth);
      await screenshots(page, `history-${theme}${pathname.replace('/', '-')}`);
    }
    expect(problems.list).toEqual([]);
  });
});
