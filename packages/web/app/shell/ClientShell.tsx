import { useEffect } from 'react';
import type { ReadySite } from '../lib/site-state';
import { captureLanding } from '../client/tracking';
import { FloatingLayer } from '../floating/FloatingLayer';
import { ToastRegion } from '../client/toasts';
import { useModals } from '../client/modals';
import { RouteGuard } from './RouteGuard';
import { SessionKeeper } from './SessionKeeper';
import { ErrorDialog } from './ErrorDialog';
import { RealityCheck } from './RealityCheck';
import { LoginModal, SignInModal } from './AuthModals';
import { useLiveBalance } from '../play/use-live-balance';

/**
 * The client layer of every layout, rendered once after the page: the route guards, the session
 * check, the login, sign-in and error dialogs, the reality check (ADR 0041), the toasts and the floating elements.
 */
export function ClientShell({ state }: { state: ReadySite }) {
  const modals = useModals();
  // Every balance on screen follows the wallet live: one stream per browser (ADR 0031).
  useLiveBalance();
  // The landing URL's campaign, appsflyer_id and the visitor id, once per page load (docs/product.md §7 tracking).
  useEffect(() => captureLanding(new URL(window.location.href)), []);
  return (
    // The modal state (docs/product.md §3) is mirrored in data attributes for styling hooks and the browser tests.
    <div
      className="client-shell"
      data-modal={modals.current ?? ''}
      data-modal-previous={modals.previous ?? ''}
      data-modal-stack={modals.stack.join(' ')}
    >
      <RouteGuard state={state} />
      <SessionKeeper />
      <LoginModal state={state} />
      <SignInModal state={state} />
      <ErrorDialog />
      <RealityCheck currency={state.site.currency} />
      <ToastRegion />
      <FloatingLayer state={state} />
    </div>
  );
}
