import { useEffect, useRef, useState } from 'react';
import { STATUS, isSessionEndMessage, type BetLeg, type BetRecord as PlayerBet, type PublicBet } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { getSession, updateSession } from '../client/session';
import { showToast } from '../client/toasts';
import { useT } from '../i18n/use-t';
import { errorMessageText } from '../lib/messages';
import { useLocale } from '../lib/use-locale';
import { marketName, matchClock, pickText, useOddsText, useTotalOddsText } from '../sports/BetDisplay';
import { teamName } from '../shared/format/teams';
import { money } from '../shared/format/amounts';

/** Whether a bet history record is a ticket of the betslip (ADR 0035), with its legs. */
export function isSportsTicket(bet: PlayerBet): boolean {
  return bet.kind === 'sports' && bet.bet_kind !== null && bet.legs.length > 0;
}

/** A leg as the bet display reads it (docs/product.md §3). */
function legBet(leg: BetLeg): PublicBet {
  // Each leg carries its match's names in every language (home_name_vi…).
  const names = Object.fromEntries(Object.entries(leg).filter(([key]) => /^(home|away)_name_[a-z]+$/.test(key)));
  return {
    ...names,
    selection_id: leg.selection_id,
    match_id: leg.match_id,
    sport: leg.sport,
    league: leg.league,
    start_time: leg.match_start,
    status: leg.match_status,
    home_team_name: leg.home_team_name,
    away_team_name: leg.away_team_name,
    bet_type: leg.bet_type,
    home_away: leg.home_away,
    criteria1: leg.criteria1,
    odds: leg.odds,
  };
}

/**
 * A sports ticket in bet history (ADR 0035): its kind, each leg (match, pick, price, result, and
 * for an open leg of a match under way the score and minute), the total odds and potential
 * return, and while it is open with an offer, the cash-out.
 */
export function SportsTicket({ bet, currency, onSettled }: { bet: PlayerBet; currency: string; onSettled: () => void }) {
  const { t } = useT();
  const { locale } = useLocale();
  const oddsText = useOddsText();
  const totalOddsText = useTotalOddsText();
  return (
    <div className="ticket" data-testid="sports-ticket" data-bet-kind={bet.bet_kind}>
      {bet.bet_kind === 'single' ? (
        // An accumulator's title names its kind already.
        <p className="ticket__kind">
          <span className="ticket__kind-badge">{t('history.ticket.single')}</span>
        </p>
      ) : null}
      <ol className="ticket__legs" aria-label={t('history.ticket.legs')}>
        {bet.legs.map((leg) => {
          const display = legBet(leg);
          const result = leg.result ?? 'open';
          const live = leg.match_status === 'live' && leg.result === null;
          const clock = live ? matchClock(t, leg.sport, leg.minute) : null;
          return (
            <li key={leg.selection_id} className="ticket-leg" data-testid="ticket-leg" data-result={result} data-selection-id={leg.selection_id}>
              <div className="ticket-leg__main">
                <p className="ticket-leg__match">
                  <span data-side="home">{teamName(display, 'home', locale)}</span> {t('sports.versus')}{' '}
                  <span data-side="away">{teamName(display, 'away', locale)}</span>
                </p>
                <p className="ticket-leg__pick">
                  <span className="ticket-leg__pick-text">{pickText(t, display, locale)}</span>
                  <span className="ticket-leg__market">{marketName(t, leg.bet_type)}</span>
                </p>
                {leg.home_score !== null && leg.away_score !== null && (live || leg.match_status === 'finished') ? (
                  <p className="ticket-leg__live" data-testid="ticket-leg-score">
                    {live ? <span className="badge badge--live">{t('sports.live')}</span> : null}
                    <span className="ticket-leg__score">
                      {leg.home_score}–{leg.away_score}
                    </span>
                    {clock ? <span className="ticket-leg__clock">{clock}</span> : null}
                  </p>
                ) : null}
              </div>
              <div className="ticket-leg__side">
                <span className="ticket-leg__odds" data-testid="ticket-leg-odds">
                  {oddsText(leg.odds)}
                </span>
                <span className="ticket-leg__result" data-result={result}>
                  {t(`history.ticket.results.${result}`)}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      <dl className="ticket__figures">
        {bet.odds ? (
          <div>
            <dt>{t('history.ticket.totalOdds')}</dt>
            <dd data-testid="ticket-total-odds">{totalOddsText(bet.odds)}</dd>
          </div>
        ) : null}
        {bet.potential_return ? (
          <div>
            <dt>{t('history.ticket.potentialReturn')}</dt>
            <dd data-testid="ticket-potential-return">{money(bet.potential_return, currency)}</dd>
          </div>
        ) : null}
      </dl>
      {bet.status === 'pending' && bet.cash_out ? (
        <CashOut key={`${bet.bet_id}:${bet.cash_out}`} betId={bet.bet_id} offer={bet.cash_out} currency={currency} onSettled={onSettled} />
      ) : null}
    </div>
  );
}

type Stage = 'offer' | 'confirm' | 'busy' | 'gone';

/**
 * The cash-out of an open ticket: its offer as a button, a confirm step, then sports/cash_out at
 * the offer confirmed. An offer that fell meanwhile (cashOutChanged) is shown and asked again;
 * after a cash-out the list is read again.
 */
function CashOut({ betId, offer: firstOffer, currency, onSettled }: { betId: string; offer: string; currency: string; onSettled: () => void }) {
  const { t } = useT();
  const [offer, setOffer] = useState(firstOffer);
  const [stage, setStage] = useState<Stage>('offer');
  const [note, setNote] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const offerRef = useRef<HTMLButtonElement>(null);
  const amount = money(offer, currency);

  useEffect(() => {
    if (stage === 'confirm') confirmRef.current?.focus();
  }, [stage, offer]);

  const cashOut = async () => {
    setStage('busy');
    const reply = await callApi('cashOut', { ...sessionCallPayload(), bet_id: betId, amount: offer });
    if (reply.statusCode === STATUS.ok && 'bet' in reply) {
      const game = getSession().game;
      if (game) updateSession({ game: { ...game, balance: reply.balance } });
      showToast({ kind: 'success', title: t('history.ticket.cashedOut', { amount: money(reply.amount, currency) }) });
      onSettled();
      return;
    }
    if ('cash_out' in reply) {
      if (reply.cash_out === null) {
        setStage('gone');
        setNote(t('history.ticket.noOffer'));
        return;
      }
      setOffer(reply.cash_out);
      setNote(t('history.ticket.offerChanged', { amount: money(reply.cash_out, currency) }));
      setStage('confirm');
      return;
    }
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    // cashOutUnavailable may pass (a suspended match): the offer stays to try again; a bet not found has none.
    setNote(errorMessageText(reply.message, t));
    setStage(reply.message === 'notFound' ? 'gone' : 'offer');
  };

  return (
    <div className="cash-out" data-testid="cash-out" data-stage={stage}>
      {note ? (
        <p className="cash-out__note" role="status">
          {note}
        </p>
      ) : null}
      {stage === 'offer' ? (
        <button
          ref={offerRef}
          type="button"
          className="btn btn--primary cash-out__button"
          data-testid="cash-out-button"
          onClick={() => {
            setNote(null);
            setStage('confirm');
          }}
        >
          {t('history.ticket.cashOut', { amount })}
        </button>
      ) : null}
      {stage === 'confirm' || stage === 'busy' ? (
        <div className="cash-out__confirm" role="group" aria-label={t('history.ticket.cashOut', { amount })}>
          <p className="cash-out__question">{t('history.ticket.cashOutConfirm', { amount })}</p>
          <div className="cash-out__actions">
            <button
              ref={confirmRef}
              type="button"
              className="btn btn--primary"
              data-testid="cash-out-confirm"
              disabled={stage === 'busy'}
              onClick={() => void cashOut()}
            >
              {stage === 'busy' ? t('history.ticket.cashingOut') : t('history.ticket.confirm')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={stage === 'busy'}
              onClick={() => {
                setStage('offer');
                setNote(null);
                requestAnimationFrame(() => offerRef.current?.focus());
              }}
            >
              {t('history.ticket.cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
