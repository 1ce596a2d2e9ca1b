import vm from 'node:vm';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SessionStorageFallback } from '../../app/security/SessionStorageFallback';

/** The inline script as the page sends it, and a window to run it in. */
function scriptText(): string {
  const html = renderToStaticMarkup(<SessionStorageFallback nonce="n0nce" />);
  expect(html).toMatch(/^<script nonce="n0nce">/);
  return html.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
}

function windowWith(storage: () => unknown): Record<string, unknown> {
  const window: Record<string, unknown> = {};
  Object.defineProperty(window, 'sessionStorage', { get: storage, configurable: true });
  return window;
}

describe('the framed page whose sessionStorage is refused', () => {
  it('gets an in-memory sessionStorage that keeps what is set for the page’s life', () => {
    const window = windowWith(() => {
      throw new Error("SecurityError: Failed to read the 'sessionStorage' property from 'Window'");
    });
    vm.runInNewContext(scriptText(), { window });
    const storage = window.sessionStorage as Storage;
    expect(storage.getItem('positions')).toBeNull();
    storage.setItem('positions', '{"a":1}');
    storage.setItem('other', 2 as unknown as string);
    expect(storage.getItem('positions')).toBe('{"a":1}');
    expect(storage.getItem('other')).toBe('2');
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe('other');
    storage.removeItem('positions');
    expect(storage.getItem('positions')).toBeNull();
    storage.clear();
    expect(storage.length).toBe(0);
  });

  it('leaves a working sessionStorage alone', () => {
    const real = { getItem: () => null, marker: true };
    const window = windowWith(() => real);
    vm.runInNewContext(scriptText(), { window });
    expect(window.sessionStorage).toBe(real);
  });
});
