import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from '../../app/document/script-priority.server';

const DOCUMENT =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"/></head><body><main>Å ∑ 🎰</main>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/>' +
  '<script type="module" async="">import "/assets/entry.client.js";</script></body></html>';
const EXPECTED = DOCUMENT.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

/** The document through the transform, cut into chunks at the given byte offsets. */
function transformed(cuts: number[]): Promise<string> {
  const bytes = Buffer.from(DOCUMENT, 'utf8');
  const edges = [0, ...cuts, bytes.length];
  const chunks = edges.slice(1).map((end, index) => bytes.subarray(edges[index], end));
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe('lowPriorityModulePreloads', () => {
  it('marks every modulepreload link low priority and leaves the rest as it was', async () => {
    expect(await transformed([])).toBe(EXPECTED);
  });

  it('finds a link cut across chunks, and a character cut across chunks survives', async () => {
    const bytes = Buffer.byteLength(DOCUMENT);
    for (let cut = 1; cut < bytes; cut += 1) expect(await transformed([cut])).toBe(EXPECTED);
  });

  it('copes with a document cut into one-byte chunks', async () => {
    const bytes = Buffer.byteLength(DOCUMENT);
    expect(await transformed(Array.from({ length: bytes - 1 }, (_, index) => index + 1))).toBe(EXPECTED);
  });

  it('sends what cannot be the start of a link at once, so streaming is not held up', async () => {
    const stream = lowPriorityModulePreloads();
    const out: string[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    stream.write('<main>shell</main><link rel="module');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.join('')).toBe('<main>shell</main>');
    stream.end('preload" href="/a.js"/>');
    await new Promise((resolve) => stream.on('end', resolve));
    expect(out.join('')).toBe('<main>shell</main><link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
  });
});
