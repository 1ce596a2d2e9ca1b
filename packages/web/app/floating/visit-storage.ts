/**
 * Choices remembered for the visit (the tab's session storage): closing the rewards icon or the
 * app-download bar, collapsing or expanding the partners panel, the announcement already shown,
 * and that the visit has had its first page (ADR 0057: the announcement opens only there).
 * Storage may be missing or refuse writes (private modes, quotas): then a choice lasts for the
 * page only.
 */
export const VISIT_KEYS = {
  announcementShown: 'wl.visit.announcementShown',
  rewardsClosed: 'wl.visit.rewardsClosed',
  partnersCollapsed: 'wl.visit.partnersCollapsed',
  appBarClosed: 'wl.visit.appBarClosed',
  visitStarted: 'wl.visit.started',
} as const;

export type VisitKey = keyof typeof VISIT_KEYS;

export type VisitStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): VisitStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A yes/no choice of the visit, or null when none was made. */
export function readVisitChoice(key: VisitKey, storage: VisitStorage | null = sessionStore()): boolean | null {
  try {
    const value = storage?.getItem(VISIT_KEYS[key]);
    return value === '1' ? true : value === '0' ? false : null;
  } catch {
    return null;
  }
}

/** Whether a yes/no choice of the visit was made as yes. */
export function readVisitFlag(key: VisitKey, storage: VisitStorage | null = sessionStore()): boolean {
  return readVisitChoice(key, storage) === true;
}

export function writeVisitChoice(key: VisitKey, value: boolean | null, storage: VisitStorage | null = sessionStore()): void {
  try {
    if (value === null) storage?.removeItem(VISIT_KEYS[key]);
    else storage?.setItem(VISIT_KEYS[key], value ? '1' : '0');
  } catch {
    // Storage full or refused: the choice holds for this page only.
  }
}

export function writeVisitFlag(key: VisitKey, value: boolean, storage: VisitStorage | null = sessionStore()): void {
  writeVisitChoice(key, value ? true : null, storage);
}
