/**
 * docs/architecture.md stays true: every file its rule table names exists, and every function
 * it names in parentheses is defined in that file.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const table = doc.slice(doc.indexOf('## Where each rule lives'));
const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Rule') && !l.startsWith('| ---'));

describe('docs/architecture.md, "Where each rule lives"', () => {
  it('has rows', () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  it.each(rows.map((r) => [r.split('|')[1]!.trim(), r.split('|')[2]!.trim()]))('%s -> %s', (_rule, where) => {
    const refs = [...where.matchAll(/`([^`]+)`(?: \(`([A-Za-z]+)`\))?/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, path, symbol] of refs) {
      const full = join(root, path!);
      expect(existsSync(full), `${path} exists`).toBe(true);
      if (symbol !== undefined) {
        expect(statSync(full).isFile()).toBe(true);
        expect(readFileSync(full, 'utf8')).toMatch(new RegExp(`export (async )?(function|const|class) ${symbol}\\b`));
      }
    }
  });
});
