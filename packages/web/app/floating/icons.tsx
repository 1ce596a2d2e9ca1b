/** Inline icons of the floating elements (no icon or emoji font is assumed on the device). */
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.9,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function GiftIcon({ size = 26 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
      <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </svg>
  );
}

export function ChatIcon({ size = 26 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" strokeWidth={2.6} />
    </svg>
  );
}

export function HandshakeIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="m11 17 2 2a1 1 0 1 0 3-3" />
      <path d="m14 14 2.5 2.5a1 1 0 1 0 3-3l-3.9-3.9a3 3 0 0 0-4.2 0l-.9.9a1 1 0 1 1-3-3l2.8-2.8a5 5 0 0 1 5.7-1l.5.2a3 3 0 0 0 2 .1L21 3" />
      <path d="m21 14-1-1M3 4l1.4 1.4a3 3 0 0 0 2 .9h1.1M3 13l6.5 6.5a1 1 0 1 0 3-3" />
    </svg>
  );
}

export function CloseIcon({ size = 14 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size} strokeWidth={2.4}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

export function ChevronIcon({ size = 16, direction }: { size?: number; direction: 'up' | 'down' }) {
  return (
    <svg {...common} width={size} height={size} strokeWidth={2.4}>
      <path d={direction === 'up' ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} />
    </svg>
  );
}

export function DownloadIcon({ size = 18 }: { size?: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
    </svg>
  );
}
