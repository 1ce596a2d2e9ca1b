// Types of what eslint.config.js exports besides its configuration: the site's layer lists (ADR 0060), read by tests/unit/web-layers.test.ts.
export declare const WEB_SHARED: readonly string[];
export declare const WEB_FEATURES: Readonly<Record<string, readonly string[]>>;
declare const config: unknown[];
export default config;
