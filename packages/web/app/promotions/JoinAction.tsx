import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { STATUS, guestGuardAction, type PromotionSummary } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { openModal } from '../client/modals';
import { updateSession, useSession } from '../client/session';
import { showToast } from '../client/toasts';
import { openSignIn } from '../shell/AuthModals';
import { Icon } from '../shared/ui/icons';
import { formatAmount } from '../shared/format/numbers';
import { useDateFormat } from '../i18n/dates';
import { useT } from '../i18n/use-t';
import type { SiteT } from '../i18n/translate';
import { useLocale } from '../lib/use-locale';
import { useReadySite } from '../shared/hooks/use-ready-site';
import { needsButton } from './promotions-data';
import type { JoinedPromotions } from './use-joined';

type RewardFields = Pick<PromotionSummary, 'reward_amount' | 'reward_type'>;

/** "50 game tokens" or "PHP 100": what a claim credits; null when the item carries no reward. */
export function rewardText(t: SiteT, item: RewardFields, currency: string): string | null {
  if (item.reward_amount === null || item.reward_type === null) return null;
  const amount = formatAmount(item.reward_amount);
  return item.reward_type === 'tokens' ? t('promotions.rewardTokens', { amount }) : t('promotions.rewardBalance', { amount, currency });
}

const JOINED_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * The join or claim button of a promotion that needs one (claim_type join or claim), or its state:
 * "Joined"/"Claimed" once the player has, "No longer open" when it has ended. A guest gets the
 * template's login (as the favourite heart does: the login page, or the login or sign-in modal).
 * A player's join credits the reward through the API, shows it in a toast and puts the new
 * balances in the header at once; an earlier join (another tab) or a promotion that closed
 * meanwhile is said kindly, without an error dialog.
 */
export function JoinAction({
  item,
  state,
  ended = false,
  describedBy,
}: {
  item: PromotionSummary;
  state: JoinedPromotions;
  ended?: boolean;
  /** The id of the element naming the item: every card's button then says which promotion it joins. */
  describedBy?: string;
}) {
  const { t } = useT();
  const session = useSession();
  const site = useReadySite();
  const navigate = useNavigate();
  const { to } = useLocale();
  const dates = useDateFormat(JOINED_DATE);
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState(false);
  /** Focus moves to the state that replaces the button the player pressed. */
  const [pressed, setPressed] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const joinedAt = state.status === 'known' ? state.joined.get(item.promotion_id) : undefined;
  const isClaim = item.claim_type === 'claim';
  const replaced = joinedAt !== undefined || ended || closed;

  useEffect(() => {
    if (pressed && replaced) statusRef.current?.focus();
  }, [pressed, replaced]);

  if (!needsButton(item)) return null;

  if (joinedAt !== undefined) {
    const date = joinedAt ? dates.format(new Date(joinedAt)) : '';
    return (
      <p className="promo-state promo-state--done" data-testid="promo-joined" ref={statusRef} tabIndex={-1}>
        <Icon name="check" size={18} />
        <span>
          {date
            ? isClaim
              ? t('promotions.claimedOn', { date })
              : t('promotions.joinedOn', { date })
            : isClaim
              ? t('promotions.claimed')
              : t('promotions.joined')}
        </span>
      </p>
    );
  }
  if (ended || closed) {
    return (
      <p className="promo-state" data-testid="promo-closed" ref={statusRef} tabIndex={-1}>
        <Icon name="clock" size={18} />
        <span>{t('promotions.closed')}</span>
      </p>
    );
  }

  const askToLogIn = () => {
    const action = site ? guestGuardAction(site.themeCode) : null;
    if (action?.kind === 'redirect-then-modal') {
      if (action.modal === 'signin') openSignIn('login');
      else openModal('login');
    } else {
      void navigate(to('/login'));
    }
  };

  const join = async () => {
    if (!session.isAuthenticated) {
      askToLogIn();
      return;
    }
    if (busy) return;
    setBusy(true);
    const reply = await callApi('promotionJoin', { ...sessionCallPayload(), promotion_id: item.promotion_id });
    setBusy(false);
    setPressed(true);
    if (reply.statusCode === STATUS.ok && 'game_balance' in reply) {
      // The reply carries the balances after the credit: the header shows them without another call.
      updateSession({ game: { balance: reply.game_balance, token: reply.game_token } });
      state.markJoined(item.promotion_id, new Date().toISOString());
      const reward = rewardText(t, { reward_amount: reply.amount, reward_type: reply.reward_type }, site?.site.currency ?? '');
      const title = reward ? t('promotions.creditedToast', { reward }) : isClaim ? t('promotions.claimedToast') : t('promotions.joinedToast');
      showToast({ kind: 'success', title, text: item.title });
      return;
    }
    if (reply.message === 'alreadyClaimed') {
      // Joined meanwhile (another tab or device): show it as joined, and say so.
      state.markJoined(item.promotion_id, '');
      showToast({ kind: 'info', title: isClaim ? t('promotions.alreadyClaimed') : t('promotions.alreadyJoined'), text: item.title });
      return;
    }
    if (reply.message === 'notClaimable' || reply.message === 'notFound') {
      setClosed(true);
      showToast({ kind: 'info', title: t('promotions.notClaimable'), text: item.title });
      return;
    }
    handleApiError(reply);
  };

  const loading = state.status === 'loading';
  return (
    <button
      type="button"
      className="btn btn--primary promo-join"
      data-testid="promo-join"
      aria-describedby={describedBy}
      aria-busy={busy || loading || undefined}
      disabled={busy || loading}
      onClick={() => void join()}
    >
      <Icon name={isClaim ? 'gift' : 'plus'} size={18} />
      {busy ? (isClaim ? t('promotions.claiming') : t('promotions.joining')) : isClaim ? t('promotions.claim') : t('promotions.join')}
    </button>
  );
}
