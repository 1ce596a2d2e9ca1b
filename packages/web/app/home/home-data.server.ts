import type { AppLoadContext } from 'react-router';
import type { GameCategory, LocaleCode, Match, TransactionRow } from '@wl/contracts';
import type { ReadySite } from '../lib/site-state';
import { settledReply, sitePayloadOf } from '../lib/api-calls.server';
import type { HomeSection } from './sections';
import { EMPTY_HOME_DATA, HOME_PAYMENT_ROWS, type HomeData, type HomeMatch, type HomeTransaction } from './home-data';
import { dateFormat } from '../i18n/dates';
import { splitLocale } from '../lib/locale';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' };
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };

/** "14:30 UTC". */
function withTimeLabel(row: TransactionRow, locale: LocaleCode): HomeTransaction {
  return { ...row, time_label: `${dateFormat(locale, TIME).format(new Date(row.created_at))} UTC` };
}

/** "22 Nov · 14:30", in UTC. */
function withKickOffLabel(match: Match, locale: LocaleCode): HomeMatch {
  const date = new Date(match.start_time);
  return { ...match, kick_off_label: `${dateFormat(locale, DAY).format(date)} · ${dateFormat(locale, TIME).format(date)}` };
}

/**
 * The home page's data for the template's composition, from the API in-process and in parallel:
 * only the calls its sections need, each failing to an empty list (its section is then left out).
 * The curated lists come whole from one game_lists call (the site sets their sizes); a category
 * section's games are cut to its limit here, so the page carries no game it does not show.
 */
export async function loadHomeData(request: Request, context: AppLoadContext, state: ReadySite, sections: HomeSection[]): Promise<HomeData> {
  const site = sitePayloadOf(request, state);
  const kinds = new Set(sections.map((section) => section.kind));
  const limits = new Map<GameCategory, number>();
  for (const section of sections) {
    if (section.kind === 'games') limits.set(section.category, Math.max(section.limit, limits.get(section.category) ?? 0));
  }
  const api = context.api;
  const { locale } = splitLocale(new URL(request.url).pathname);

  const [slides, marquee, lists, categories, matches, odds, winners, transactions, partners] = await Promise.all([
    kinds.has('hero') ? settledReply('home data', api.call('fetchSlide', site)) : null,
    kinds.has('marquee') ? settledReply('home data', api.call('marquee', site)) : null,
    kinds.has('list') ? settledReply('home data', api.call('gameLists', site)) : null,
    Promise.all(
      [...limits].map(async ([category, limit]) => {
        const reply = await settledReply('home data', api.call('getHotGames', { ...site, game_type: category }));
        return [category, (reply?.value ?? []).slice(0, limit)] as const;
      }),
    ),
    kinds.has('matches') ? settledReply('home data', api.call('matchList', {})) : null,
    kinds.has('odds') ? settledReply('home data', api.call('publicOdds', {})) : null,
    kinds.has('winners') ? settledReply('home data', api.call('top10WinnerWithdrawal', site)) : null,
    kinds.has('transactions') || kinds.has('stats') ? settledReply('home data', api.call('fetchTransactions', site)) : null,
    kinds.has('partners') ? settledReply('home data', api.call('partners', site)) : null,
  ]);

  return {
    ...EMPTY_HOME_DATA,
    sections,
    slides: [...(slides?.value ?? [])].sort((a, b) => a.sort - b.sort),
    marquee: marquee?.value ?? [],
    lists: lists?.value ?? {},
    categories: Object.fromEntries(categories),
    matches: (matches?.value ?? []).map((match) => withKickOffLabel(match, locale)),
    odds: odds?.value ?? [],
    winners: winners?.value ?? [],
    // Only the rows shown: the page's data goes into its HTML for hydration.
    deposits: (transactions?.value.deposits ?? []).slice(0, HOME_PAYMENT_ROWS).map((row) => withTimeLabel(row, locale)),
    withdrawals: (transactions?.value.withdrawals ?? []).slice(0, HOME_PAYMENT_ROWS).map((row) => withTimeLabel(row, locale)),
    statistics: transactions?.statistics ?? null,
    partners: partners?.partners ?? [],
  };
}
