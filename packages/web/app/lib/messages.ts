/**
 * English texts of the server's failure keys shown on the site-level error page. The language
 * issue moves every text into i18next message sets.
 */
const SITE_ERRORS: Record<string, { title: string; detail: string }> = {
  siteNotFound: { title: 'Site not found', detail: 'No site is set up for this address.' },
  siteInactive: { title: 'Site unavailable', detail: 'This site has been switched off by its operator.' },
  siteExpired: { title: 'Site unavailable', detail: 'This site’s licence period has ended.' },
  'Invalid theme code': { title: 'Invalid theme code', detail: 'The site’s theme code is not one the platform knows.' },
  'Invalid theme color': { title: 'Invalid theme color', detail: 'The site’s colour is not allowed for its theme.' },
  internalServerError: { title: 'Something went wrong', detail: 'The site could not be loaded. Please try again shortly.' },
  serviceUnavailable: { title: 'Service unavailable', detail: 'The site could not be loaded. Please try again shortly.' },
};

export function siteErrorText(message: string): { title: string; detail: string } {
  return SITE_ERRORS[message] ?? { title: message, detail: 'The site could not be loaded.' };
}
