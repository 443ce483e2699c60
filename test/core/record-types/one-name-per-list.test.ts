/**
 * One name per list (issue 26 item 4): a list of src/facts/record-types.ts (the record types, the
 * data fields, the proxiable types...) is known by its own name wherever zonectl exports it, never
 * under a second one (it once went RECORD_TYPE_NAMES -> SERVICE_RECORD_TYPES -> RECORD_TYPES).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as facts from '../../../src/facts/record-types.js';

const root = join(import.meta.dirname, '..', '..', '..');
/** A list: an array, a set, or a table of arrays (the data fields of each type). */
const isList = (v: unknown): boolean =>
  Array.isArray(v) || v instanceof Set || (typeof v === 'object' && v !== null && Object.values(v).every(Array.isArray));
const LISTS = Object.entries(facts).filter(([, v]) => isList(v));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const zonectl = ['src/core', 'src/api', 'src/app', 'src/cli'].flatMap(sources);

describe('one name per list of the record-type facts', () => {
  it('the facts have their lists', () => {
    expect(LISTS.map(([name]) => name)).toEqual(
      expect.arrayContaining(['RECORD_TYPES', 'DATA_FIELD_FACTS', 'PROXIABLE_TYPES', 'TOP_LEVEL_PRIORITY_TYPES', 'HOST_NAME_RULE_TYPES']),
    );
  });

  it('no module of zonectl exports a list of the facts under another name', async () => {
    const renamed: string[] = [];
    for (const file of zonectl.filter((f) => f.startsWith('src/core/'))) {
      const module = (await import(join(root, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        const same = LISTS.find(([, list]) => list === value);
        if (same !== undefined && same[0] !== name) renamed.push(`${file}: ${name} is ${same[0]}`);
      }
    }
    expect(renamed).toEqual([]);
  });

  it('no module of zonectl makes a copy of a list under its own name (`= LIST`, `= new Set(LIST)`, `= [...LIST]`)', () => {
    const copies: string[] = [];
    for (const file of zonectl) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const m of text.matchAll(/export const (\w+)\b[^=]*=([^;]*);/g)) {
        const copied = /^(?:new Set(?:<[^>]*>)?\()?\[?(?:\.\.\.)?(\w+)\]?\)?$/.exec(m[2]!.trim())?.[1];
        if (copied !== undefined && copied !== m[1] && LISTS.some(([name]) => name === copied))
          copies.push(`${file}: ${m[1]} is ${copied}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
