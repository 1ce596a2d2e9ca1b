/**
 * Zod builds each object schema with a probe, `new Function('')`, to see whether it may compile
 * fast parsers; under the site's CSP (no 'unsafe-eval') every page would report that probe as a
 * violation. Zod skips it when its shared configuration (kept on globalThis for every copy of
 * Zod, read when the first schema is built) says jitless, so this runs before any module script.
 * Browser only: the server keeps its compiled parsers.
 */
const ZOD_JITLESS = '(globalThis.__zod_globalConfig ||= {}).jitless = true;';

export function ZodWithoutEval({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />;
}
