import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { readBoot } from './boot.js';
import './styles.css';

/*
 * The game page's entry (built by vite.config.ts; the studio's server writes the page with
 * #house-root and the #house-boot data, and loads this script from the build's manifest).
 */
const root = document.getElementById('house-root');
const boot = readBoot(document);
if (root) {
  if (boot) {
    createRoot(root).render(
      <StrictMode>
        <App boot={boot} />
      </StrictMode>,
    );
  } else {
    // No usable boot data: the page was not opened from a site's launch.
    root.textContent = 'The game could not start. Reopen it from the site.';
  }
}
