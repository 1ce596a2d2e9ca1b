import type { ReactNode } from 'react';

/** Small inline icons: no icon font or emoji font is assumed on the player's device. */
function Svg({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="icon"
    >
      {children}
    </svg>
  );
}

export function WrenchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3.6 17.2a1.9 1.9 0 0 0 2.7 2.7l5.7-5.7a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
    </svg>
  );
}

export function AlertIcon() {
  return (
    <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
      <path d="M12 9v4M12 17h.01" />
    </svg>
  );
}

const PATHS: Record<string, ReactNode> = {
  home: <path d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />,
  hot: <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-5.5 1-8.5z" />,
  slots: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M9 5v14M15 5v14M5.5 12h1.5M11 12h2M17 12h1.5" />
    </>
  ),
  livecasino: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="3" />
      <path d="M12 3.5V7M12 17v3.5M3.5 12H7M17 12h3.5" />
    </>
  ),
  hashgame: <path d="M9 4 7 20M17 4l-2 16M4.5 9h16M3.5 15h16" />,
  sportsbook: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="m12 7.5 4 3-1.5 4.5h-5L8 10.5zM12 3.5v4M16 10.5l4-1.5M14.5 15l2.5 3.5M9.5 15 7 18.5M8 10.5 4 9" />
    </>
  ),
  fish: (
    <>
      <path d="M3 12c3-5 9-6 13-2l4-3v10l-4-3c-4 4-10 3-13-2z" />
      <circle cx="8" cy="11" r=".6" fill="currentColor" />
    </>
  ),
  table: (
    <>
      <rect x="4" y="3.5" width="12" height="16" rx="2" transform="rotate(-8 10 11.5)" />
      <path d="M16.5 6.5 20 7.5l-3 13-5-1.2" />
      <path d="M10 9.5c-1.5 1.5-1.5 3 0 4 1.5-1 1.5-2.5 0-4z" />
    </>
  ),
  sabong: <path d="M7 20v-4c-2-1-3-3-3-5 0-4 4-6 6-6l2-2 1 2 3-1-1 3c2 1 4 3 4 6 0 4-3 7-8 7m-4 0h3m1 0v-3" />,
  lottery: (
    <>
      <circle cx="8" cy="9" r="4" />
      <circle cx="16" cy="15" r="4" />
      <path d="M8 7.5v3M15 14l1-.8V17" />
    </>
  ),
  horseracing: <path d="M5 20l2-6-3-2 3-5 4-1 5-3-1 4 4 3-1 3-3-1-2 3 1 5M8 11h.01" />,
  bingo: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="2" />
      <path d="M3.5 9.2h17M3.5 14.8h17M9.2 3.5v17M14.8 3.5v17" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    </>
  ),
  arcade: (
    <>
      <rect x="2.5" y="8" width="19" height="10" rx="5" />
      <path d="M7 11v4M5 13h4M15.5 12h.01M18 14h.01" />
    </>
  ),
  crash: <path d="M3 20h18M4 17c5 0 9-3 12-9M16 8h-4M16 8v4" />,
  promotions: (
    <>
      <rect x="3.5" y="8" width="17" height="12" rx="1.5" />
      <path d="M3.5 12h17M12 8v12M12 8c-1-3-5-4-5-1.5S10 8 12 8zm0 0c1-3 5-4 5-1.5S14 8 12 8z" />
    </>
  ),
  vip: <path d="M3 8l4 4 5-7 5 7 4-4-2 11H5zM5 19h14" />,
  referral: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.5 3-6 6.5-6s6.5 2.5 6.5 6M17 8v6M14 11h6" />
    </>
  ),
  leaderboard: <path d="M4 20V12h4v8M10 20V6h4v14M16 20v-5h4v5M3 20h18" />,
  more: (
    <>
      <circle cx="5" cy="12" r="1.3" fill="currentColor" />
      <circle cx="12" cy="12" r="1.3" fill="currentColor" />
      <circle cx="19" cy="12" r="1.3" fill="currentColor" />
    </>
  ),
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  chevronLeft: <path d="m15 5-7 7 7 7" />,
  chevronRight: <path d="m9 5 7 7-7 7" />,
  trophy: <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H4.5c0 3 1.5 4.5 3.8 4.8M16 6h3.5c0 3-1.5 4.5-3.8 4.8M12 13v4M8 20h8l-1-3H9z" />,
  wallet: (
    <>
      <path d="M4 7h15a1.5 1.5 0 0 1 1.5 1.5v10A1.5 1.5 0 0 1 19 20H5a1.5 1.5 0 0 1-1.5-1.5V6A2 2 0 0 1 5.5 4H17v3" />
      <path d="M16 13.5h.01" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.5 3-6 6.5-6s6.5 2.5 6.5 6M16 4.5a3.5 3.5 0 0 1 0 7M18.5 14c2 .8 3 2.8 3 6" />
    </>
  ),
  phone: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M11 18.5h2" />
    </>
  ),
  support: <path d="M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v5H5a1 1 0 0 1-1-1zm16 0h-3v5h2a1 1 0 0 0 1-1zM17 18c0 2-2 3-5 3" />,
  shield: <path d="M12 3 5 6v5c0 5 3 8.5 7 10 4-1.5 7-5 7-10V6z" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  arrowRight: <path d="M5 12h14M13 6l6 6-6 6" />,
  // The player's screens.
  user: (
    <>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4 20.5c1.6-4 4.5-6 8-6s6.4 2 8 6" />
    </>
  ),
  edit: <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />,
  key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l8-8M16 7l2.5 2.5M14 9l2 2" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5 12 13l8.5-6.5" />
    </>
  ),
  gift: (
    <>
      <rect x="3.5" y="8" width="17" height="4" rx="1" />
      <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-4-5-1.5S10 8 12 8zm0 0c1.5-3 5-4 5-1.5S14 8 12 8z" />
    </>
  ),
  list: <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />,
  plus: <path d="M12 5v14M5 12h14" />,
  minus: <path d="M5 12h14" />,
  heart: (
    <path d="M12 20.3l-1.2-1.1C6.1 15 3 12.2 3 8.7 3 5.9 5.2 3.8 7.9 3.8c1.6 0 3.1.7 4.1 1.9 1-1.2 2.5-1.9 4.1-1.9 2.7 0 4.9 2.1 4.9 4.9 0 3.5-3.1 6.3-7.8 10.5L12 20.3z" />
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  copy: (
    <>
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5" />
    </>
  ),
  bank: (
    <>
      <path d="M3.5 9.5 12 4.5l8.5 5" />
      <path d="M5 10v7M9.7 10v7M14.3 10v7M19 10v7" />
      <path d="M3.5 19.5h17" />
    </>
  ),
  upload: (
    <>
      <path d="M12 15V4.5M7.5 9 12 4.5 16.5 9" />
      <path d="M4.5 14.5v4a1.5 1.5 0 0 0 1.5 1.5h12a1.5 1.5 0 0 0 1.5-1.5v-4" />
    </>
  ),
  // An identity card: the account's verification link and the identity document (ADR 0040).
  idCard: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <circle cx="8.5" cy="11" r="2" />
      <path d="M5.5 16c.6-1.6 1.7-2.4 3-2.4s2.4.8 3 2.4M14 10h4.5M14 13.5h3" />
    </>
  ),
  // A break: the account's responsible-gaming link.
  pause: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M10 9v6M14 9v6" />
    </>
  ),
};

export type IconName = keyof typeof PATHS;

/** An icon by name; unknown names draw the "more" dots so a new menu entry never breaks. */
export function Icon({ name, size }: { name: string; size?: number }) {
  return <Svg size={size}>{PATHS[name] ?? PATHS.more}</Svg>;
}
