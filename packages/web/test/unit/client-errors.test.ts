import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_END_MESSAGES, TIMINGS } from '@wl/contracts';
import { getErrorDialogText, handleApiError, reportAdsVisitFailure } from '../../app/client/errors';
import { closeModal, getModalState } from '../../app/client/modals';
import { getSession, logout, startSession } from '../../app/client/session';
import { dismissToast, getToasts } from '../../app/client/toasts';
import { translate } from '../../app/i18n/translate';
import { loadLocaleMessages } from '../../app/i18n/messages';

function logIn(): void {
  startSession({
    statusCode: 1,
    message: 'OK',
    token: 't'.repeat(32),
    user: { account_id: 'demo', session_token: 't'.repeat(32), full_name: 'Demo Player', contact_email: 'demo@example.com' },
    fullname: 'Demo Player',
    email: 'demo@example.com',
  });
}

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  await loadLocaleMessages('EN');
});

beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  for (const toast of getToasts()) dismissToast(toast.id);
  closeModal();
  logout();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('handleApiError (docs/product.md §8)', () => {
  it.each(SESSION_END_MESSAGES)('%s runs the session-expired flow: a 10 s warning toast, then logout', (message) => {
    logIn();
    handleApiError({ statusCode: 0, message });
    expect(getSession().isAuthenticated).toBe(false);
    expect(getSession().token).toBeNull();
    expect(getToasts()).toEqual([
      // The session limit (ADR 0041) says so in its own words.
      expect.objectContaining({
        kind: 'warning',
        title: translate(message === 'sessionLimitReached' ? 'shell.sessionLimitReached' : 'shell.invalidSession'),
        durationMs: TIMINGS.sessionExpiredToastMs,
      }),
    ]);
    expect(getModalState().current).toBeNull();
    vi.advanceTimersByTime(TIMINGS.sessionExpiredToastMs - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('several calls failing at once end the session once', () => {
    logIn();
    handleApiError({ statusCode: 0, message: 'sessionExpired' });
    handleApiError({ statusCode: 0, message: 'sessionExpired' });
    expect(getToasts()).toHaveLength(1);
  });

  it('serviceUnavailable is only logged as a warning', () => {
    logIn();
    handleApiError({ statusCode: -503, message: 'serviceUnavailable' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    expect(getToasts()).toHaveLength(0);
    expect(getModalState().current).toBeNull();
    expect(getSession().isAuthenticated).toBe(true);
  });

  it('a message of letters only is a key: the error dialog shows its translation', () => {
    handleApiError({ statusCode: 0, message: 'insufficientBalance' });
    expect(getModalState().current).toBe('error');
    expect(getErrorDialogText()).toBe(translate('errors:insufficientBalance'));
  });

  it("the client's own 'disconnect' is a key too", () => {
    handleApiError({ statusCode: 0, message: 'disconnect' });
    expect(getErrorDialogText()).toBe(translate('errors:disconnect'));
  });

  it('a key without a translation reads as itself', () => {
    handleApiError({ statusCode: 0, message: 'withdrawalLimitReached' });
    expect(getErrorDialogText()).toBe('withdrawalLimitReached');
  });

  it('any other message is shown raw', () => {
    handleApiError({ statusCode: 0, message: 'Bet limit reached: 500 PHP' });
    expect(getModalState().current).toBe('error');
    expect(getErrorDialogText()).toBe('Bet limit reached: 500 PHP');
  });

  it('an empty message is unknownError', () => {
    handleApiError({ statusCode: 0, message: '' });
    expect(getErrorDialogText()).toBe(translate('shell.unknownError'));
  });

  it('toast mode: an error toast titled errorTitle for 3 s without a button, and no dialog', () => {
    handleApiError({ statusCode: 0, message: 'alreadyClaimed' }, { toast: true });
    expect(getModalState().current).toBeNull();
    expect(getToasts()).toEqual([
      expect.objectContaining({
        kind: 'error',
        title: translate('shell.errorTitle'),
        text: translate('errors:alreadyClaimed'),
        durationMs: TIMINGS.errorToastMs,
        closable: false,
      }),
    ]);
    vi.advanceTimersByTime(TIMINGS.errorToastMs);
    expect(getToasts()).toHaveLength(0);
  });

  it('toast mode still runs the session-expired flow for session-end messages', () => {
    logIn();
    handleApiError({ statusCode: 0, message: 'BLOCK' }, { toast: true });
    expect(getSession().isAuthenticated).toBe(false);
    expect(getToasts()[0]).toMatchObject({ kind: 'warning', title: translate('shell.invalidSession') });
  });
});

describe('reportAdsVisitFailure (docs/product.md §8: a failed ads visit goes to the global handler)', () => {
  it('a success is not reported', () => {
    reportAdsVisitFailure({ statusCode: 1, message: 'OK' });
    expect(getToasts()).toHaveLength(0);
    expect(getModalState().current).toBeNull();
  });

  it('a network failure reaches the handler with its message', () => {
    reportAdsVisitFailure({ statusCode: 0, message: 'disconnect' });
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', text: translate('errors:disconnect') })]);
  });

  it('a business failure reaches the handler with its message', () => {
    reportAdsVisitFailure({ statusCode: 0, message: 'tooManyRequests' });
    expect(getToasts()).toEqual([expect.objectContaining({ kind: 'error', text: translate('errors:tooManyRequests') })]);
  });

  it('serviceUnavailable is only logged', () => {
    reportAdsVisitFailure({ statusCode: -503, message: 'serviceUnavailable' });
    expect(getToasts()).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
