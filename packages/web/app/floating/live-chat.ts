import type { LiveChat } from '@wl/contracts';

/** Logged (never shown to the player) when the chat button is used before the widget works (docs/product.md §4). */
export const LIVE_CHAT_NOT_READY = 'Live chat widget is not ready';

/** LiveChat's widget script; the site's chat_id is its licence (docs/product.md §7: integration manual_onboarding). */
export const LIVE_CHAT_SCRIPT_URL = 'https://cdn.livechatinc.com/tracking.js';
export const LIVE_CHAT_INTEGRATION = 'manual_onboarding';

/** The part of LiveChat's `LiveChatWidget` API the site uses. */
export interface LiveChatWidgetApi {
  call(method: string, ...args: unknown[]): unknown;
  on(event: string, handler: (payload: unknown) => void): unknown;
}

export interface LiveChatWindow {
  __lc?: Record<string, unknown>;
  LiveChatWidget?: LiveChatWidgetApi;
}

export interface LiveChatEnvironment {
  window: LiveChatWindow;
  document: { createElement(tag: 'script'): HTMLScriptElement; head: { appendChild(node: HTMLScriptElement): unknown } };
}

/** docs/product.md §4: live chat loads only when its status is on and a chat id exists. */
export function liveChatEnabled(liveChat: Pick<LiveChat, 'status' | 'chat_id'>): boolean {
  return liveChat.status && liveChat.chat_id.trim() !== '';
}

/** Whether the site's live_chat.image_id is an image address to use as the button's icon. */
export function isImageAddress(value: string): boolean {
  const trimmed = value.trim();
  return /^(https?:)?\/\/\S+$/i.test(trimmed) || /^\/[^/\s]\S*$/.test(trimmed) || /^data:image\//i.test(trimmed);
}

/** LiveChat licences are numbers; other ids are passed as given. */
function licenceOf(chatId: string): number | string {
  const trimmed = chatId.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The queue LiveChat's own tracking code installs before its script: calls made before the
 * script has loaded wait in `_q`, and the script replays them through `_h` once it runs.
 */
function installWidgetQueue(win: LiveChatWindow): void {
  if (win.LiveChatWidget) return;
  type Entry = [string, unknown[]];
  const widget = {
    _q: [] as Entry[],
    _h: null as ((method: string, args: unknown[]) => unknown) | null,
    _v: '2.0',
    on: (...args: unknown[]) => relay(['on', args]),
    once: (...args: unknown[]) => relay(['once', args]),
    off: (...args: unknown[]) => relay(['off', args]),
    get: (...args: unknown[]) => {
      if (!widget._h) throw new Error("[LiveChatWidget] You can't use getters before load.");
      return relay(['get', args]);
    },
    call: (...args: unknown[]) => relay(['call', args]),
  };
  const relay = (entry: Entry): unknown => (widget._h ? widget._h(...entry) : widget._q.push(entry));
  win.LiveChatWidget = widget as unknown as LiveChatWidgetApi;
}

/** The site shows its own chat button: the vendor's launcher is hidden whenever it would show. */
function keepVendorLauncherHidden(widget: LiveChatWidgetApi): void {
  const visibilityOf = (payload: unknown): unknown => {
    const value = payload as { visibility?: unknown; state?: { visibility?: unknown } } | null;
    return value?.visibility ?? value?.state?.visibility;
  };
  const hideWhenMinimized = (payload: unknown) => {
    if (visibilityOf(payload) === 'minimized') widget.call('hide');
  };
  widget.on('ready', hideWhenMinimized);
  widget.on('visibility_changed', hideWhenMinimized);
}

export interface LiveChatLoader {
  /** Loads the widget once (again after a failure); resolves whether its script loaded. */
  load(chatId: string): Promise<boolean>;
  /** Maximises the widget, loading it first if needed; a widget that is not ready only logs an error. */
  open(chatId: string): Promise<boolean>;
}

/**
 * The widget's script is fetched when the player first asks for the chat (the button is its
 * facade), not with every page: a third-party script on every page view would cost every visitor
 * its download and main-thread time, for a chat most page views never open.
 */
export function createLiveChatLoader(environment: () => LiveChatEnvironment): LiveChatLoader {
  let loading: Promise<boolean> | null = null;

  function load(chatId: string): Promise<boolean> {
    if (loading) return loading;
    const { window: win, document: doc } = environment();
    win.__lc = { ...win.__lc, license: licenceOf(chatId), integration_name: LIVE_CHAT_INTEGRATION, product_name: 'livechat' };
    installWidgetQueue(win);
    if (win.LiveChatWidget) keepVendorLauncherHidden(win.LiveChatWidget);
    const attempt = new Promise<boolean>((resolve) => {
      const script = doc.createElement('script');
      script.async = true;
      script.src = LIVE_CHAT_SCRIPT_URL;
      script.addEventListener('load', () => resolve(true));
      script.addEventListener('error', () => resolve(false));
      doc.head.appendChild(script);
    });
    loading = attempt;
    // A failed download (offline, blocked) may succeed on a later click.
    void attempt.then((loaded) => {
      if (!loaded && loading === attempt) loading = null;
    });
    return attempt;
  }

  async function open(chatId: string): Promise<boolean> {
    const loaded = await load(chatId);
    const widget = environment().window.LiveChatWidget;
    if (!loaded || !widget) {
      console.error(LIVE_CHAT_NOT_READY);
      return false;
    }
    try {
      widget.call('maximize');
      return true;
    } catch {
      console.error(LIVE_CHAT_NOT_READY);
      return false;
    }
  }

  return { load, open };
}

/** The page's live chat. */
export const liveChat = createLiveChatLoader(() => ({ window: window as LiveChatWindow, document }));
