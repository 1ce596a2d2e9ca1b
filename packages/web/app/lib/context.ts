import type { RequestContext } from '@wl/contracts';

// The server (packages/api) hands every loader and action this context: see RequestContext.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

export type { RequestContext };
