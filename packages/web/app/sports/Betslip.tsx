import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { ODDS_CHANGE_CHOICES, STATUS, guestGuardAction, isAtLeast, isSessionEndMessage, type OddsChangeChoice, type PlacedBet } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { refreshBalance } from '../client/account';
import { handleApiError } from '../client/errors';
import { openModal } from '../client/modals';
import { getSession, updateSession, useSession } from '../client/session';
import { Icon } from '../shared/ui/icons';
import { formatAmount } from '../shared/format/numbers';
import { teamName } from '../shared/format/teams';
import { useT } from '../i18n/use-t';
import { errorMessageText, replyMessageText } from '../lib/messages';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { openSignIn } from '../shell/AuthModals';
import { marketName, pickText, useOddsText, useTotalOddsText } from './BetDisplay';
import { PriceMove } from './PriceToggle';
import {
  getSlip,
  getSportsSettings,
  setPlacementPhase,
  updateSlip,
  updateSportsSettings,
  usePlacementPhase,
  useSlip,
  useSportsSettings,
} from './betslip-store';
import { ODDS_FORMATS, isOddsFormat } from './odds-format';
import {
  ACCUMULATOR,
  MAX_SELECTIONS,
  EMPTY_SLIP,
  accumulatorBlock,
  acknowledgeChanges,
  applyFeed,
  applyPrices,
  attemptOf,
  betBlock,
  betsOf,
  forgetAttempt,
  markPlaced,
  potentialReturn,
  priceMove,
  removeSelection,
  repeatedMatches,
  setStake,
  slipTotals,
  totalOdds,
  type SlipBet,
  type SlipSelection,
  acceptStakeInput,
} from './slip';
import { useLiveFeed } from './use-live-matches';
import { quickStakesFor, stakeOutsideLimits } from './stake-limits';
import { sportsLimitsNow, useSportsLimits } from './use-sports-limits';

/** A message under the slip: the bet it is about (when the slip placed several) and its text. */
interface SlipMessage {
  bet: string | null;
  text: string;
}

/** An amount with the site's currency. */
function useMoney(): (amount: string) => string {
  const site = useReadySite();
  const currency = site?.site.currency ?? '';
  return (amount: string) => (currency ? `${formatAmount(amount)} ${currency}` : formatAmount(amount));
}

/** Where the slip is a column beside the prices (betslip.css); below, it is the bottom sheet. */
const SIDE_PANEL_QUERY = '(min-width: 1100px)';

/**
 * Places the slip's column on a wide screen: its top under the site's sticky header (whatever its
 * height in this template), and its height within the screen from where it is now, ending above
 * the floating buttons (chat, rewards) when they sit over the column, so they never cover the
 * place button. Measured once a frame at most, on scroll and resize.
 */
function useSlipPlacement(): RefObject<HTMLElement | null> {
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const slip = ref.current;
    if (!slip || typeof ResizeObserver === 'undefined') return;
    const wide = window.matchMedia(SIDE_PANEL_QUERY);
    const header = document.querySelector<HTMLElement>('.site-header');
    let frame = 0;
    const measure = () => {
      if (frame || !wide.matches) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const top = Math.round(header?.getBoundingClientRect().height ?? 0);
        const own = slip.getBoundingClientRect();
        const buttons = document.querySelector<HTMLElement>('.floating-dock__actions')?.getBoundingClientRect();
        const covered = buttons && buttons.height > 0 && buttons.left < own.right && buttons.right > own.left;
        const bottom = covered ? window.innerHeight - buttons.top + 8 : 12;
        slip.style.setProperty('--slip-top', `${top}px`);
        slip.style.setProperty('--slip-max-h', `${Math.max(240, Math.round(window.innerHeight - Math.max(own.top, top + 12) - bottom))}px`);
      });
    };
    const sizes = new ResizeObserver(measure);
    if (header) sizes.observe(header);
    // The floating dock arrives after the page (it is loaded when the browser is idle), and its buttons can be closed.
    const dock = new MutationObserver(() => {
      const buttons = document.querySelector('.floating-dock__actions');
      if (buttons) sizes.observe(buttons);
      measure();
    });
    const shell = document.querySelector('.client-shell');
    if (shell) dock.observe(shell, { childList: true, subtree: true });
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, { passive: true });
    wide.addEventListener('change', measure);
    measure();
    return () => {
      cancelAnimationFrame(frame);
      sizes.disconnect();
      dock.disconnect();
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure);
      wide.removeEventListener('change', measure);
    };
  }, []);
  return ref;
}

export function Betslip() {
  const { t } = useT();
  const slip = useSlip();
  const phase = usePlacementPhase();
  const session = useSession();
  const money = useMoney();
  const ref = useSlipPlacement();
  const bodyId = useId();
  const [expanded, setExpanded] = useState(false);
  const count = slip.selections.length;
  const bets = betsOf(slip);
  const totals = slipTotals(bets);

  // The slip's prices follow the feed while it holds any (the board's own prices share the read).
  const feed = useLiveFeed(count > 0);
  useEffect(() => {
    if (feed) updateSlip((state) => applyFeed(state, feed));
  }, [feed]);

  // An emptied slip folds its sheet: the next selection shows as the bar again, over no price.
  const empty = count === 0 && phase.kind !== 'receipt';
  const [wasEmpty, setWasEmpty] = useState(empty);
  if (empty !== wasEmpty) {
    setWasEmpty(empty);
    if (empty) setExpanded(false);
  }

  // A player whose balance is not loaded yet (a login by code loads none).
  useEffect(() => {
    if (session.isAuthenticated && !session.game) void refreshBalance();
  }, [session.isAuthenticated, session.game]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && expanded) {
      setExpanded(false);
      document.getElementById(`${bodyId}-toggle`)?.focus();
    }
  };

  const sheet = phase.kind === 'receipt' || count > 0 ? 'bar' : 'none';
  return (
    <section
      ref={ref}
      className="betslip"
      role="region"
      aria-label={t('betslip.title')}
      data-testid="betslip"
      data-count={count}
      data-sheet={sheet}
      data-expanded={expanded || undefined}
      aria-busy={phase.kind === 'placing'}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        id={`${bodyId}-toggle`}
        className="betslip__toggle"
        aria-expanded={expanded}
        aria-controls={bodyId}
        data-testid="betslip-toggle"
        onClick={() => setExpanded((value) => !value)}
      >
        <span className="betslip__toggle-title">{t('betslip.title')}</span>
        {count ? (
          <span className="betslip__count" aria-hidden="true">
            {count}
          </span>
        ) : null}
        <span className="visually-hidden">{t('betslip.selections', { count })}</span>
        {bets.length ? (
          <span className="betslip__toggle-sum">{t('betslip.barTotals', { stake: money(totals.stake), potential: money(totals.potentialReturn) })}</span>
        ) : null}
        <span className="betslip__chevron" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="m6 15 6-6 6 6" />
          </svg>
        </span>
      </button>
      <div className="betslip__body" id={bodyId}>
        <div className="betslip__head">
          <h2 className="betslip__title">
            {t('betslip.title')}
            {count ? <span className="betslip__count">{count}</span> : null}
          </h2>
          {count && phase.kind !== 'receipt' ? (
            <button type="button" className="betslip__clear" onClick={() => updateSlip(() => EMPTY_SLIP)} disabled={phase.kind === 'placing'}>
              {t('betslip.clear')}
            </button>
          ) : null}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {count ? t('betslip.selections', { count }) : ''}
        </p>
        {phase.kind === 'receipt' ? (
          <Receipt bets={phase.bets} onDone={() => setPlacementPhase({ kind: 'idle' })} />
        ) : count ? (
          <SlipContents />
        ) : (
          <p className="betslip__empty" data-testid="betslip-empty">
            {t('betslip.empty')}
          </p>
        )}
      </div>
    </section>
  );
}

/** The selections (each a single), the accumulator, the totals, the settings and the place button. */
function SlipContents() {
  const { t } = useT();
  const { locale } = useLocale();
  const slip = useSlip();
  const settings = useSportsSettings();
  const phase = usePlacementPhase();
  const session = useSession();
  const site = useReadySite();
  const money = useMoney();
  const totalOddsText = useTotalOddsText();
  const [messages, setMessages] = useState<SlipMessage[]>([]);
  const [placedSome, setPlacedSome] = useState<PlacedBet[]>([]);
  const messagesRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const busy = phase.kind === 'placing';
  const bets = betsOf(slip);
  const totals = slipTotals(bets);
  const many = slip.selections.length > 1;
  const block = accumulatorBlock(slip.selections);
  const repeated = repeatedMatches(slip.selections);
  const accumulatorOdds = totalOdds(slip.selections.map((selection) => selection.odds));
  const balance = session.isAuthenticated ? (session.game?.balance ?? null) : null;

  const betLabel = (bet: SlipBet) => (bet.kind === 'accumulator' ? t('betslip.accumulator') : pickText(t, bet.selections[0]!, locale));

  const show = (list: SlipMessage[]) => {
    setMessages(list);
    if (list.length) requestAnimationFrame(() => messagesRef.current?.focus());
  };

  const logIn = () => {
    const action = site ? guestGuardAction(site.themeCode) : null;
    if (action?.kind === 'redirect-then-modal' && action.modal === 'signin') openSignIn('login');
    else openModal('login');
  };

  const place = async () => {
    if (busy) return;
    if (!getSession().isAuthenticated) return logIn();
    setPlacedSome([]);
    const toPlace = betsOf(getSlip());
    if (!toPlace.length) return show([{ bet: null, text: t('betslip.enterStake') }]);
    const blocked = toPlace.map((bet) => betBlock(bet)).find((reason) => reason !== null);
    if (blocked === 'closed') return show([{ bet: null, text: t('betslip.closedNote') }]);
    if (blocked === 'suspended') return show([{ bet: null, text: errorMessageText('marketSuspended', t) }]);
    // A stake the server would refuse is not sent: the message says the limit, which its refusal would not.
    const limits = sportsLimitsNow();
    const outside = limits
      ? toPlace.flatMap((bet): SlipMessage[] => {
          const breach = stakeOutsideLimits(bet.stake, limits);
          if (!breach) return [];
          const text =
            breach === 'tooSmall'
              ? t('betslip.stakeTooSmall', { amount: money(limits.min_stake) })
              : t('betslip.stakeTooLarge', { amount: money(limits.max_stake) });
          return [{ bet: toPlace.length > 1 ? betLabel(bet) : null, text }];
        })
      : [];
    if (outside.length) return show(outside);
    const available = getSession().game?.balance;
    if (available !== undefined && !isAtLeast(available, slipTotals(toPlace).stake))
      return show([{ bet: null, text: errorMessageText('insufficientBalance', t) }]);

    show([]);
    updateSlip(acknowledgeChanges);
    // A bet on a match under way waits the in-play acceptance delay on the server (ADR 0035).
    setPlacementPhase({ kind: 'placing', inPlay: toPlace.some((bet) => bet.selections.some((selection) => selection.status === 'live')) });
    const oddsChange = getSportsSettings().oddsChange;
    const outcomes = await Promise.all(
      toPlace.map(async (bet) => {
        // One client bet id per attempt, kept until an answer comes: a retry after no answer is the same bet.
        let clientBetId = '';
        updateSlip((state) => {
          const attempt = attemptOf(state, bet);
          clientBetId = attempt.id;
          return attempt.state;
        });
        const reply = await callApi('placeBet', {
          ...sessionCallPayload(),
          selections: bet.selections.map((selection) => ({ selection_id: selection.selection_id, odds: selection.odds })),
          stake: bet.stake,
          odds_change: oddsChange,
          client_bet_id: clientBetId,
        });
        return { bet, reply };
      }),
    );

    const placed: PlacedBet[] = [];
    const failures: SlipMessage[] = [];
    let sessionEnded = false;
    for (const { bet, reply } of outcomes) {
      if (reply.statusCode === STATUS.ok && 'bet' in reply) {
        placed.push(reply.bet);
        updateSlip((state) => markPlaced(state, bet.key));
        const game = getSession().game;
        if (game) updateSession({ game: { ...game, balance: reply.balance } });
        continue;
      }
      const label = toPlace.length > 1 ? betLabel(bet) : null;
      if (reply.statusCode < 0 || reply.message === 'disconnect') {
        // No answer: the bet may or may not be placed. The attempt's id is kept, so pressing again cannot place it twice.
        failures.push({ bet: label, text: t('betslip.noAnswer') });
        continue;
      }
      updateSlip((state) => forgetAttempt(state, bet.key));
      if (isSessionEndMessage(reply.message)) {
        sessionEnded = true;
        handleApiError(reply);
      } else if ('prices' in reply) {
        // Highlighted: the prices that moved from those this bet was sent at (the feed may have moved the slip's since).
        updateSlip((state) => applyPrices(state, reply.prices, new Map(bet.selections.map((selection) => [selection.selection_id, selection.odds]))));
        failures.push({ bet: label, text: errorMessageText('oddsChanged', t) });
      } else {
        // The whole reply: a refusal by a loss or wager limit names it and what it leaves (ADR 0039).
        failures.push({ bet: label, text: replyMessageText(reply, t, locale, site?.site.currency) });
      }
    }
    if (placed.length && !getSession().game) void refreshBalance();

    if (!failures.length && !sessionEnded) {
      updateSlip(() => EMPTY_SLIP);
      setPlacementPhase({ kind: 'receipt', bets: placed });
      return;
    }
    setPlacementPhase({ kind: 'idle' });
    setPlacedSome(placed);
    // The same message for several bets is said once, for none of them in particular.
    const byText = new Map<string, SlipMessage>();
    for (const failure of failures) byText.set(failure.text, byText.has(failure.text) ? { bet: null, text: failure.text } : failure);
    show([...byText.values()]);
  };

  return (
    <>
      <h3 className="betslip__section-title">{many ? t('betslip.singles') : t('betslip.single')}</h3>
      <ol className="betslip__picks">
        {slip.selections.map((selection) => (
          <SlipPick key={selection.selection_id} selection={selection} repeated={repeated.has(selection.match_id)} disabled={busy} />
        ))}
      </ol>
      {slip.selections.length >= MAX_SELECTIONS ? <p className="betslip__note">{t('betslip.full', { max: MAX_SELECTIONS })}</p> : null}

      {many ? (
        <div className="betslip__acca" data-testid="betslip-accumulator" data-offered={block ? 'false' : 'true'}>
          <h3 className="betslip__section-title">
            {t('betslip.accumulator')}
            {block ? null : (
              <span className="betslip__acca-odds">
                <span className="visually-hidden">{t('betslip.totalOdds')} </span>
                {totalOddsText(accumulatorOdds)}
              </span>
            )}
          </h3>
          {block === 'sameMatch' ? (
            <p className="betslip__note" data-testid="betslip-no-accumulator">
              {t('betslip.sameMatch')}
            </p>
          ) : block === 'tooMany' ? (
            <p className="betslip__note">{t('betslip.tooMany', { max: MAX_SELECTIONS })}</p>
          ) : (
            <>
              <p className="betslip__acca-lead">{t('betslip.accumulatorLead', { count: slip.selections.length })}</p>
              <StakeField
                id={`${id}-acc`}
                label={t('betslip.accumulatorStake')}
                value={slip.stakes[ACCUMULATOR] ?? ''}
                disabled={busy}
                onValue={(value) => updateSlip((state) => setStake(state, ACCUMULATOR, value))}
              />
              <ReturnLine
                amount={potentialReturn(
                  slip.stakes[ACCUMULATOR],
                  slip.selections.map((selection) => selection.odds),
                )}
              />
            </>
          )}
        </div>
      ) : null}

      <dl className="betslip__totals" data-testid="betslip-totals">
        <div>
          <dt>{t('betslip.totalStake')}</dt>
          <dd data-total="stake">{money(totals.stake)}</dd>
        </div>
        <div>
          <dt>{t('betslip.totalReturn')}</dt>
          <dd data-total="return">{money(totals.potentialReturn)}</dd>
        </div>
        {session.isAuthenticated ? (
          <div>
            <dt>{t('betslip.balance')}</dt>
            <dd data-total="balance">{balance === null ? '—' : money(balance)}</dd>
          </div>
        ) : null}
      </dl>

      <div className="betslip__settings" role="group" aria-label={t('betslip.settings')}>
        <label className="betslip__setting">
          <span>{t('betslip.oddsChange')}</span>
          <select
            value={settings.oddsChange}
            onChange={(event) => updateSportsSettings({ oddsChange: event.target.value as OddsChangeChoice })}
            data-testid="betslip-odds-change"
          >
            {ODDS_CHANGE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`betslip.oddsChangeChoice.${choice}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="betslip__setting">
          <span>{t('betslip.oddsFormat')}</span>
          <select
            value={settings.oddsFormat}
            onChange={(event) => {
              if (isOddsFormat(event.target.value)) updateSportsSettings({ oddsFormat: event.target.value });
            }}
            data-testid="betslip-odds-format"
          >
            {ODDS_FORMATS.map((format) => (
              <option key={format} value={format}>
                {t(`betslip.oddsFormats.${format}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="betslip__actions">
        {placedSome.length ? (
          <p className="betslip__placed-some" role="status">
            {t('betslip.placedSome', { tickets: placedSome.map((bet) => bet.ticket).join(', ') })}
          </p>
        ) : null}
        <div className="betslip__messages" ref={messagesRef} tabIndex={-1} role="alert" data-testid="betslip-messages">
          {messages.map((message, index) => (
            <p key={index} className="betslip__message">
              <Icon name="close" size={16} />
              <span>
                {message.bet ? <strong>{message.bet}: </strong> : null}
                {message.text}
              </span>
            </p>
          ))}
        </div>
        {busy && phase.kind === 'placing' ? (
          <p className="betslip__accepting" role="status" data-testid="betslip-accepting">
            <span className="betslip__spinner" aria-hidden="true" />
            {phase.inPlay ? t('betslip.accepting') : t('betslip.placing')}
          </p>
        ) : null}
        <button type="button" className="btn btn--primary btn--large betslip__place" data-testid="betslip-place" disabled={busy} onClick={() => void place()}>
          {!session.isAuthenticated
            ? t('betslip.logIn')
            : busy
              ? t('betslip.placing')
              : bets.length > 1
                ? t('betslip.placeMany', { count: bets.length, amount: money(totals.stake) })
                : bets.length === 1
                  ? t('betslip.placeOne', { amount: money(totals.stake) })
                  : t('betslip.place')}
        </button>
      </div>
    </>
  );
}

/** One selection on the slip, with its single's stake. */
function SlipPick({ selection, repeated, disabled }: { selection: SlipSelection; repeated: boolean; disabled: boolean }) {
  const { t } = useT();
  const { locale } = useLocale();
  const oddsText = useOddsText();
  const slip = useSlip();
  const id = useId();
  const pick = pickText(t, selection, locale);
  const move = priceMove(selection);
  const key = String(selection.selection_id);
  return (
    <li
      className="slip-pick"
      data-testid="betslip-pick"
      data-selection-id={selection.selection_id}
      data-changed={selection.changed || undefined}
      data-closed={!selection.open || undefined}
      data-suspended={selection.suspended || undefined}
      data-repeated={repeated || undefined}
    >
      <div className="slip-pick__head">
        <p className="slip-pick__match">
          {selection.status === 'live' ? <span className="badge badge--live">{t('sports.live')}</span> : null}
          <span>
            {teamName(selection, 'home', locale)} {t('sports.versus')} {teamName(selection, 'away', locale)}
          </span>
        </p>
        <button
          type="button"
          className="icon-button slip-pick__remove"
          aria-label={t('betslip.remove', { pick })}
          title={t('betslip.remove', { pick })}
          disabled={disabled}
          onClick={() => updateSlip((state) => removeSelection(state, selection.selection_id))}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      <p className="slip-pick__bet">
        <span className="slip-pick__text">
          <span className="slip-pick__pick">{pick}</span>
          <span className="slip-pick__market">{marketName(t, selection.bet_type)}</span>
        </span>
        <span className="slip-pick__odds" data-testid="betslip-odds">
          {selection.changed ? <span className="visually-hidden">{t('betslip.priceChanged')} </span> : null}
          {oddsText(selection.odds)}
          {move ? <PriceMove move={move} from={selection.added_odds} /> : null}
        </span>
      </p>
      {!selection.open ? (
        <p className="slip-pick__state">{t('betslip.closed')}</p>
      ) : selection.suspended ? (
        <p className="slip-pick__state">{t('betslip.suspended')}</p>
      ) : null}
      <StakeField
        id={`${id}-stake`}
        label={t('betslip.stake')}
        accessibleLabel={t('betslip.stakeOn', { pick })}
        value={slip.stakes[key] ?? ''}
        disabled={disabled}
        onValue={(value) => updateSlip((state) => setStake(state, key, value))}
      />
      <ReturnLine amount={potentialReturn(slip.stakes[key], [selection.odds])} />
    </li>
  );
}

/** A stake: a decimal text field (digits and one point, "10" or "10.5") with the site's currency, quick stakes within the site's limits, and the limits. */
function StakeField({
  id,
  label,
  accessibleLabel,
  value,
  disabled,
  onValue,
}: {
  id: string;
  label: string;
  accessibleLabel?: string;
  value: string;
  disabled: boolean;
  onValue: (value: string) => void;
}) {
  const { t } = useT();
  const site = useReadySite();
  const money = useMoney();
  const limits = useSportsLimits();
  const quickStakes = quickStakesFor(limits);
  const limitsId = `${id}-limits`;
  return (
    <>
      <div className="stake">
        <label className="stake__label" htmlFor={id}>
          {label}
        </label>
        <div className="stake__field">
          <input
            id={id}
            className="stake__input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            maxLength={13}
            aria-label={accessibleLabel}
            aria-describedby={limits ? limitsId : undefined}
            value={value}
            disabled={disabled}
            data-testid="betslip-stake"
            onChange={(event) => {
              const accepted = acceptStakeInput(event.target.value);
              if (accepted !== null) onValue(accepted);
            }}
          />
          <span className="stake__currency" aria-hidden="true">
            {site?.site.currency}
          </span>
        </div>
        {quickStakes.length ? (
          <div className="stake__quick" role="group" aria-label={t('betslip.quickStakes')}>
            {quickStakes.map((amount) => (
              <button
                key={amount}
                type="button"
                className="chip stake__chip"
                aria-pressed={value === amount}
                disabled={disabled}
                onClick={() => onValue(amount)}
              >
                {formatAmount(amount)}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {limits ? (
        <p className="betslip__note" id={limitsId} data-testid="betslip-stake-limits">
          {t('betslip.stakeLimits', { min: money(limits.min_stake), max: money(limits.max_stake) })}
        </p>
      ) : null}
    </>
  );
}

function ReturnLine({ amount }: { amount: string | null }) {
  const { t } = useT();
  const money = useMoney();
  return (
    <p className="betslip__return">
      <span>{t('betslip.potentialReturn')}</span>
      <strong data-testid="betslip-return">{amount ? money(amount) : '—'}</strong>
    </p>
  );
}

/** The bets just placed: their ticket numbers, stakes and potential returns, and the way to bet history. */
function Receipt({ bets, onDone }: { bets: PlacedBet[]; onDone: () => void }) {
  const { t } = useT();
  const { to } = useLocale();
  const money = useMoney();
  const totalOddsText = useTotalOddsText();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="betslip__receipt" data-testid="betslip-receipt">
      <h3 className="betslip__receipt-title" ref={ref} tabIndex={-1}>
        <Icon name="check" size={20} />
        {t('betslip.placed', { count: bets.length })}
      </h3>
      <ul className="betslip__tickets">
        {bets.map((bet) => (
          <li key={bet.bet_id} className="betslip__ticket" data-testid="betslip-ticket" data-kind={bet.kind} data-ticket={bet.ticket}>
            <p className="betslip__ticket-head">
              <span>{t(bet.kind === 'accumulator' ? 'betslip.accumulator' : 'betslip.single')}</span>
              <span className="betslip__ticket-number">{t('betslip.ticket', { ticket: bet.ticket })}</span>
            </p>
            <p className="betslip__ticket-figures">
              <span>
                {t('betslip.stake')} <strong>{money(bet.stake)}</strong>
              </span>
              <span>
                {t('betslip.totalOdds')} <strong>{totalOddsText(bet.odds)}</strong>
              </span>
              <span>
                {t('betslip.potentialReturn')} <strong>{money(bet.potential_return)}</strong>
              </span>
            </p>
          </li>
        ))}
      </ul>
      <div className="betslip__receipt-actions">
        <Link to={`${to('/bet-history')}?kind=sports`} className="btn btn--ghost" data-testid="betslip-history-link" onClick={onDone}>
          {t('betslip.viewHistory')}
        </Link>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {t('betslip.done')}
        </button>
      </div>
    </div>
  );
}
