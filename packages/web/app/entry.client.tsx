import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { splitLocale } from './lib/locale';
import { prepareLocale } from './i18n/prepare.client';
import { installStaleChunkReload } from './deploy/stale-chunks';

// First: a stale chunk (even the locale messages below) reloads once, never in a loop (app/deploy/).
installStaleChunkReload();

/**
 * The page's messages are ready before hydration, so the client's first render matches the
 * server's translated HTML. A locale that fails to load falls back to English (logged).
 */
void prepareLocale(splitLocale(window.location.pathname).locale).then((ready) => {
  // Without its own messages the page cannot match the server's translated HTML: React renders it
  // afresh in the fallback language. Expected then, so logged as such rather than as a fault.
  const options = ready
    ? {}
    : { onRecoverableError: (error: unknown) => console.warn('Hydration replaced by a client render (locale messages missing):', error) };
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      options,
    );
  });
});
