import { useRef, useState, type ReactNode, type Ref } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { PAGINATION, STATUS, type GetInboxReply, type InboxItem } from '@wl/contracts';
import type { Route } from './+types/inbox';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { updateSession, useSession } from '../client/session';
import { showToast } from '../client/toasts';
import { formatAmount } from '../shared/format/numbers';
import { Icon } from '../shared/ui/icons';
import { Pagination } from '../shared/ui/Pagination';
import { RevalidateNote, useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import type { Loaded } from '../shared/data/loaded';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/player.css';
import { useT } from '../i18n/use-t';
import { useDateFormat } from '../i18n/dates';
import type { SiteT } from '../i18n/translate';

export { screenMeta as meta } from '../seo/merge-meta';

const INBOX_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

function rewardKind(t: SiteT, type: InboxItem['reward_type']): string {
  return type === 'token' ? t('player.rewardKinds.token') : t('player.rewardKinds.balance');
}

/** The player's inbox (get_inbox), loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { inbox: await sessionLoader('getInbox', {}, { signal: request.signal }) };
}
clientLoader.hydrate = true as const;

/** The server's render and hydration: the screen's head and the inbox card saying it loads. */
export function HydrateFallback() {
  const { t } = useT();
  return (
    <InboxFrame title={t('_m:inbox')} busy>
      <p className="player-card__note">{t('player.inboxLoading')}</p>
    </InboxFrame>
  );
}

/**
 * /inbox: the player's messages, newest first, the unread ones marked (listing the inbox reads it:
 * the API marks every listed message read and tells which were unread), and rewards to claim. A
 * claim shows the credited amount and puts the new balances in the header at once; the list then
 * loads again (ADR 0058).
 */
export default function InboxPage() {
  const { inbox } = useLoaderData<typeof clientLoader>();
  const session = useSession();
  useRevalidateOnPlayerChange();
  if (!session.isAuthenticated) return null;
  return <InboxList inbox={inbox} />;
}

/** The screen's head and the inbox card around what it holds; `listTop` is the card's heading, where a new page starts. */
function InboxFrame({ title, busy, listTop, children }: { title: string; busy: boolean; listTop?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  const { t } = useT();
  return (
    <section className="player-screen player-screen--narrow" aria-labelledby="inbox-title">
      <header className="player-screen__head">
        <h1 id="inbox-title" className="screen__title">
          {t('_m:inbox')}
        </h1>
        <p className="screen__lead">{t('player.inboxLead')}</p>
      </header>
      <div className="player-card inbox" aria-busy={busy}>
        <h2 className="player-card__title" ref={listTop} tabIndex={-1}>
          <Icon name="mail" size={20} />
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * The messages unread when they were listed on this visit. Listing the inbox reads it, so the list
 * loaded again after a claim says every message is read: what was new stays marked until the page
 * is left, or until its reward is claimed here (`markRead`).
 */
function useUnreadOnArrival(items: InboxItem[] | null): { unread: ReadonlySet<number>; markRead: (id: number) => void } {
  const unreadOf = (list: InboxItem[] | null, before: ReadonlySet<number>) => new Set([...before, ...(list ?? []).filter((item) => !item.read).map((item) => item.inbox_id)]);
  const [seen, setSeen] = useState(() => ({ items, unread: unreadOf(items, new Set<number>()) }));
  let current = seen;
  if (seen.items !== items) {
    current = { items, unread: unreadOf(items, seen.unread) };
    setSeen(current);
  }
  const markRead = (id: number) => setSeen((before) => ({ ...before, unread: new Set([...before.unread].filter((other) => other !== id)) }));
  return { unread: current.unread, markRead };
}

function InboxList({ inbox }: { inbox: Loaded<GetInboxReply> }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  const [page, setPage] = useState(1);
  const listTop = useRef<HTMLHeadingElement>(null);
  const items = inbox.kind === 'ready' ? inbox.value.value : null;
  const { unread, markRead } = useUnreadOnArrival(items);

  const choosePage = (next: number) => {
    setPage(next);
    // The new page starts at the list's heading, for sighted and screen-reader players alike.
    listTop.current?.focus();
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  // A player who has just logged in (another tab) while the list loads again: the quiet loading note.
  if (!items) {
    const loading = inbox.kind === 'guest';
    return (
      <InboxFrame title={t('_m:inbox')} busy={loading || revalidator.state === 'loading'} listTop={listTop}>
        {loading ? <p className="player-card__note">{t('player.inboxLoading')}</p> : <RevalidateNote text={t('player.inboxFailed')} />}
      </InboxFrame>
    );
  }
  const pageCount = Math.max(1, Math.ceil(items.length / PAGINATION.perPage));
  const current = Math.min(page, pageCount);
  const shown = items.slice((current - 1) * PAGINATION.perPage, current * PAGINATION.perPage);

  return (
    <InboxFrame title={t('player.messagesCount', { count: items.length })} busy={false} listTop={listTop}>
      {!items.length ? <p className="player-empty">{t('player.inboxEmpty')}</p> : null}
      {shown.length ? (
        <ul className="inbox__list">
          {shown.map((item) => (
            <InboxMessage key={item.inbox_id} item={item} unread={unread.has(item.inbox_id)} onClaimed={() => markRead(item.inbox_id)} onChange={revalidator.revalidate} />
          ))}
        </ul>
      ) : null}
      {items.length > PAGINATION.perPage ? <Pagination page={current} total={items.length} onPage={choosePage} /> : null}
    </InboxFrame>
  );
}

function InboxMessage({
  item,
  unread,
  onClaimed,
  onChange,
}: {
  item: InboxItem;
  /** Unread when the page listed it (useUnreadOnArrival). */
  unread: boolean;
  /** A claim here reads the message. */
  onClaimed: () => void;
  /** The route loads its list again (ADR 0058). */
  onChange: () => Promise<void>;
}) {
  const { t } = useT();
  const dates = useDateFormat(INBOX_DATE);
  const [claiming, setClaiming] = useState(false);
  /** What this claim credited, shown in place of the button once the list says claimed. */
  const [credited, setCredited] = useState<string | null>(null);
  const hasReward = item.reward_amount !== null && item.reward_type !== null;
  const titleId = `inbox-${item.inbox_id}-title`;

  const claim = async () => {
    if (claiming) return;
    setClaiming(true);
    const reply = await callApi('claimInbox', { ...sessionCallPayload(), inbox_id: item.inbox_id });
    if (reply.statusCode === STATUS.ok && 'game_balance' in reply) {
      const kind = rewardKind(t, reply.reward_type);
      setCredited(t('messages:credited', { amount: formatAmount(reply.amount), kind }));
      // The reply carries the balances after the credit: the header shows them without another call.
      updateSession({ game: { balance: reply.game_balance, token: reply.game_token } });
      // The list loads again (ADR 0058); the button waits for it, so the toast comes with the claimed message.
      await onChange();
      onClaimed();
      setClaiming(false);
      showToast({ kind: 'success', title: t('messages:claimedToast', { amount: formatAmount(reply.amount), kind }) });
      return;
    }
    // Claimed meanwhile (another tab or device): the list loads again and shows it, and the dialog says so.
    if (reply.message === 'alreadyClaimed' || reply.message === 'notClaimable') await onChange();
    setClaiming(false);
    handleApiError(reply);
  };

  return (
    <li className="inbox-item" data-unread={unread || undefined} data-testid="inbox-item" data-inbox-id={item.inbox_id}>
      <div className="inbox-item__head">
        <h3 id={titleId} className="inbox-item__title">
          {unread ? <span className="badge inbox-item__new">{t('player.unread')}</span> : null}
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
