import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // WEB_BUILD_DIR, as the server reads it: a build may be made (and served) elsewhere.
  buildDirectory: process.env.WEB_BUILD_DIR || 'build',
  ssr: true,
} satisfies Config;
