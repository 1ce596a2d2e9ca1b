/**
 * The repository cites only itself: comments, tests and docs point at docs/product.md (its
 * sections §1–§9 and its decisions D1–D7) or an ADR, never at a document a newcomer who clones the
 * repository does not have (the old product spec, its decisions file, a folder beside the
 * repository). Every file git knows of, or would add, is read.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const thisFile = path.relative(root, fileURLToPath(import.meta.url)).split(path.sep).join('/');

/** Citations of documents outside the repository, each with what to write instead. */
const OUTSIDE_CITATIONS: { pattern: RegExp; instead: string }[] = [
  { pattern: /\bspec(?:'s)?\s*§/i, instead: 'docs/product.md §N' },
  { pattern: /\bspec\/decisions\b/i, instead: 'docs/product.md §N and DN' },
  { pattern: /\bdecisions(?:\.md)?\s*§/i, instead: 'docs/product.md DN' },
  { pattern: /\bdecisions\.md\b/i, instead: 'docs/product.md DN' },
  { pattern: /\bproduct-spec\b/i, instead: 'docs/product.md' },
  { pattern: /\.\.\/shared\/[\w.-]+\.md\b/i, instead: 'the README or an ADR' },
  { pattern: /\bstack\.md\b/i, instead: 'the README or ADR 0001' },
];

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed
    .split('\0')
    .filter((file) => file !== '' && file !== thisFile && file !== 'package-lock.json')
    .filter((file) => {
      const full = path.join(root, file);
      return existsSync(full) && statSync(full).isFile();
    });
}

function outsideCitations(): string[] {
  const found: string[] = [];
  for (const file of repositoryFiles()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    if (text.includes('\0')) continue; // binary
    text.split('\n').forEach((line, index) => {
      const citation = OUTSIDE_CITATIONS.find(({ pattern }) => pattern.test(line));
      if (citation) found.push(`${file}:${index + 1}: ${line.trim()}  (cite ${citation.instead})`);
    });
  }
  return found;
}

describe('citations stay inside the repository', () => {
  it('recognises each kind of outside citation', () => {
    const cited = (line: string) => OUTSIDE_CITATIONS.some(({ pattern }) => pattern.test(line));
    for (const line of ['(spec §2.3)', "Spec §9's fallbacks", 'Spec/decisions §1', 'decisions.md §6', 'Decisions §1 asks', 'kept beside it (`product-spec.md`)', 'see ../shared/notes.md', 'flags that work (stack.md)']) {
      expect(cited(line), line).toBe(true);
    }
    for (const line of ['docs/product.md §2.3, D6', 'ADR 0006', "import { toMinor } from '../shared/decimal';", 'issue 21 §7', 'RFC 9110 §13.1.2']) {
      expect(cited(line), line).toBe(false);
    }
  });

  it('finds none in any file of the repository', () => {
    expect(outsideCitations()).toEqual([]);
  });
});
