/**
 * docs/architecture.md stays true: every file its rule table names exists, and every function
 * it names in parentheses is defined in that file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

describe('docs/architecture.md, the layout of src/core', () => {
  const layout = doc.slice(doc.indexOf('src/core      PURE'), doc.indexOf('src/emulator  the service run locally'));
  // The names that open a line of the block: `diff/ plan/   changes...`.
  const named = new Set(
    [...layout.matchAll(/^ {16}((?:[a-z-]+(?:\/|\.ts) +)+)/gm)].flatMap((m) =>
      m[1]!
        .trim()
        .split(/ +/)
        .map((n) => n.replace(/\/$/, '')),
    ),
  );

  it('names every folder and file of src/core, and only those', () => {
    const entries = readdirSync(join(root, 'src/core'), { withFileTypes: true })
      .filter((e) => e.isDirectory() || e.name !== 'errors.ts')
      .map((e) => e.name)
      .filter((n) => n !== 'natural-compare.ts');
    expect(entries.length).toBeGreaterThan(15);
    for (const entry of entries) expect(named, `src/core/${entry} in the layout`).toContain(entry);
    for (const name of named) expect(entries, `${name} of the layout in src/core`).toContain(name);
  });
});

describe('docs/architecture.md, "Adding a record type"', () => {
  const section = doc.slice(doc.indexOf('## Adding a record type'), doc.indexOf('## Words'));

  it('names files that exist', () => {
    const paths = [...section.matchAll(/`((?:src|test)\/[^`<>]+\.ts)`/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) expect(existsSync(join(root, path)), path).toBe(true);
  });
});
