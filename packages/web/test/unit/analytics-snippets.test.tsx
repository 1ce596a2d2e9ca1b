import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { pageAnalyticsOf, scriptTagsOf } from '../../app/analytics/snippets.server';
import { AnalyticsScripts } from '../../app/analytics/AnalyticsScripts';

/** get_analytics snippets as operators paste them, reduced to script elements (issue 6). */
describe('scriptTagsOf', () => {
  it('keeps an inline script as it is: no entity decoding, comparisons and quotes intact', () => {
    const code = "window.dataLayer=window.dataLayer||[];if(a<b&&c>d){push('&amp;')}";
    expect(scriptTagsOf(`<script>${code}</script>`)).toEqual([{ code }]);
  });

  it('keeps an external script with its allowed attributes and drops the rest', () => {
    const markup =
      '<!-- Google tag --><SCRIPT Async SRC="https://www.googletagmanager.com/gtag/js?id=G-1&amp;l=dl" ' +
      'id="gtag" type="text/javascript" crossorigin integrity="sha384-abc" data-domain="site.example" ' +
      'onload="alert(1)" nonce="theirs" referrerpolicy="no-referrer" defer></SCRIPT>';
    expect(scriptTagsOf(markup)).toEqual([
      {
        src: 'https://www.googletagmanager.com/gtag/js?id=G-1&l=dl',
        id: 'gtag',
        type: 'text/javascript',
        async: true,
        defer: true,
        crossOrigin: 'anonymous',
        integrity: 'sha384-abc',
        data: { 'data-domain': 'site.example' },
      },
    ]);
  });

  it('reads crossorigin as HTML does', () => {
    const crossOrigin = (value: string) => scriptTagsOf(`<script src="/a.js" crossorigin="${value}"></script>`)[0]?.crossOrigin;
    expect(crossOrigin('use-credentials')).toBe('use-credentials');
    expect(crossOrigin('USE-CREDENTIALS')).toBe('use-credentials');
    expect(crossOrigin('anonymous')).toBe('anonymous');
    expect(crossOrigin('nonsense')).toBe('anonymous');
  });

  it('keeps every script of a snippet in order and nothing else (a pixel noscript, markup, comments)', () => {
    const markup = `
      <!-- Meta Pixel Code -->
      <script>!function(f,b,e,v){f.fbq=function(){};}(window,document,'script');fbq('init','123');</script>
      <noscript><img height="1" width="1" src="https://www.facebook.com/tr?id=123&ev=PageView&noscript=1"/></noscript>
      <div>text</div><style>body{}</style>
      <script src="//cdn.example.com/a.js"></script>
      <template><script>inert()</script></template>
      <noscript><script>neverRuns()</script></noscript>
      <script type="module">import('/x.js')</script>`;
    expect(scriptTagsOf(markup)).toEqual([
      { code: "!function(f,b,e,v){f.fbq=function(){};}(window,document,'script');fbq('init','123');" },
      { src: '//cdn.example.com/a.js' },
      { code: "import('/x.js')", type: 'module' },
    ]);
  });

  it('drops scripts that cannot run: empty ones and sources that are no http(s) or site address', () => {
    const markup =
      '<script>  \n </script><script src="javascript:alert(1)"></script><script src="data:text/javascript,alert(1)">x()</script>' +
      '<script src=" https://ok.example/a.js "></script><script src="/local.js">ignored()</script><script src="relative.js"></script>';
    expect(scriptTagsOf(markup)).toEqual([{ src: 'https://ok.example/a.js' }, { src: '/local.js' }]);
  });

  it('keeps the code of an unclosed script and answers nothing for text without scripts', () => {
    expect(scriptTagsOf('<script>track()')).toEqual([{ code: 'track()' }]);
    expect(scriptTagsOf('just text <b>bold</b>')).toEqual([]);
    expect(scriptTagsOf('')).toEqual([]);
  });

  it('escapes "<script" after "<!--" so the re-emitted script cannot swallow the page', () => {
    const code = "var s='<!--<script>';document.write(s)";
    const [tag] = scriptTagsOf(`<script>${code}</script>`);
    expect(tag?.code).toBe("var s='<!--\\x3Cscript>';document.write(s)");
    // Without "<!--" a comparison with a name starting "script" stays as it is.
    expect(scriptTagsOf('<script>for(i=0;i<scripts.length;i++){}</script>')[0]?.code).toBe('for(i=0;i<scripts.length;i++){}');
  });
});

describe('pageAnalyticsOf', () => {
  it('sorts the scripts of every snippet by section, in order', () => {
    expect(
      pageAnalyticsOf([
        { section: 'HEAD', script: '<script>one()</script><script>two()</script>' },
        { section: 'BODY', script: '<script async src="https://a.example/b.js"></script>' },
        { section: 'HEAD', script: '<p>no script</p>' },
        { section: 'HEAD', script: '<script>three()</script>' },
      ]),
    ).toEqual({
      head: [{ code: 'one()' }, { code: 'two()' }, { code: 'three()' }],
      body: [{ src: 'https://a.example/b.js', async: true }],
    });
  });
});

describe('AnalyticsScripts', () => {
  it('renders each script in place with the nonce, an async external one included', () => {
    const html = renderToStaticMarkup(
      <html>
        <head>
          <meta charSet="utf-8" />
        </head>
        <body>
          <main>page</main>
          <AnalyticsScripts
            nonce="N0nce"
            scripts={[{ src: 'https://a.example/b.js', async: true, data: { 'data-domain': 'x' } }, { code: 'run(1<2)' }]}
          />
        </body>
      </html>,
    );
    expect(html).toContain('<head><meta charSet="utf-8"/></head>');
    expect(html).toContain(
      '<main>page</main><script nonce="N0nce" src="https://a.example/b.js" async="" data-domain="x"></script><script nonce="N0nce">run(1<2)</script></body>',
    );
  });
});
