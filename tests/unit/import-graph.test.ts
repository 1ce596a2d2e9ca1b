/**
 * No import circles in the server (packages/api/src) or the site (packages/web/app), and the
 * server's layers kept (ADR 0027).
 * ESLint's import-x/no-cycle guards value imports as code is written; this test also follows
 * type-only imports, which the rule skips, so a circle of types (a module that declares what
 * another builds, and imports the builder back) is caught too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_ROOTS = ['packages/api/src', 'packages/web/app'];
/** The web's `~/` names its app folder (tsconfig paths). */
const WEB_APP = path.join(root, 'packages/web/app');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('+') ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every relative (or `~/`) import and re-export of each file, types included, resolved to a file. */
function importGraph(): Map<string, string[]> {
  const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir)));
  const known = new Set(files);
  const resolve = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.') && !specifier.startsWith('~/')) return undefined;
    const base = specifier.startsWith('~/') ? path.join(WEB_APP, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
    const stem = base.replace(/\.js$/, '');
    return [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((file) => known.has(file));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gms)) {
      const target = resolve(file, (match[1] ?? match[2])!);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components of more than one module (Tarjan), as paths from the root. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(path.relative(root, member));
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import graph', () => {
  it('has no circles in the server or the site, type-only imports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('ESLint (import-x/no-cycle) refuses an import that closes a circle', async () => {
    const eslint = new ESLint({ cwd: root });
    // http/calls.ts as it would read if it imported a handler module, which imports it back.
    const filePath = path.join(root, 'packages/api/src/http/calls.ts');
    const text = `${readFileSync(filePath, 'utf8')}\nimport '../accounts/login.js';\n`;
    const [result] = await eslint.lintText(text, { filePath });
    expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);

  it('ESLint (import-x/no-restricted-paths) refuses a shared helper that imports a feature, a feature that imports the app, and one that skips a public module', async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (file: string, extra: string) => {
      const filePath = path.join(root, file);
      const [result] = await eslint.lintText(`${readFileSync(filePath, 'utf8')}\n${extra}\n`, { filePath });
      return result!.messages.map((message) => message.ruleId);
    };
    expect(await lint('packages/api/src/shared/field-errors.ts', "export { hashToken } from '../accounts/sessions.js';")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await lint('packages/api/src/accounts/balance.ts', "export { buildApp } from '../http/app.js';")).toContain(
      'import-x/no-restricted-paths',
    );
    // A feature reaching into another feature's file instead of its public module.
    expect(await lint('packages/api/src/rewards/favourites.ts', "export { createSession } from '../accounts/sessions.js';")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await lint('packages/api/src/rewards/favourites.ts', "export { forgetWallet } from '../accounts/index.js';")).not.toContain(
      'import-x/no-restricted-paths',
    );
  }, 60_000);
});
