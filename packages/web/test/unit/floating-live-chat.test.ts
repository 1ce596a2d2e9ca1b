import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_CHAT_INTEGRATION,
  LIVE_CHAT_SCRIPT_URL,
  createLiveChatLoader,
  isImageAddress,
  liveChatEnabled,
  type LiveChatWindow,
} from '../../app/floating/live-chat';
import { LIVE_CHAT_NOT_READY } from '../../app/floating/live-chat';

/** A page without a DOM: script elements that the test loads or fails by hand. */
function fakePage() {
  const win: LiveChatWindow = {};
  const scripts: { src: string; async: boolean; fire(event: 'load' | 'error'): void }[] = [];
  const document = {
    createElement: () => {
      const handlers = new Map<string, () => void>();
      const script = {
        src: '',
        async: false,
        addEventListener: (event: string, handler: () => void) => handlers.set(event, handler),
        fire: (event: 'load' | 'error') => handlers.get(event)?.(),
      };
      return script as unknown as HTMLScriptElement;
    },
    head: { appendChild: (node: HTMLScriptElement) => scripts.push(node as unknown as (typeof scripts)[number]) },
  };
  return { win, scripts, loader: createLiveChatLoader(() => ({ window: win, document })) };
}

/** What LiveChat's script leaves behind: a widget recording its calls (as the browser tests' mock does). */
function vendorWidget(win: LiveChatWindow, options: { throws?: boolean } = {}) {
  const calls: unknown[][] = [];
  win.LiveChatWidget = {
    call: (...args: unknown[]) => {
      if (options.throws) throw new Error('not initialised');
      calls.push(args);
    },
    on: () => undefined,
  };
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('live chat (docs/product.md §4)', () => {
  it('loads only when its status is on and a chat id exists', () => {
    expect(liveChatEnabled({ status: true, chat_id: '123' })).toBe(true);
    expect(liveChatEnabled({ status: false, chat_id: '123' })).toBe(false);
    expect(liveChatEnabled({ status: true, chat_id: '  ' })).toBe(false);
  });

  it("uses the site's image_id as the button's icon only when it is an image address", () => {
    expect(isImageAddress('https://cdn.example/agent.png')).toBe(true);
    expect(isImageAddress('/api/media/chat.svg')).toBe(true);
    expect(isImageAddress('agent-casino1')).toBe(false);
    expect(isImageAddress('')).toBe(false);
    expect(isImageAddress('javascript:alert(1)')).toBe(false);
  });

  it("configures LiveChat (licence, manual_onboarding) and fetches its script once", async () => {
    const { win, scripts, loader } = fakePage();
    const first = loader.load('12345678');
    const again = loader.load('12345678');
    expect(again).toBe(first);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: LIVE_CHAT_SCRIPT_URL, async: true });
    expect(win.__lc).toMatchObject({ license: 12345678, integration_name: LIVE_CHAT_INTEGRATION });
    expect(LIVE_CHAT_INTEGRATION).toBe('manual_onboarding');
    scripts[0]!.fire('load');
    await expect(first).resolves.toBe(true);
  });

  it('keeps calls made before the script runs in the vendor queue, hiding its launcher when minimised', () => {
    const { win, loader } = fakePage();
    void loader.load('chat-demo');
    expect(win.__lc).toMatchObject({ license: 'chat-demo' });
    const queued = (win.LiveChatWidget as unknown as { _q: [string, unknown[]][] })._q;
    expect(queued.map(([method, args]) => [method, args[0]])).toEqual([
      ['on', 'ready'],
      ['on', 'visibility_changed'],
    ]);
    // The vendor's script takes the queue over; its events then reach the handlers.
    const handled: [string, unknown[]][] = [];
    (win.LiveChatWidget as unknown as { _h: (method: string, args: unknown[]) => void })._h = (method, args) => handled.push([method, args]);
    const onVisibility = queued[1]![1][1] as (payload: unknown) => void;
    onVisibility({ visibility: 'maximized' });
    expect(handled).toEqual([]);
    onVisibility({ visibility: 'minimized' });
    expect(handled).toEqual([['call', ['hide']]]);
    const onReady = queued[0]![1][1] as (payload: unknown) => void;
    onReady({ state: { visibility: 'minimized' } });
    expect(handled).toHaveLength(2);
  });

  it('maximises the widget once its script has loaded', async () => {
    const { win, scripts, loader } = fakePage();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const opened = loader.open('123');
    const calls = vendorWidget(win);
    scripts[0]!.fire('load');
    await expect(opened).resolves.toBe(true);
    expect(calls).toEqual([['maximize']]);
    expect(error).not.toHaveBeenCalled();
  });

  it('only logs an error when the widget is not ready, and tries again on a later click', async () => {
    const { win, scripts, loader } = fakePage();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const opened = loader.open('123');
    scripts[0]!.fire('error');
    await expect(opened).resolves.toBe(false);
    expect(error).toHaveBeenCalledExactlyOnceWith(LIVE_CHAT_NOT_READY);

    const retried = loader.open('123');
    expect(scripts).toHaveLength(2);
    vendorWidget(win, { throws: true });
    scripts[1]!.fire('load');
    await expect(retried).resolves.toBe(false);
    expect(error).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenLastCalledWith(LIVE_CHAT_NOT_READY);
  });
});
