import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * The app's JSON body parser: Fastify's own (prototype poisoning refused, as by default), and a
 * string PostgreSQL cannot store refused as a validationError of its field: one holding U+0000
 * (not in text nor jsonb) or half of a surrogate pair (not in jsonb, where the audit log keeps
 * refused payloads). Such a value would otherwise fail its query, a 500, wherever a handler writes
 * it (found by the request fuzzer, ADR 0064). Every JSON body of the app comes through here; the
 * provider wallet and the web handler parse their own bodies in scopes of their own.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    parse(request, text, (error, value) => {
      if (error) return done(error);
      // JSON text cannot carry these raw (a lone surrogate does not survive UTF-8 decoding): only a
      // body with their escapes can hold them, so other bodies are not walked.
      const path = UNSTORABLE_ESCAPE.test(text) ? pathOfUnstorable(value) : null;
      if (!path) return done(null, value);
      const refused = new z.ZodError([{ code: 'custom', path, message: 'invalidValue', input: undefined }]);
      done(Object.assign(refused, { statusCode: 400 }));
    });
  });
}

/** `\u0000`, or an escape in the surrogate range. */
const UNSTORABLE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;
/** U+0000, or a surrogate not in a pair. */
// eslint-disable-next-line no-control-regex -- U+0000 is the very character to find
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where a value sits: its key in its parent, and the parent's place (a chain, not a copied array, as nests may be deep). */
interface Place {
  key: string | number;
  parent: Place | null;
}

function pathOf(place: Place | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = place; at; at = at.parent) path.unshift(at.key);
  return path;
}

/** The path of the first string PostgreSQL cannot store (a key or a value), or null; no recursion, as nests may be deep. */
function pathOfUnstorable(root: unknown): (string | number)[] | null {
  const pending: { value: unknown; place: Place | null }[] = [{ value: root, place: null }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, place } = item;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return pathOf(place);
    } else if (Array.isArray(value)) {
      value.forEach((element, index) => pending.push({ value: element, place: { key: index, parent: place } }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, element] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return pathOf({ key, parent: place });
        pending.push({ value: element, place: { key, parent: place } });
      }
    }
  }
  return null;
}
