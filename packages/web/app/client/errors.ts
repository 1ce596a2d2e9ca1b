import { useSyncExternalStore } from 'react';
import { TIMINGS, isSessionEndMessage, isSuccessReply } from '@wl/contracts';
import { errorMessageText } from '../lib/messages';
import { openModal } from './modals';
import { getSession, logout } from './session';
import { showToast } from './toasts';
import { translate as t } from '../i18n/translate';

export interface ApiErrorReply {
  statusCode: number;
  message: string;
}

let dialogText = '';
const listeners = new Set<() => void>();

function setDialogText(text: string): void {
  dialogText = text;
  for (const listener of listeners) listener();
}

/** The text of the error dialog (the dialog itself is rendered by the client shell). */
export function useErrorDialogText(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => dialogText,
    () => '',
  );
}

export function getErrorDialogText(): string {
  return dialogText;
}

/** The session token the player is ending on purpose (a self-exclusion ends every session: ADR 0039), or null. */
let endingOnPurpose: string | null = null;

/**
 * While the player's own request ends their session (a time-out or self-exclusion, ADR 0039), the
 * end that the live balance stream or another call may report first is no surprise: it logs out
 * without the invalid-session warning. Pass null once the request has answered.
 */
export function expectSessionEnd(token: string | null): void {
  endingOnPurpose = token;
}

/**
 * docs/product.md §8 session expiry: a warning toast titled with the invalid-session text for 10 s, then
 * logout. The guard of the client shell then redirects as it does for any guest on a protected
 * page. Several calls failing at once end the session once.
 */
export function sessionExpired(message = 'sessionExpired'): void {
  const session = getSession();
  if (!session.isAuthenticated) return;
  if (message === 'sessionLimitReached') {
    // The player's own session limit (ADR 0041): said as such, never as an invalid session.
    showToast({ kind: 'warning', title: t('shell.sessionLimitReached'), text: t('shell.sessionLimitReachedText'), durationMs: TIMINGS.sessionExpiredToastMs });
  } else if (!endingOnPurpose || session.token !== endingOnPurpose) {
    showToast({ kind: 'warning', title: t('shell.invalidSession'), durationMs: TIMINGS.sessionExpiredToastMs });
  }
  logout();
}

/**
 * The global error handler of docs/product.md §8: session-end messages run the session-expired flow;
 * serviceUnavailable is only logged; anything else opens the error dialog (or, in toast mode, an
 * error toast at the bottom right for 3 s without a button) titled errorTitle, its text the
 * translated key, the raw message or unknownError.
 */
export function handleApiError(reply: ApiErrorReply, options: { toast?: boolean } = {}): void {
  const message = typeof reply.message === 'string' ? reply.message : '';
  if (isSessionEndMessage(message)) {
    sessionExpired(message);
    return;
  }
  if (message === 'serviceUnavailable') {
    console.warn(`API: serviceUnavailable (statusCode ${reply.statusCode})`);
    return;
  }
  const text = errorMessageText(message);
  if (options.toast) {
    showToast({ kind: 'error', title: t('shell.errorTitle'), text, durationMs: TIMINGS.errorToastMs, closable: false });
    return;
  }
  setDialogText(text);
  openModal('error');
}

/**
 * docs/product.md §8: a failed ads-visit call goes to the global handler with its status code and message.
 * A background call, so the handler's toast mode: it never blocks the page with a dialog.
 */
export function reportAdsVisitFailure(reply: ApiErrorReply): void {
  if (isSuccessReply(reply)) return;
  handleApiError({ statusCode: reply.statusCode, message: reply.message }, { toast: true });
}
