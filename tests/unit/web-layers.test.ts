import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_FEATURES, WEB_SHARED } from '../../eslint.config.js';

// The site's layers are enforced by ESLint zones built from two lists (ADR 0060): a folder in
// neither would escape them, and a declared module that no longer exists declares nothing.
const APP = path.resolve(import.meta.dirname, '..', '..', 'packages', 'web', 'app');
/** The composition layer: routes import any feature's modules. */
const COMPOSITION = ['routes'];

describe('the site layers of eslint.config.js', () => {
  it('name every folder of packages/web/app once: a shared folder, a feature, or the routes', () => {
    const folders = readdirSync(APP, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('+') && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .sort();
    const listed = [...WEB_SHARED, ...Object.keys(WEB_FEATURES), ...COMPOSITION];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(folders);
  });

  it('declare only modules that exist', () => {
    const missing = Object.entries(WEB_FEATURES).flatMap(([feature, modules]) => modules.filter((module) => !existsSync(path.join(APP, feature, module))).map((module) => `${feature}/${module}`));
    expect(missing).toEqual([]);
  });
});
