import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** How much of a chunk's end may be the start of MODULE_PRELOAD, to be held for the next chunk. */
function heldTail(text: string): number {
  const from = Math.max(0, text.length - (MODULE_PRELOAD.length - 1));
  for (let start = text.indexOf('<', from); start !== -1; start = text.indexOf('<', start + 1)) {
    if (MODULE_PRELOAD.startsWith(text.slice(start))) return text.length - start;
  }
  return 0;
}

/**
 * The document as React renders it, with the page's script modules preloaded at low priority.
 *
 * React Router preloads the entry, the framework and the route modules (`<link rel="modulepreload">`,
 * which a browser fetches at high priority) and has no option for their priority. On a phone's
 * slow network those 130 KB or so of scripts then share the line with the stylesheet and the hero
 * image the first paint waits for, although the server's HTML shows the page without them: they
 * only make it interactive. At low priority the browser fetches them once what the paint needs is
 * under way. React leaves the attribute alone when it hydrates (React Router marks these links
 * suppressHydrationWarning), and a later import of the same module uses the preloaded one.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = pending + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const held = heldTail(text);
      pending = text.slice(text.length - held);
      const ready = text.slice(0, text.length - held).replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
      callback(null, ready || undefined);
    },
    flush(callback) {
      const rest = pending + decoder.end();
      callback(null, rest.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD) || undefined);
    },
  });
}
