import type { ScriptTag } from './script-tags';

/**
 * React 19 treats a <script async src> as a resource: it hoists it to the top of <head> and
 * dedupes it. A load handler opts out, so each script stays where its section puts it.
 */
const stayInPlace = () => undefined;

/**
 * An operator's analytics scripts, each with this response's CSP nonce. Rendered by the server
 * and run by the browser's parser; hydration adopts them and React never runs a script again.
 */
export function AnalyticsScripts({ scripts, nonce }: { scripts: readonly ScriptTag[]; nonce: string | undefined }) {
  return scripts.map((tag, index) => (
    <script
      // The list never changes after the first render: its position is a stable key.
      key={index}
      nonce={nonce}
      src={tag.src}
      type={tag.type}
      id={tag.id}
      async={tag.async}
      defer={tag.defer}
      crossOrigin={tag.crossOrigin}
      integrity={tag.integrity}
      onLoad={tag.src && tag.async ? stayInPlace : undefined}
      {...tag.data}
      dangerouslySetInnerHTML={tag.code === undefined ? undefined : { __html: tag.code }}
    />
  ));
}
