import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INITIAL_LAYOUT_STATE,
  closeAppDownload,
  closeRewards,
  getLayoutState,
  markHydrated,
  resetLayout,
  setPartnersCollapsed,
  subscribeLayout,
  updateLayout,
} from '../../app/floating/layout-store';
import { VISIT_KEYS, readVisitChoice, readVisitFlag, writeVisitChoice, writeVisitFlag, type VisitStorage } from '../../app/floating/visit-storage';

function memoryStorage(): VisitStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const refusing: VisitStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage });
  resetLayout();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetLayout();
});

describe('the layout store (docs/product.md §3 layout state)', () => {
  it('starts from its defaults, hydrating with the preloader on', () => {
    expect(INITIAL_LAYOUT_STATE).toMatchObject({
      lifecycle: 'hydrating',
      preloader: true,
      announcementModal: true,
      appDownload: { android: true, ios: true },
      downloadBar: false,
      partners: [],
      showPartner: true,
      showReferral: 0,
      partnersCollapsed: null,
      rewardsClosed: false,
    });
    expect(getLayoutState()).toBe(INITIAL_LAYOUT_STATE);
  });

  it('notifies its subscribers of changes, and only of changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLayout(listener);
    updateLayout({ downloadBar: false, showPartner: true });
    expect(listener).not.toHaveBeenCalled();
    updateLayout({ downloadBar: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getLayoutState().downloadBar).toBe(true);
    unsubscribe();
    updateLayout({ downloadBar: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('becomes ready after hydration, the preloader off and the choices of the visit applied', () => {
    storage.setItem(VISIT_KEYS.rewardsClosed, '1');
    storage.setItem(VISIT_KEYS.partnersCollapsed, '0');
    storage.setItem(VISIT_KEYS.appBarClosed, '1');
    markHydrated();
    expect(getLayoutState()).toMatchObject({
      lifecycle: 'ready',
      preloader: false,
      rewardsClosed: true,
      partnersCollapsed: false,
      appDownload: { android: false, ios: false },
    });
  });

  it('keeps the defaults on a first visit', () => {
    markHydrated();
    expect(getLayoutState()).toMatchObject({ rewardsClosed: false, partnersCollapsed: null, appDownload: { android: true, ios: true } });
  });

  it('remembers closing the rewards icon and the app bar, and collapsing the partners panel, for the visit', () => {
    markHydrated();
    updateLayout({ downloadBar: true });
    closeRewards();
    setPartnersCollapsed(true);
    closeAppDownload();
    expect(getLayoutState()).toMatchObject({ rewardsClosed: true, partnersCollapsed: true, appDownload: { android: false, ios: false }, downloadBar: false });
    expect(storage.data).toEqual(
      new Map([
        [VISIT_KEYS.rewardsClosed, '1'],
        [VISIT_KEYS.partnersCollapsed, '1'],
        [VISIT_KEYS.appBarClosed, '1'],
      ]),
    );
    setPartnersCollapsed(false);
    expect(storage.data.get(VISIT_KEYS.partnersCollapsed)).toBe('0');
  });
});

describe('visit storage', () => {
  it('reads and writes yes/no choices, none until made', () => {
    const store = memoryStorage();
    expect(readVisitChoice('partnersCollapsed', store)).toBeNull();
    writeVisitChoice('partnersCollapsed', false, store);
    expect(readVisitChoice('partnersCollapsed', store)).toBe(false);
    expect(readVisitFlag('partnersCollapsed', store)).toBe(false);
    writeVisitFlag('announcementShown', true, store);
    expect(readVisitFlag('announcementShown', store)).toBe(true);
    writeVisitFlag('announcementShown', false, store);
    expect(store.data.has(VISIT_KEYS.announcementShown)).toBe(false);
  });

  it('works without storage, or with storage that refuses', () => {
    expect(readVisitChoice('rewardsClosed', null)).toBeNull();
    expect(() => writeVisitFlag('rewardsClosed', true, null)).not.toThrow();
    expect(readVisitChoice('rewardsClosed', refusing)).toBeNull();
    expect(() => writeVisitChoice('rewardsClosed', true, refusing)).not.toThrow();
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    expect(readVisitFlag('rewardsClosed')).toBe(false);
    expect(() => closeRewards()).not.toThrow();
    expect(getLayoutState().rewardsClosed).toBe(true);
  });
});
