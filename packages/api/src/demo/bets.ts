import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { fromMinorUnits, toMinorUnits } from '@wl/contracts';
import type { Db } from '../db/client.js';
import { gameSessions, games, ledgerEntries, matchOdds, matches, providers, providerTransactions, siteProviders, sportsBetLegs, sportsBets } from '../db/schema.js';
import { hashToken } from '../shared/hash-token.js';
import { gameAccount, postBatchToLedger, type BatchPosting } from '../ledger/index.js';
import { MINUTE, HOUR, DAY, type CurrencyMoney, type SeedSite } from './helpers.js';


/** Stake × decimal odds (numeric(10,3) text), exactly, in ten-thousandths. */
function payoutOf(stake: bigint, odds: string): bigint {
  return (stake * toMinorUnits(odds, 3)) / 1000n;
}

interface Planned {
  row: typeof sportsBets.$inferInsert;
  stake: bigint;
  payout: bigint;
  /** An open ticket's selection: it gets its leg, so the feed's result settles it (ADR 0035). */
  selectionId?: number;
}

/**
 * The demo player's bet history on a site: game rounds as a provider's wallet callbacks record them
 * (a game session per game, a stake and a win per round, one round still open and one rolled back),
 * and sports bets on the odds feed's matches (two settled on the finished matches, two pending on
 * upcoming ones), every stake and win posted to the ledger as the wallet and the sportsbook post
 * them. All at least a day old: today's missions count what they counted before.
 */
export async function seedDemoBets(db: Db, site: SeedSite, playerId: number, money: CurrencyMoney, now: number): Promise<void> {
  const postings: BatchPosting[] = [];
  const rounds = await planGameRounds(db, site, playerId, money, now, postings);
  const planned = await planSportsBets(db, site, playerId, money, now);
  const inserted = planned.length > 0 ? await db.insert(sportsBets).values(planned.map((bet) => bet.row)).returning({ id: sportsBets.id, ticket: sportsBets.ticket }) : [];
  const legs = inserted.flatMap((bet, index) => {
    const { row, selectionId } = planned[index]!;
    if (selectionId === undefined) return [];
    const { sport, league, matchStart, homeTeamName, awayTeamName, localNames, betType, homeAway, criteria1, odds } = row;
    return [{ betId: bet.id, siteId: site.id, legIndex: 0, matchId: row.matchId!, selectionId, sport, league, matchStart, homeTeamName, awayTeamName, localNames, betType, homeAway, criteria1, odds }];
  });
  if (legs.length > 0) await db.insert(sportsBetLegs).values(legs);
  inserted.forEach((bet, index) => {
    const plan = planned[index]!;
    const entry = { playerId, account: 'balance' as const, counter: 'sportsbook' as const, reference: `sports:${bet.ticket}` };
    postings.push({ ...entry, amount: fromMinorUnits(-plan.stake), type: 'bet', idempotencyKey: `sports:${bet.id}:stake`, createdAt: plan.row.placedAt! });
    if (plan.payout > 0n) {
      postings.push({ ...entry, amount: fromMinorUnits(plan.payout), type: 'win', idempotencyKey: `sports:${bet.id}:payout`, createdAt: plan.row.settledAt! });
    }
  });
  postings.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  const result = await postBatchToLedger(db, site.id, postings);
  if (!result.ok) throw new Error(`Seed bets of site ${site.externalId} refused: ${result.message}`);
  await rounds.link();
}

/**
 * Five rounds on games the site offers: a win, a loss (a zero win closes it), a big win, one
 * rolled back (the stake came back) and one still open. Provider transactions are written after
 * the ledger batch, linked to their entries by key, as the wallet links them.
 */
async function planGameRounds(db: Db, site: SeedSite, playerId: number, money: CurrencyMoney, now: number, postings: BatchPosting[]) {
  const offered = await db
    .select({ gameId: games.id, providerId: providers.id, providerCode: providers.code, gameCode: games.gameCode })
    .from(games)
    .innerJoin(providers, eq(providers.id, games.providerId))
    .innerJoin(siteProviders, and(eq(siteProviders.providerId, providers.id), eq(siteProviders.siteId, site.id), eq(siteProviders.enabled, true)))
    .where(or(eq(games.hot, true), eq(games.popular, true)))
    .orderBy(asc(siteProviders.sortOrder), asc(games.sortOrder), asc(games.id))
    .limit(5);
  const shapes: { stake: number; win: number | null; rolledBack?: boolean; daysAgo: number }[] = [
    { stake: 2, win: 5, daysAgo: 6 },
    { stake: 3, win: 0, daysAgo: 5 },
    { stake: 1, win: 12, daysAgo: 4 },
    { stake: 4, win: null, rolledBack: true, daysAgo: 3 },
    { stake: 2, win: null, daysAgo: 1.5 },
  ];
  const transactions: (typeof providerTransactions.$inferInsert & { key: string | null })[] = [];
  for (const [index, game] of offered.entries()) {
    const shape = shapes[index]!;
    const placed = new Date(now - shape.daysAgo * DAY);
    const [session] = await db
      .insert(gameSessions)
      .values({
        siteId: site.id,
        playerId,
        providerId: game.providerId,
        gameId: game.gameId,
        tokenHash: hashToken(randomBytes(32).toString('base64url')),
        currency: site.currency,
        createdAt: placed,
        lastSeenAt: placed,
      })
      .returning({ id: gameSessions.id });
    const roundId = `R${site.id}-${index + 1}`;
    const txId = (suffix: string) => `seed-${site.id}-${index + 1}-${suffix}`;
    const entry = { playerId, account: 'balance' as const, counter: gameAccount(game.providerCode), reference: `game:${game.providerCode}:${game.gameCode}` };
    const common = { siteId: site.id, playerId, gameSessionId: session!.id, providerId: game.providerId, roundId };
    const stake = money.of(shape.stake);
    const stakeKey = `game:${game.providerCode}:${txId('bet')}`;
    postings.push({ ...entry, amount: fromMinorUnits(-stake), type: 'bet', idempotencyKey: stakeKey, createdAt: placed });
    transactions.push({ ...common, providerTxId: txId('bet'), kind: 'debit', amount: fromMinorUnits(stake), rolledBack: !!shape.rolledBack, createdAt: placed, key: stakeKey });
    const later = new Date(placed.getTime() + 2 * MINUTE);
    if (shape.rolledBack) {
      const key = `game:${game.providerCode}:${txId('rollback')}`;
      postings.push({ ...entry, amount: fromMinorUnits(stake), type: 'rollback', idempotencyKey: key, createdAt: later });
      transactions.push({ ...common, providerTxId: txId('rollback'), kind: 'rollback', amount: fromMinorUnits(stake), reversesTxId: txId('bet'), createdAt: later, key });
    } else if (shape.win !== null) {
      const win = money.of(shape.win);
      const key = shape.win > 0 ? `game:${game.providerCode}:${txId('win')}` : null;
      if (key) postings.push({ ...entry, amount: fromMinorUnits(win), type: 'win', idempotencyKey: key, createdAt: later });
      transactions.push({ ...common, providerTxId: txId('win'), kind: 'credit', amount: shape.win > 0 ? fromMinorUnits(win) : '0', createdAt: later, key });
    }
  }
  return {
    link: async () => {
      if (transactions.length === 0) return;
      const keys = transactions.flatMap((tx) => (tx.key ? [tx.key] : []));
      const entries = await db
        .select({ id: ledgerEntries.id, key: ledgerEntries.idempotencyKey })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.siteId, site.id), inArray(ledgerEntries.idempotencyKey, keys)));
      const idOf = new Map(entries.map((entry) => [entry.key, entry.id]));
      await db.insert(providerTransactions).values(transactions.map(({ key, ...tx }) => ({ ...tx, ledgerEntryId: key ? (idOf.get(key) ?? null) : null })));
    },
  };
}

/**
 * Sports bets with the bet display fields of docs/product.md §3 copied from the feed: on the finished
 * matches a 1X2 on the winner (won) and on the loser (lost), settled from the final score; on two
 * upcoming matches a handicap and an over/under selection at their current odds (pending).
 */
async function planSportsBets(db: Db, site: SeedSite, playerId: number, money: CurrencyMoney, now: number): Promise<Planned[]> {
  const rows = await db.select().from(matches).orderBy(asc(matches.startTime), asc(matches.id));
  const finished = rows.filter((row) => row.status === 'finished' && row.homeScore !== null && row.awayScore !== null);
  const upcoming = rows.filter((row) => row.status === 'upcoming').slice(0, 2);
  const odds = upcoming.length
    ? await db.select().from(matchOdds).where(inArray(matchOdds.matchId, upcoming.map((row) => row.id))).orderBy(asc(matchOdds.id))
    : [];
  const planned: Planned[] = [];
  const ticket = () => `SB${site.id}-${String(planned.length + 1).padStart(4, '0')}`;
  const base = (match: (typeof rows)[number]) => ({
    siteId: site.id,
    playerId,
    matchId: match.id,
    sport: match.sport,
    league: match.league,
    matchStart: match.startTime,
    homeTeamName: match.homeTeamName,
    awayTeamName: match.awayTeamName,
    localNames: match.localNames,
  });

  for (const [index, match] of finished.slice(0, 2).entries()) {
    const homeWon = match.homeScore! > match.awayScore!;
    const draw = match.homeScore === match.awayScore;
    // The first finished match: a bet on its result (won); the second: on the other side (lost).
    const wins = index === 0;
    const side = draw ? (wins ? 'draw' : 'home') : homeWon === wins ? 'home' : 'away';
    const price = side === 'draw' ? '3.200' : wins ? '1.850' : '3.400';
    const stake = money.of(wins ? 10 : 5);
    const placedAt = new Date(Math.min(match.startTime.getTime() - 3 * HOUR, now - 2 * DAY));
    const settledAt = new Date(Math.max(match.startTime.getTime() + 2 * HOUR, placedAt.getTime() + HOUR));
    const payout = wins ? payoutOf(stake, price) : 0n;
    planned.push({
      row: {
        ...base(match),
        ticket: ticket(),
        betType: '1X2',
        homeAway: side,
        criteria1: '',
        odds: price,
        stake: fromMinorUnits(stake),
        payout: fromMinorUnits(payout),
        status: wins ? 'won' : 'lost',
        placedAt,
        settledAt: new Date(Math.min(settledAt.getTime(), now - DAY - HOUR)),
      },
      stake,
      payout,
    });
  }

  for (const [index, match] of upcoming.entries()) {
    const wanted = index === 0 ? 'HDP' : 'OU';
    const selection = odds.find((row) => row.matchId === match.id && row.betType === wanted) ?? odds.find((row) => row.matchId === match.id);
    if (!selection) continue;
    const stake = money.of(index === 0 ? 8 : 4);
    planned.push({
      row: {
        ...base(match),
        ticket: ticket(),
        betType: selection.betType,
        homeAway: selection.homeAway,
        criteria1: selection.criteria1,
        odds: selection.odds,
        stake: fromMinorUnits(stake),
        payout: '0',
        status: 'pending',
        placedAt: new Date(now - DAY - (index + 1) * HOUR),
        settledAt: null,
        kind: 'single',
        potentialReturn: fromMinorUnits(payoutOf(stake, selection.odds)),
      },
      stake,
      payout: 0n,
      selectionId: selection.id,
    });
  }
  return planned;
}
