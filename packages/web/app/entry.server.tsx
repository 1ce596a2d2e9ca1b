import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { contentSecurityPolicy, requestNonce } from './security/csp.server';
import { lowPriorityModulePreloads } from './document/script-priority.server';

/** How long deferred data may stream before the render is aborted. */
export const streamTimeout = 5_000;

/**
 * React Router's default Node entry, plus the Content-Security-Policy: every document gets a
 * fresh nonce (the one the root loader also gave the page, through the shared load context),
 * carried by React Router's scripts and React's own streaming scripts. The page's script modules
 * are preloaded at low priority (document/script-priority.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = requestNonce(loadContext);
  responseHeaders.set(
    'Content-Security-Policy',
    contentSecurityPolicy(nonce, {
      https: new URL(request.url).protocol === 'https:',
      development: import.meta.env.DEV,
      // The game providers' frames of /playnow (RequestContext).
      gameFrameOrigins: loadContext.gameFrameOrigins ?? [],
    }),
  );
  // A nonce is good for one response only: no shared cache may keep the page, and the browser
  // asks again rather than replaying an old document.
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache');

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Crawlers (and SPA mode) get the whole document at once; browsers get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the render after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
      if (loadContext.render) loadContext.render.keepable = false;
      abort();
    }, streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            // Clear the timeout so the closure is not kept.
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html');
        // A client that goes away cancels the response, which destroys `body` with an error: it
        // ends this render only. Without these listeners the error went unhandled and took the
        // whole process down (issue 21; README, "Running in production").
        const preloads = lowPriorityModulePreloads();
        const stopRendering = () => {
          if (loadContext.render) loadContext.render.keepable = false;
          clearTimeout(timeoutId);
          timeoutId = undefined;
          abort();
        };
        body.on('error', stopRendering);
        preloads.on('error', stopRendering);
        request.signal.addEventListener('abort', stopRendering, { once: true });
        pipe(preloads).pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (loadContext.render) loadContext.render.keepable = false;
        // Errors of the shell itself reject above and are logged by handleDocumentRequest.
        if (shellRendered) console.error(error);
      },
    });
  });
}
