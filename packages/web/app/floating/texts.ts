/**
 * English texts of the floating elements, the preloader, the announcement and the app-download
 * bar, in one place so the language issue can move them into i18next message sets.
 */
export const FLOATING_TEXTS = {
  loading: 'Loading…',
  pageLoading: 'Loading the page',
  rewards: 'Rewards',
  rewardsHide: 'Hide the rewards icon',
  rewardsNewTab: 'Rewards (opens in a new tab)',
  liveChat: 'Live chat',
  partners: 'Partners',
  partnersPanel: 'Partners panel',
  partnersTitle: 'Our partners',
  partnersLogos: 'Partner logos',
  newTab: '(opens in a new tab)',
  partnerLink: (name: string) => `${name} (opens in a new tab)`,
  announcementTitle: 'Announcement',
  announcementsTitle: 'Announcements',
  appBarAction: 'Get the app',
  appBarLead: 'Faster play in our app',
  appBarClose: 'Close the app banner',
} as const;

/** Logged (never shown to the player) when the chat button is used before the widget works (spec §4). */
export const LIVE_CHAT_NOT_READY = 'Live chat widget is not ready';
