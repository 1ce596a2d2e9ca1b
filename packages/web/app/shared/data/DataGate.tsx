import { useEffect, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { subscribeSession, getSession } from '../../client/session';
import { RetryNote } from '../ui/RetryNote';
import { useT } from '../../i18n/use-t';
import type { Loaded } from './loaded';

/**
 * The quiet loading card of a route's data (ADR 0058): what the HydrateFallback and a part still
 * on its way show. `className` adds the screen's own look (e.g. banking-state).
 */
export function LoadingCard({ text, className = '' }: { text: string; className?: string }) {
  return (
    <div className={`player-card ${className}`.trim()} aria-busy="true" data-testid="data-loading">
      <p className="player-card__note">{text}</p>
    </div>
  );
}

/** A failure's note with a retry that loads the route's data again (its loaders revalidate). */
export function RevalidateNote({ text, retryLabel }: { text: string; retryLabel?: string }) {
  const { t } = useT();
  const revalidator = useRevalidator();
  return <RetryNote text={text} retryLabel={retryLabel ?? t('player.retry')} onRetry={() => void revalidator.revalidate()} />;
}

/**
 * One call's loaded data: the content once it is there, a failure with a retry in a card (or bare
 * with `bare`, inside a card of the page), `unavailable` as the page says it (nothing by default),
 * and nothing for a guest (the route guard shows its own state and redirects).
 */
export function DataGate<T>({
  loaded,
  failedText,
  retryLabel,
  unavailable = null,
  bare = false,
  children,
}: {
  loaded: Loaded<T>;
  failedText: string;
  /** The retry button's text where the screen says it its own way. */
  retryLabel?: string;
  unavailable?: ReactNode;
  bare?: boolean;
  children: (value: T) => ReactNode;
}) {
  if (loaded.kind === 'ready') return <>{children(loaded.value)}</>;
  if (loaded.kind === 'unavailable') return <>{unavailable}</>;
  if (loaded.kind === 'guest') return null;
  const note = <RevalidateNote text={failedText} {...(retryLabel ? { retryLabel } : {})} />;
  return bare ? note : <div className="player-card">{note}</div>;
}

/**
 * A route whose clientLoader reads the stored session loads again when the player changes (a
 * login, or another tab's session taking over): the loader only runs on navigations and revalidations.
 */
export function useRevalidateOnPlayerChange(): void {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let player = getSession().user?.account_id ?? null;
    return subscribeSession(() => {
      const next = getSession().user?.account_id ?? null;
      if (next === player) return;
      player = next;
      void revalidate();
    });
  }, [revalidate]);
}
