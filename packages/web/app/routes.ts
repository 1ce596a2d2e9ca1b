import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { ROUTE_PATHS } from '@wl/contracts';

/**
 * Every route of spec §2 under an optional locale prefix (decisions.md §2: /slots, /vi/slots).
 * The locale route checks the prefix; screens share one module until their issues give them their own.
 */
export default [
  route(':lang?', 'routes/locale.tsx', { id: 'locale' }, [
    index('routes/home.tsx'),
    ...ROUTE_PATHS.filter((path) => path !== '/').map((path) =>
      route(path.slice(1), 'routes/screen.tsx', { id: `screen${path}` }),
    ),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;
