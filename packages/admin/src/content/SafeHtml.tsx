import { useEffect, useRef } from 'react';

/*
 * A body the server sanitised (HTML_POLICY), shown as the player site shows it (ADR 0053). The
 * console's content security policy refuses style attributes written as HTML, and the policy keeps
 * a few (text-align, font-weight, font-style, text-decoration): the body is parsed into a document
 * of its own (DOMParser: no browsing context, nothing runs or loads) and each kept style is set
 * through the element's style object, which the policy allows, before the nodes are shown.
 */
export function SafeHtml({ html, lang, className }: { html: string; lang?: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const parsed = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}</body>`, 'text/html');
    const styled: [Element, string][] = [];
    for (const element of parsed.body.querySelectorAll('[style]')) {
      styled.push([element, element.getAttribute('style') ?? '']);
      element.removeAttribute('style');
    }
    const nodes = [...parsed.body.childNodes].map((node) => document.importNode(node, true));
    target.replaceChildren(...nodes);
    // The imported copies in the same order as the parsed elements that had a style.
    const copies = styled.length ? [...target.querySelectorAll('*')] : [];
    const originals = styled.length ? [...parsed.body.querySelectorAll('*')] : [];
    for (const [element, style] of styled) {
      const copy = copies[originals.indexOf(element)] as HTMLElement | undefined;
      if (!copy) continue;
      for (const declaration of style.split(';')) {
        const colon = declaration.indexOf(':');
        if (colon > 0) copy.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
      }
    }
  }, [html]);
  return <div ref={box} className={className} lang={lang} />;
}
