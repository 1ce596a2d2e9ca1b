import { Suspense, lazy, type ReactNode } from 'react';

/*
 * The betslip's code is loaded with the first page that shows prices, not with every page: the
 * home page's first script is shared by every template, and most have no prices (ADR 0017).
 */
const Betslip = lazy(() => import('./Betslip').then((module) => ({ default: module.Betslip })));

/**
 * A page with prices and its betslip (ADR 0035): beside the page on a wide screen, a sheet at the
 * bottom of a phone's screen, collapsed to a bar (the count and the totals) so it never covers
 * the prices being chosen.
 */
export function BetslipLayout({ children }: { children: ReactNode }) {
  return (
    <div className="slip-layout">
      <div className="slip-layout__main">{children}</div>
      {/* Until its code is here, an empty column keeps the page's layout where the slip will be. */}
      <Suspense fallback={<div className="betslip betslip--loading" data-sheet="none" aria-hidden="true" />}>
        <Betslip />
      </Suspense>
    </div>
  );
}
