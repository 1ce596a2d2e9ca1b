import type { BuildInfo } from './build-info';

// Replaced at build time by vite.config.ts (`define`), with the same values in both bundles.
declare const __WL_BUILD_ID__: string;
declare const __WL_BUILD_TIMESTAMP__: number;

/** The build this code belongs to: on the server, the one it serves; in the browser, the one running. */
export const CURRENT_BUILD: BuildInfo = { id: __WL_BUILD_ID__, timestamp: __WL_BUILD_TIMESTAMP__ };
