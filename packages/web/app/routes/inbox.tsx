import { useEffect, useRef, useState } from 'react';
import { PAGINATION, STATUS, type InboxItem } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { updateSession, useSession } from '../client/session';
import { showToast } from '../client/toasts';
import { formatAmount } from '../home/home-data';
import { Icon } from '../frame/icons';
import { Pagination } from '../player/Pagination';
import '../styles/player.css';
import { useT } from '../i18n/use-t';
import { useDateFormat } from '../i18n/dates';
import type { SiteT } from '../i18n/translate';

export { screenMeta as meta } from '../seo/merge-meta';

const INBOX_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; items: InboxItem[] };


function rewardKind(t: SiteT, type: InboxItem['reward_type']): string {
  return type === 'token' ? t('player.rewardKinds.token') : t('player.rewardKinds.balance');
}

/** The inbox from get_inbox; null when the page has gone meanwhile. Failures go to the global handler. */
async function requestInbox(signal?: AbortSignal): Promise<Load | null> {
  const reply = await callApi('getInbox', sessionCallPayload(), signal ? { signal } : {});
  if (signal?.aborted) return null;
  if (reply.statusCode === STATUS.ok && 'value' in reply) return { kind: 'ready', items: reply.value };
  handleApiError(reply);
  return { kind: 'failed' };
}

/**
 * /inbox: the player's messages, newest first, the unread ones marked (listing the inbox reads it:
 * the API marks every listed message read and tells which were unread), and rewards to claim. A
 * claim shows the credited amount and puts the new balances in the header at once.
 */
export default function InboxPage() {
  const { t } = useT();
  const session = useSession();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [page, setPage] = useState(1);
  const listTop = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    void requestInbox(controller.signal).then((next) => next && setLoad(next));
    return () => controller.abort();
  }, []);

  const replaceItem = (next: InboxItem) =>
    setLoad((before) =>
      before.kind === 'ready' ? { kind: 'ready', items: before.items.map((item) => (item.inbox_id === next.inbox_id ? next : item)) } : before,
    );

  const choosePage = (next: number) => {
    setPage(next);
    // The new page starts at the list's heading, for sighted and screen-reader players alike.
    listTop.current?.focus();
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  if (!session.isAuthenticated) return null;
  const items = load.kind === 'ready' ? load.items : [];
  const pageCount = Math.max(1, Math.ceil(items.length / PAGINATION.perPage));
  const current = Math.min(page, pageCount);
  const shown = items.slice((current - 1) * PAGINATION.perPage, current * PAGINATION.perPage);

  return (
    <section className="player-screen player-screen--narrow" aria-labelledby="inbox-title">
      <header className="player-screen__head">
        <h1 id="inbox-title" className="screen__title">
          {t('_m:inbox')}
        </h1>
        <p className="screen__lead">{t('player.inboxLead')}</p>
      </header>
      <div className="player-card inbox" aria-busy={load.kind === 'loading'}>
        <h2 className="player-card__title" ref={listTop} tabIndex={-1}>
          <Icon name="mail" size={20} />
          {load.kind === 'ready' ? t('player.messagesCount', { count: items.length }) : t('_m:inbox')}
        </h2>
        {load.kind === 'loading' ? <p className="player-card__note">{t('player.inboxLoading')}</p> : null}
        {load.kind === 'failed' ? (
          <div className="player-empty">
            <p>{t('player.inboxFailed')}</p>
            <button type="button" className="btn btn--primary" onClick={() => {
                setLoad({ kind: 'loading' });
                void requestInbox().then((next) => next && setLoad(next));
              }}>
              {t('player.retry')}
            </button>
          </div>
        ) : null}
        {load.kind === 'ready' && !items.length ? <p className="player-empty">{t('player.inboxEmpty')}</p> : null}
        {shown.length ? (
          <ul className="inbox__list">
            {shown.map((item) => (
              <InboxMessage key={item.inbox_id} item={item} onChange={replaceItem} />
            ))}
          </ul>
        ) : null}
        {items.length > PAGINATION.perPage ? <Pagination page={current} total={items.length} onPage={choosePage} /> : null}
      </div>
    </section>
  );
}

function InboxMessage({ item, onChange }: { item: InboxItem; onChange: (item: InboxItem) => void }) {
  const { t } = useT();
  const dates = useDateFormat(INBOX_DATE);
  const [claiming, setClaiming] = useState(false);
  /** What this claim credited, shown in place of the button. */
  const [credited, setCredited] = useState<string | null>(null);
  const hasReward = item.reward_amount !== null && item.reward_type !== null;
  const titleId = `inbox-${item.inbox_id}-title`;

  const claim = async () => {
    if (claiming) return;
    setClaiming(true);
    const reply = await callApi('claimInbox', { ...sessionCallPayload(), inbox_id: item.inbox_id });
    setClaiming(false);
    if (reply.statusCode === STATUS.ok && 'game_balance' in reply) {
      const text = t('messages:credited', { amount: formatAmount(reply.amount), kind: rewardKind(t, reply.reward_type) });
      setCredited(text);
      onChange({ ...item, claimable: false, claimed: true, read: true });
      // The reply carries the balances after the credit: the header shows them without another call.
      updateSession({ game: { balance: reply.game_balance, token: reply.game_token } });
      showToast({ kind: 'success', title: t('messages:claimedToast', { amount: formatAmount(reply.amount), kind: rewardKind(t, reply.reward_type) }) });
      return;
    }
    // Claimed meanwhile (another tab or device): show it as claimed, and say so.
    if (reply.message === 'alreadyClaimed') onChange({ ...item, claimable: false, claimed: true });
    if (reply.message === 'notClaimable') onChange({ ...item, claimable: false });
    handleApiError(reply);
  };

  return (
    <li className="inbox-item" data-unread={!item.read || undefined} data-testid="inbox-item" data-inbox-id={item.inbox_id}>
      <div className="inbox-item__head">
        <h3 id={titleId} className="inbox-item__title">
          {!item.read ? <span className="badge inbox-item__new">{t('player.unread')}</span> : null}
          {item.title}
        </h3>
        <time className="inbox-item__date" dateTime={item.created_at}>
          {dates.format(new Date(item.created_at))}
        </time>
      </div>
      <p className="inbox-item__body">{item.body}</p>
      {hasReward ? (
        <div className="inbox-item__reward">
          <span className="inbox-item__amount">
            <Icon name="gift" size={18} />
            {t('player.reward', { amount: formatAmount(item.reward_amount ?? '0'), kind: rewardKind(t, item.reward_type) })}
          </span>
          {item.claimable ? (
            <button type="button" className="btn btn--primary inbox-item__claim" disabled={claiming} onClick={() => void claim()}>
              {claiming ? t('player.claiming') : t('player.claim')}
            </button>
          ) : item.claimed ? (
            <span className="inbox-item__claimed">
              <Icon name="check" size={16} />
              {credited ?? t('player.claimed')}
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
