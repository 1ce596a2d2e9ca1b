import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // WEB_BUILD_DIR, as the server reads it: a build may be made (and served) elsewhere.
  buildDirectory: process.env.WEB_BUILD_DIR || 'build',
  ssr: true,
  // The whole route manifest comes with the page (a small module the browser caches), instead of
  // being discovered link by link: each discovered batch re-rendered every route of the page once
  // hydrated (some 100 ms of a phone's main thread on a home page of 150 links), and a link to an
  // undiscovered route cost a request before the navigation could start (docs/decisions/).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
