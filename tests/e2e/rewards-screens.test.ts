import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_STORAGE_KEY, displayNumber, type Mission, type SpinInfoReply, type SpinPrize } from '@wl/contracts';
import { useServerAndBrowser } from './harness';
import { seriousViolations } from './axe';
import { decimal, minor, openAsDemoPlayer, sessionCall, shownAmount as shown, type Reply } from './calls';
import { DESKTOP, MOBILE, PageProblems, horizontalOverflow, newContext, screenshots, waitForHydration, type Viewport } from './browser';
import { enText } from './texts';
import { startMockProvider, type MockProvider } from './mock-provider';

/**
 * The rewards screens of issue 8 (/spin, /mission, /minigame, /leaderboard) in Chromium against
 * the built server, with the mock game provider for real game rounds: a spin spends the cost,
 * the wheel lands on the server's prize and the header shows the reply's balances; 100 spins
 * fired at once never spend more tokens than the player had; a mission completed by real game
 * rounds becomes claimable and credits its tokens once; the leaderboard shows masked ids and asks
 * again for another metric or period; a guest is invited to log in on /mission; the screens fit
 * 320 px, have no serious axe violation, and are photographed at 1280 and 375 px.
 */

/** Requests a test cuts short by navigating on (images, route manifests, the session's own calls). */
const EXPECTED = [/Failed to load resource: net::ERR_/];

let mock: MockProvider;
const serverOptions: { env: Record<string, string> } = { env: {} };
// Registered before the harness's own hook: the provider listens before the server reads its address.
beforeAll(async () => {
  mock = await startMockProvider();
  serverOptions.env.GAME_PROVIDERS = mock.gameProvidersEnv(['PG']);
});
const e2e = useServerAndBrowser(serverOptions);
afterAll(async () => {
  await mock?.close();
});

let context: BrowserContext;
afterEach(async () => {
  await context?.close();
});

// ---------------------------------------------------------------------------------------------
// Texts

/** What the screens call a prize, in English. */
function prizeText(prize: Pick<SpinPrize, 'prize_type' | 'amount'>, currency: string): string {
  const amount = shown(prize.amount);
  if (prize.prize_type === 'none') return enText('rewards.prize.none');
  if (prize.prize_type === 'tokens') return enText('rewards.prize.tokens', { amount });
  if (prize.prize_type === 'frozen_tokens') return enText('rewards.prize.frozen', { amount });
  return enText('rewards.prize.balance', { amount, currency });
}

// ---------------------------------------------------------------------------------------------
// Pages and calls

/**
 * A POST from the test itself to a site of the server (Node cannot resolve <theme>.localhost: the
 * request goes to 127.0.0.1 with the site's Host). Node's agent opens a connection per request in
 * flight, so requests sent together reach the server together.
 */
function post<T>(host: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port: e2e.server.port, path, method: 'POST', headers: { host: `${host}:${e2e.server.port}`, 'content-type': 'application/json', ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(text) as T);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Opens `pathname` on `host` as the logged-in demo player, hydrated. */
async function openAsPlayer(host: string, pathname: string, viewport: Viewport = DESKTOP, allow: RegExp[] = []): Promise<{ page: Page; problems: PageProblems }> {
  const opened = await openAsDemoPlayer(e2e, host, pathname, { viewport, allow: [...EXPECTED, ...allow] });
  context = opened.context;
  return opened;
}

async function balances(page: Page): Promise<{ balance: string; tokens: string }> {
  const reply = await sessionCall<Reply & { game_balance: string; game_token: string }>(page, '/api/auth/get_balance');
  expect(reply.statusCode).toBe(1);
  return { balance: reply.game_balance, tokens: reply.game_token };
}

async function spinInfo(page: Page, externalId: string): Promise<SpinInfoReply> {
  return page.evaluate(async (id) => {
    const response = await fetch('/api/rewards/spin_info', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain_name: location.hostname, external_id: id }),
    });
    return (await response.json()) as SpinInfoReply;
  }, externalId);
}

type SpinReplyBody = Reply & { prize: SpinPrize; spin_cost: string; game_balance: string; game_token: string; frozen_token: string };

/** The angle the disc is turned by, read from its computed transform (0 to 360). */
async function discAngle(page: Page): Promise<number> {
  return page.getByTestId('spin-disc').evaluate((element) => {
    const matrix = new DOMMatrixReadOnly(getComputedStyle(element).transform);
    return (((Math.atan2(matrix.b, matrix.a) * 180) / Math.PI) % 360 + 360) % 360;
  });
}

/** The segment under the pointer (at the top) for a disc turned by `angle` degrees clockwise. */
function segmentUnderPointer(angle: number, count: number): number {
  return Math.floor((((-angle % 360) + 360) % 360) / (360 / count)) % count;
}

// ---------------------------------------------------------------------------------------------

describe('lucky spin', () => {
  it('a spin spends the cost, the wheel lands on the prize the server drew, and the header shows the new balances', async () => {
    const { page, problems } = await openAsPlayer('casino1.localhost', '/spin');
    const info = await spinInfo(page, 'casino1');
    expect(info.statusCode).toBe(1);
    // The prize table lists every prize with its chance.
    await page.getByTestId('prize-table').waitFor();
    expect(await page.getByTestId('prize-table').locator('tbody tr').count()).toBe(info.prizes.length);
    for (const prize of info.prizes) {
      const row = page.getByTestId('prize-table').locator(`tr[data-prize-index="${prize.index}"]`);
      expect(await row.textContent()).toContain(prizeText(prize, 'PHP'));
    }

    const before = await balances(page);
    await expect.poll(() => page.getByTestId('tokens').textContent()).toBe(displayNumber(before.tokens) || '0');
    const button = page.getByTestId('spin-button');
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(await button.textContent()).toBe(enText('rewards.spin.button', { cost: shown(info.spin_cost) }));

    const [response] = await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/rewards/spin')), button.click()]);
    const reply = (await response.json()) as SpinReplyBody;
    expect(reply.statusCode).toBe(1);
    // While the wheel turns the button stays disabled and no result is shown yet.
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('spin-result').count()).toBe(0);

    const result = page.getByTestId('spin-result');
    await result.waitFor({ timeout: 15_000 });
    expect(Number(await result.getAttribute('data-prize-index'))).toBe(reply.prize.index);
    expect(await result.getAttribute('data-prize-type')).toBe(reply.prize.prize_type);
    const title =
      reply.prize.prize_type === 'none' ? enText('rewards.spin.resultNone') : enText('rewards.spin.resultWin', { prize: prizeText(reply.prize, 'PHP') });
    expect(await result.textContent()).toContain(title);

    // The wheel stopped with the pointer on the prize's segment: by its data and by its computed turn.
    const disc = page.getByTestId('spin-disc');
    expect(Number(await disc.getAttribute('data-landed-index'))).toBe(reply.prize.index);
    expect(segmentUnderPointer(await discAngle(page), info.prizes.length)).toBe(reply.prize.index);
    expect(segmentUnderPointer(Number(await disc.getAttribute('data-rotation')), info.prizes.length)).toBe(reply.prize.index);

    // Tokens: before − cost (+ the prize when it is tokens); balance: before (+ the prize when it is balance).
    const prize = minor(reply.prize.amount);
    const tokens = minor(before.tokens) - minor(reply.spin_cost) + (reply.prize.prize_type === 'tokens' ? prize : 0n);
    const balance = minor(before.balance) + (reply.prize.prize_type === 'balance' ? prize : 0n);
    expect(minor(reply.game_token)).toBe(tokens);
    expect(minor(reply.game_balance)).toBe(balance);
    expect(await page.getByTestId('tokens').textContent()).toBe(displayNumber(decimal(tokens)) || '0');
    expect(await page.getByTestId('balance').textContent()).toContain(displayNumber(decimal(balance)) || '0');
    const after = await balances(page);
    expect(minor(after.tokens)).toBe(tokens);
    expect(minor(after.balance)).toBe(balance);
    expect(await button.isEnabled()).toBe(true);
    expect(problems.list).toEqual([]);
  });

  it('with reduced motion the result shows at once, without the long spin', async () => {
    const { page, problems } = await openAsPlayer('casino2.localhost', '/spin');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const button = page.getByTestId('spin-button');
    await expect.poll(() => button.isEnabled()).toBe(true);
    const [response] = await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/rewards/spin')), button.click()]);
    const reply = (await response.json()) as SpinReplyBody;
    const arrived = Date.now();
    await page.getByTestId('spin-result').waitFor({ timeout: 2_000 });
    expect(Date.now() - arrived).toBeLessThan(1_500);
    expect(await page.getByTestId('spin-disc').getAttribute('data-animated')).toBeNull();
    expect(Number(await page.getByTestId('spin-disc').getAttribute('data-landed-index'))).toBe(reply.prize.index);
    expect(problems.list).toEqual([]);
  });

  it('100 spins fired at once from the page never spend more tokens than the player had; then the button explains why it is off', async () => {
    // The refusals answer HTTP 422 (their JSON body is the reply): expected here, in these calls only.
    const { page, problems } = await openAsPlayer('slot4.localhost', '/spin', DESKTOP, [/\/api\/rewards\/spin\b/]);
    const info = await spinInfo(page, 'slot4');
    const before = await balances(page);

    const replies = await page.evaluate(async (key) => {
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as { user: { account_id: string }; token: string };
      const body = JSON.stringify({ account_id: session.user.account_id, auth: session.token });
      const one = async () => {
        const response = await fetch('/api/rewards/spin', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return (await response.json()) as { statusCode: number; message: string; prize?: { prize_type: string; amount: string }; spin_cost?: string };
      };
      return Promise.all(Array.from({ length: 100 }, one));
    }, SESSION_STORAGE_KEY);

    const won = summarise(replies, before, info);
    // Every reply is a spin or a refusal for too few tokens; at least one of each with 300 tokens and a 10-token cost.
    expect(won.successes).toBeGreaterThan(0);
    expect(won.successes).toBeLessThan(100);
    const after = await balances(page);
    expect(minor(after.tokens)).toBe(won.expectedTokens);
    expect(minor(after.tokens) >= 0n).toBe(true);
    expect(minor(after.balance)).toBe(won.expectedBalance);

    // Spend what is left one spin at a time until the server refuses, then the screen explains the disabled button.
    for (let spin = 0; spin < 200; spin++) {
      const reply = await sessionCall(page, '/api/rewards/spin');
      if (reply.statusCode !== 1) {
        expect(reply.message).toBe('insufficientTokens');
        break;
      }
    }
    const left = await balances(page);
    expect(minor(left.tokens) < minor(info.spin_cost)).toBe(true);
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page, '#main');
    const button = page.getByTestId('spin-button');
    await expect.poll(() => page.getByTestId('spin-note').textContent()).toContain(
      enText('rewards.spin.notEnough', { cost: shown(info.spin_cost), tokens: shown(left.tokens) }),
    );
    expect(await button.isDisabled()).toBe(true);
    expect(await button.getAttribute('aria-describedby')).toBe(await page.getByTestId('spin-note').getAttribute('id'));
    expect(await page.getByTestId('spin-note').getByRole('link', { name: enText('rewards.spin.earnTokens') }).getAttribute('href')).toBe('/mission');
    expect(problems.list).toEqual([]);
  });

  it('100 spins over 100 connections at once (outside the browser) hold the same invariant', async () => {
    const host = 'slot2.localhost';
    const login = await post<{ statusCode: number; token: string; user: { account_id: string } }>(host, '/api/auth/login', {
      account_id: 'demo',
      password: 'demo1234',
      domain_name: host,
      external_id: 'slot2',
    });
    expect(login.statusCode).toBe(1);
    const call = <T>(path: string, body: Record<string, unknown>): Promise<T> => post<T>(host, path, body);
    const session = { account_id: login.user.account_id, auth: login.token };
    const info = await call<SpinInfoReply>('/api/rewards/spin_info', { domain_name: host, external_id: 'slot2' });
    const read = async () => {
      const reply = await call<{ game_balance: string; game_token: string }>('/api/auth/get_balance', session);
      return { balance: reply.game_balance, tokens: reply.game_token };
    };
    const before = await read();
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => call<{ statusCode: number; message: string; prize?: { prize_type: string; amount: string } }>('/api/rewards/spin', session)),
    );
    const won = summarise(replies, before, info);
    expect(won.successes).toBeGreaterThan(0);
    const after = await read();
    expect(minor(after.tokens)).toBe(won.expectedTokens);
    expect(minor(after.tokens) >= 0n).toBe(true);
    expect(minor(after.balance)).toBe(won.expectedBalance);
  });
});

/**
 * Checks that every reply is a spin or insufficientTokens, and answers the balances the spins
 * should have left: tokens − cost × spins + tokens won, balance + balance won.
 */
function summarise(
  replies: { statusCode: number; message: string; prize?: { prize_type: string; amount: string } }[],
  before: { balance: string; tokens: string },
  info: SpinInfoReply,
): { successes: number; expectedTokens: bigint; expectedBalance: bigint } {
  let successes = 0;
  let tokensWon = 0n;
  let balanceWon = 0n;
  for (const reply of replies) {
    if (reply.statusCode === 1 && reply.prize) {
      successes += 1;
      if (reply.prize.prize_type === 'tokens') tokensWon += minor(reply.prize.amount);
      if (reply.prize.prize_type === 'balance') balanceWon += minor(reply.prize.amount);
    } else {
      expect(reply.message, JSON.stringify(reply)).toBe('insufficientTokens');
    }
  }
  return {
    successes,
    expectedTokens: minor(before.tokens) - minor(info.spin_cost) * BigInt(successes) + tokensWon,
    expectedBalance: minor(before.balance) + balanceWon,
  };
}

describe('missions', () => {
  it('game rounds played through the provider make the rounds mission claimable; claiming credits its tokens once', async () => {
    const host = 'casino3.localhost';
    // The repeated claims below answer alreadyClaimed with HTTP 409 (their JSON body is the reply).
    const { page, problems } = await openAsPlayer(host, '/mission', DESKTOP, [/\/api\/rewards\/mission_claim\b/]);
    const list = await sessionCall<Reply & { value: Mission[] }>(page, '/api/rewards/missions', { language: 'EN' });
    const rounds = list.value.find((mission) => mission.kind === 'game_rounds' && mission.period === 'daily');
    expect(rounds).toBeDefined();
    const item = page.locator(`[data-testid="mission"][data-mission-id="${rounds!.mission_id}"]`);
    await item.waitFor();
    // Not done yet: a progress bar with the server's figures, no Claim button.
    expect(rounds!.claimable).toBe(false);
    expect(await item.getAttribute('data-state')).toBe('open');
    expect(await item.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(rounds!.progress_percent));
    expect(await item.textContent()).toContain(enText('rewards.missions.countProgress', { progress: shown(rounds!.progress), target: shown(rounds!.target) }));
    const claimName = enText('rewards.missions.claim', { amount: shown(rounds!.reward_tokens) });
    expect(await item.getByRole('button', { name: claimName }).count()).toBe(0);

    // The real action: game rounds staked through the provider's wallet callbacks (one debit a round).
    const lobby = await page.evaluate(async () => {
      const response = await fetch('/api/product/lobby', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ domain_name: location.hostname, external_id: 'casino3', category: 'slots', provider: 'pgsoft', page_size: 1 }),
      });
      return (await response.json()) as { value: { provider_code: string; game_code: string }[] };
    });
    const game = lobby.value[0]!;
    const launch = await sessionCall<Reply & { value: { url: string } }>(page, '/api/product/launch', { provider_code: game.provider_code, game_code: game.game_code });
    expect(launch.statusCode).toBe(1);
    const token = new URL(launch.value.url).searchParams.get('token')!;
    const needed = Number(minor(rounds!.target) - minor(rounds!.progress)) / 10_000;
    expect(needed).toBeGreaterThan(0);
    for (let round = 0; round < needed; round++) {
      const body = JSON.stringify({ type: 'debit', token, transaction_id: `rewards-e2e-${Date.now()}-${round}`, round_id: `round-${round}`, amount: '1' });
      const path = `/api/providers/${game.provider_code}/wallet/debit`;
      const answer = await post<{ status: string }>(host, path, body, mock.walletHeaders(path, body));
      expect(answer.status).toBe('OK');
    }

    // The screen asks again on arrival: the mission is now claimable.
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page, '#main');
    const claim = item.getByRole('button', { name: claimName });
    await claim.waitFor();
    expect(await item.getAttribute('data-state')).toBe('claimable');
    expect(await item.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    const before = await balances(page);
    const [response] = await Promise.all([page.waitForResponse((reply) => reply.url().endsWith('/api/rewards/mission_claim')), claim.click()]);
    const reply = (await response.json()) as Reply & { reward_tokens: string; game_token: string };
    expect(reply.statusCode).toBe(1);
    expect(minor(reply.reward_tokens)).toBe(minor(rounds!.reward_tokens));
    await item.getByTestId('mission-claimed').waitFor();
    expect(await item.getAttribute('data-state')).toBe('claimed');
    expect(await item.getByRole('button').count()).toBe(0);
    await page.getByText(enText('rewards.missions.claimedToast', { amount: shown(reply.reward_tokens) })).waitFor();
    const credited = minor(before.tokens) + minor(rounds!.reward_tokens);
    await expect.poll(() => page.getByTestId('tokens').textContent()).toBe(displayNumber(decimal(credited)) || '0');

    // Once only: a second claim answers alreadyClaimed, ten at once credit nothing more, and the tokens moved once.
    const again = await sessionCall(page, '/api/rewards/mission_claim', { mission_id: rounds!.mission_id });
    expect(again).toMatchObject({ statusCode: expect.any(Number), message: 'alreadyClaimed' });
    const burst = await Promise.all(Array.from({ length: 10 }, () => sessionCall(page, '/api/rewards/mission_claim', { mission_id: rounds!.mission_id })));
    expect(burst.every((answer) => answer.message === 'alreadyClaimed')).toBe(true);
    expect(minor((await balances(page)).tokens)).toBe(credited);

    // Still claimed after a reload (the server's list says so).
    await page.reload({ waitUntil: 'load' });
    await item.getByTestId('mission-claimed').waitFor();
    expect(problems.list).toEqual([]);
  });

  it('a guest on /mission is invited to log in the way the site does: the /login page on casino1, the login modal on casino4', async () => {
    context = await newContext(e2e.browser, DESKTOP);
    const page = await context.newPage();
    const problems = new PageProblems(page, EXPECTED);
    await page.goto(e2e.server.url('casino1.localhost', '/mission'), { waitUntil: 'load' });
    const invite = page.getByTestId('mission-login');
    await invite.waitFor();
    expect(await invite.getByRole('heading', { level: 2 }).textContent()).toBe(enText('rewards.missions.loginTitle'));
    expect(await invite.getByRole('link', { name: enText('rewards.missions.logIn') }).getAttribute('href')).toBe('/login');

    await page.goto(e2e.server.url('casino4.localhost', '/mission'), { waitUntil: 'load' });
    await waitForHydration(page, '[data-testid="mission-login"] button');
    await page.getByTestId('mission-login').getByRole('button', { name: enText('rewards.missions.logIn') }).click();
    await page.locator('dialog[data-modal="login"][open]').waitFor();
    expect(problems.list).toEqual([]);
  });
});

describe('minigame', () => {
  it('shows the tokens, the frozen tokens with their release progress, the wheel and the missions in one place', async () => {
    const { page, problems } = await openAsPlayer('casino5.localhost', '/minigame');
    const status = await sessionCall<Reply & { token_balance: string; frozen_token: string; release_condition: { progress_percent: number } }>(page, '/api/rewards/minigame');
    await expect.poll(() => page.getByTestId('minigame-tokens').textContent()).toBe(shown(status.token_balance));
    expect(await page.getByTestId('minigame-frozen').textContent()).toBe(shown(status.frozen_token));
    expect(await page.locator('.token-summary').getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(status.release_condition.progress_percent));
    await page.getByTestId('spin-button').waitFor();
    await page.getByTestId('mission').first().waitFor();
    for (const path of ['/spin', '/mission']) expect(await page.locator(`.rewards-screen__links a[href="${path}"]`).count()).toBe(1);
    expect(problems.list).toEqual([]);
  });
});

describe('leaderboard', () => {
  it('a guest sees the top players with masked ids in the server\'s HTML; another metric or period is a navigation the server answers', async () => {
    context = await newContext(e2e.browser, DESKTOP);
    const page = await context.newPage();
    const problems = new PageProblems(page, EXPECTED);
    // Rendered by the server: the browser itself never asks the leaderboard call.
    const browserCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/rewards/leaderboard')) browserCalls.push(request.url());
    });
    await page.goto(e2e.server.url('sportsbook1.localhost', '/leaderboard'), { waitUntil: 'load' });
    // The board is public: the web server renders it (ADR 0058), the period and metric from the URL.
    const html = await page.evaluate(async () => (await fetch('/leaderboard?period=month&metric=winnings', { headers: { accept: 'text/html' } })).text());
    expect(html).toMatch(/data-testid="leaderboard-(table|empty)"/);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-value="month"/);
    expect(html).toMatch(/aria-pressed="true"[^>]*data-value="winnings"/);
    const table = page.getByTestId('leaderboard-table');
    await table.waitFor();
    expect(await table.getAttribute('data-period')).toBe('week');
    expect(await table.getAttribute('data-metric')).toBe('turnover');
    const ids = await page.getByTestId('leaderboard-account').allTextContents();
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(/^[^*]{1,2}\*\*\*[^*]?$/);
    expect(await page.locator('.leaderboard__row--top1').count()).toBe(1);
    expect(await table.locator('thead').textContent()).toContain(enText('rewards.leaderboard.amount', { metric: enText('rewards.leaderboard.metrics.turnover'), currency: 'PHP' }));

    await waitForHydration(page, '.segmented__button');
    const winnings = page.getByRole('button', { name: enText('rewards.leaderboard.metrics.winnings') });
    await winnings.click();
    await page.waitForURL((url) => url.searchParams.get('metric') === 'winnings' && url.searchParams.get('period') === 'week');
    await page.locator('[data-testid="leaderboard-table"][data-metric="winnings"], [data-testid="leaderboard-empty"]').first().waitFor();
    expect(await winnings.getAttribute('aria-pressed')).toBe('true');

    const month = page.getByRole('button', { name: enText('rewards.leaderboard.periods.month') });
    await month.click();
    await page.waitForURL((url) => url.searchParams.get('period') === 'month' && url.searchParams.get('metric') === 'winnings');
    await page.locator('[data-testid="leaderboard-table"][data-period="month"]').waitFor();
    expect(browserCalls).toEqual([]);
    expect(problems.list).toEqual([]);
  });
});

describe('look', () => {
  it.each(['casino1', 'slot5', 'sportsbook1'])('%s: the four screens fit 320 px, have no serious axe violation, and are photographed', async (theme) => {
    const host = `${theme}.localhost`;
    const { page, problems } = await openAsPlayer(host, '/spin', MOBILE);
    const ready: Record<string, string> = {
      '/spin': '[data-testid="prize-table"]',
      '/mission': '[data-testid="mission"]',
      '/minigame': '[data-testid="minigame-tokens"]',
      '/leaderboard': '[data-testid="leaderboard-table"], [data-testid="leaderboard-empty"]',
    };
    for (const [pathname, selector] of Object.entries(ready)) {
      if (pathname !== '/spin') await page.goto(e2e.server.url(host, pathname), { waitUntil: 'load' });
      await page.locator(selector).first().waitFor();
      if (pathname === '/spin' && (await page.getByTestId('spin-button').isEnabled())) {
        // A turned wheel must not widen the page either.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.getByTestId('spin-button').click();
        await page.getByTestId('spin-result').waitFor();
      }
      expect(await seriousViolations(page), `${theme} ${pathname}`).toEqual([]);
      await page.setViewportSize({ width: 320, height: 700 });
      const narrow = await horizontalOverflow(page);
      expect(narrow.scrollWidth, `${theme} ${pathname} at 320 px`).toBeLessThanOrEqual(narrow.innerWidth);
      await page.setViewportSize({ ...MOBILE });
      await screenshots(page, `rewards-screens-${theme}${pathname.replace('/', '-')}`);
    }
    expect(problems.list).toEqual([]);
  });
});
