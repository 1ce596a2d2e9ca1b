import { describe, expect, it } from 'vitest';
import { TIMINGS } from '@wl/contracts';
import { decideChunkReload, isChunkLoadError, parseChunkReloads } from '../../app/deploy/chunk-reload';
import { buildIdOfMetaFile, buildMetaPath, parseBuildInfo, type BuildInfo } from '../../app/deploy/build-info';
import { buildMetaResponse, latestBuildResponse } from '../../app/deploy/build-files';

const T0 = 1_700_000_000_000;

describe('the stale-chunk reload guard (docs/product.md §8: once per path within 10 s)', () => {
  it('reloads on the first failure of a path and remembers when', () => {
    expect(decideChunkReload({}, '/slots', T0)).toEqual({ reload: true, reloads: { '/slots': T0 } });
  });

  it('does not reload the same path again within 10 s, and keeps the first time', () => {
    const first = decideChunkReload({}, '/slots', T0);
    const second = decideChunkReload(first.reloads, '/slots', T0 + TIMINGS.chunkReloadGuardMs - 1);
    expect(second).toEqual({ reload: false, reloads: { '/slots': T0 } });
    // Still counted from the first reload: failing again and again never extends the window.
    expect(decideChunkReload(second.reloads, '/slots', T0 + TIMINGS.chunkReloadGuardMs).reload).toBe(true);
  });

  it('reloads another path within the same 10 s', () => {
    const decision = decideChunkReload({ '/slots': T0 }, '/vi/slots', T0 + 1_000);
    expect(decision).toEqual({ reload: true, reloads: { '/slots': T0, '/vi/slots': T0 + 1_000 } });
  });

  it('reloads again once 10 s have passed, and drops reloads older than the window', () => {
    const decision = decideChunkReload({ '/slots': T0, '/promotions': T0 + 5_000 }, '/slots', T0 + 10_000);
    expect(decision).toEqual({ reload: true, reloads: { '/promotions': T0 + 5_000, '/slots': T0 + 10_000 } });
  });

  it('treats a reload time ahead of the clock as expired rather than blocking for ever', () => {
    expect(decideChunkReload({ '/slots': T0 + 60_000 }, '/slots', T0)).toEqual({ reload: true, reloads: { '/slots': T0 } });
  });

  it('reads what it stored, and anything unreadable as no reloads', () => {
    expect(parseChunkReloads(JSON.stringify({ '/slots': T0 }))).toEqual({ '/slots': T0 });
    expect(parseChunkReloads(JSON.stringify({ '/slots': 'soon', '/': T0 }))).toEqual({ '/': T0 });
    for (const stored of [null, '', 'not json', '[1,2]', 'null', '42']) expect(parseChunkReloads(stored)).toEqual({});
  });

  it('recognises a failed chunk in the words of Chromium, Firefox, Safari and Vite', () => {
    const failures = [
      new TypeError('Failed to fetch dynamically imported module: https://casino.example/assets/slots-Ab12.js'),
      new TypeError('error loading dynamically imported module: https://casino.example/assets/slots-Ab12.js'),
      new TypeError('Importing a module script failed.'),
      new Error('Unable to preload CSS for https://casino.example/assets/slots-Ab12.css'),
      'Failed to fetch dynamically imported module: /assets/x.js',
    ];
    for (const failure of failures) expect(isChunkLoadError(failure)).toBe(true);
    for (const other of [new TypeError('Failed to fetch'), new Error('serviceUnavailable'), undefined, null, { message: 'x' }]) {
      expect(isChunkLoadError(other)).toBe(false);
    }
  });
});

describe('the build files (docs/product.md §7 infrastructure calls)', () => {
  const build: BuildInfo = { id: '20260101T120000Z-0a1b2c3d', timestamp: T0 };
  const latest = (headers: Record<string, string> = {}) =>
    latestBuildResponse(new Request('http://casino.example/builds/latest.json', { headers }), build);

  it('latest.json names the running build, revalidated on every request', async () => {
    const response = latest();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('etag')).toBe(`"${build.id}"`);
    expect(await response.json()).toEqual({ id: build.id, timestamp: T0 });
  });

  it('latest.json answers 304 while the asker has the same build', async () => {
    const unchanged = latest({ 'if-none-match': `W/"other", "${build.id}"` });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(latest({ 'if-none-match': '"an-older-build"' }).status).toBe(200);
  });

  it('meta/<id>.json of the running build is immutable; any other id is a JSON 404', async () => {
    const meta = buildMetaResponse(`${build.id}.json`, build);
    expect(meta.status).toBe(200);
    expect(meta.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await meta.json()).toEqual({ id: build.id, timestamp: T0 });

    for (const fileName of ['20250101T000000Z-ffffffff.json', build.id, `${build.id}.js`, '.json']) {
      const missing = buildMetaResponse(fileName, build);
      expect(missing.status, fileName).toBe(404);
      expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
      expect(missing.headers.get('cache-control')).toBe('no-store');
      expect(await missing.json()).toEqual({ statusCode: 0, message: 'notFound' });
    }
  });

  it('meta paths and file names round-trip; only a well-formed BuildInfo is accepted', () => {
    expect(buildMetaPath(build.id)).toBe(`/builds/meta/${build.id}.json`);
    expect(buildIdOfMetaFile(`${build.id}.json`)).toBe(build.id);
    expect(buildIdOfMetaFile('latest')).toBeNull();
    expect(parseBuildInfo({ id: 'a', timestamp: 1, extra: true })).toEqual({ id: 'a', timestamp: 1 });
    for (const value of [null, 'a', { id: '', timestamp: 1 }, { id: 'a' }, { id: 'a', timestamp: Number.NaN }, { id: 1, timestamp: 1 }]) {
      expect(parseBuildInfo(value)).toBeNull();
    }
  });
});
