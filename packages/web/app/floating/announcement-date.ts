/** How the announcement modal dates its announcements ("25 Nov 2026"), in the page's language. */
export const ANNOUNCEMENT_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
