import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATA_FIELDS,
  RECORD_TYPES,
  type DataField,
  type RecordType,
  TOP_LEVEL_PRIORITY_TYPES,
} from '../../../src/core/record-types/index.js';
import { parseYaml } from '../../../src/core/yaml/index.js';
import { buildZoneSchema } from '../../../src/core/schema/index.js';
import { compileQuickCheck } from '../../../src/core/schema/quick-check.js';
import { zoneValidator } from '../../../src/core/schema/validate-schema.js';
import { generateLargeZone } from '../../fixtures/zonefile/generate-large-zone.js';

const quick = compileQuickCheck(buildZoneSchema());
const ajv = zoneValidator();

function parse(text: string): unknown {
  const r = parseYaml(text);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

function validField(f: DataField): unknown {
  const t = f.shape;
  switch (t.kind) {
    case 'int':
    case 'number':
      return t.min;
    case 'hostname':
      return 'target.example.com';
    case 'hex':
      return 'AB12';
    case 'base64':
      return 'QUJD';
    case 'text':
      return f.lowerCase ? 'issue' : 'text';
    case 'enum':
      return t.values[0];
  }
}

function validRecord(type: RecordType): Record<string, unknown> {
  const fields = DATA_FIELDS[type];
  const r: Record<string, unknown> = { name: 'www', type };
  if (fields) r.data = Object.fromEntries(fields.map((f) => [f.name, validField(f)]));
  else r.content = type === 'A' ? '192.0.2.1' : type === 'OPENPGPKEY' ? 'QUJD' : 'x.example.com';
  if (TOP_LEVEL_PRIORITY_TYPES.has(type)) r.priority = 10;
  return r;
}

const example = parse(readFileSync(new URL('../../../examples/zone.yaml', import.meta.url), 'utf8')) as Record<string, unknown>;

/** The example file plus one valid record of every type. */
function baseDocument(): Record<string, unknown> {
  const doc = structuredClone(example);
  doc.records = [...(doc.records as unknown[]), ...RECORD_TYPES.map(validRecord)];
  return doc;
}

const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  -1,
  0.5,
  60,
  65535,
  65536,
  86400,
  1e9,
  Infinity,
  -Infinity,
  NaN,
  '',
  ' ',
  'auto',
  'A',
  'a',
  'x-y',
  '*',
  '\u{1F600}',
  '\u{1F600}'.repeat(300),
  'x'.repeat(500),
  'x'.repeat(501),
  'line\nbreak',
  'k:v',
  ':v',
  'AB 12',
  'not hex!',
  'QUJD==',
  'issue',
  'allow',
  'deny',
  'keep',
  'delete',
  'com.cloudflare.api.account.zone.*',
  '0123456789abcdef0123456789ABCDEF',
  [],
  ['a:b'],
  [1],
  {},
  { a: 1 },
  { type: 'A' },
  { name: 'x' },
  { id: 'y' },
];

/** Every container path of a document (where a value can be replaced, removed or added). */
function containers(
  node: unknown,
  path: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
): Array<Array<string | number>> {
  if (node !== null && typeof node === 'object') {
    out.push(path);
    const entries = Array.isArray(node) ? node.map((v, i) => [i, v] as const) : Object.entries(node);
    for (const [k, v] of entries) containers(v, [...path, k], out);
  }
  return out;
}

function at(doc: unknown, path: ReadonlyArray<string | number>): Record<string | number, unknown> {
  let node = doc as Record<string | number, unknown>;
  for (const seg of path) node = node[seg] as Record<string | number, unknown>;
  return node;
}

interface Mutation {
  where: number;
  key: number;
  op: 'set' | 'delete' | 'add';
  value: number;
  name: string;
}

function mutate(doc: unknown, m: Mutation): void {
  const paths = containers(doc);
  const target = at(doc, paths[m.where % paths.length]);
  const keys = Object.keys(target);
  const value = structuredClone(ODD_VALUES[m.value % ODD_VALUES.length]);
  if (m.op === 'add' || keys.length === 0) {
    if (Array.isArray(target)) target.push(value);
    else target[m.name] = value;
    return;
  }
  const key = Array.isArray(target) ? Number(keys[m.key % keys.length]) : keys[m.key % keys.length];
  if (m.op === 'delete') {
    if (Array.isArray(target)) target.splice(key as number, 1);
    else delete target[key];
  } else {
    target[key] = value;
  }
}

const mutation = fc.record({
  where: fc.nat(),
  key: fc.nat(),
  op: fc.constantFrom('set' as const, 'delete' as const, 'add' as const),
  value: fc.nat(),
  name: fc.constantFrom(
    'name',
    'type',
    'content',
    'data',
    'ttl',
    'proxied',
    'priority',
    'comment',
    'tags',
    'x-any',
    'contnet',
    'id',
    'in',
    'records',
    'tokens',
    'manage',
    'defaults',
    'settings',
  ),
});

describe('schema quick check', () => {
  it('understands every keyword of the zone schema', () => {
    expect(quick).not.toBeNull();
  });

  it('accepts valid files (the fast path is taken)', () => {
    const docs = [baseDocument(), parse(generateLargeZone(200))];
    for (const doc of docs) {
      expect(ajv(doc)).toBe(true);
      expect(quick?.(doc)).toBe(true);
    }
  });

  it('keeps the zone schema inside its subset: every definition compiled at once', () => {
    expect(compileQuickCheck(buildZoneSchema(), { eager: true })).not.toBeNull();
  });

  it('compiles a definition at its first use, and answers "not sure" for one outside the subset', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/good' }, b: { $ref: '#/$defs/odd' } },
      $defs: { good: { type: 'string', pattern: '^x' }, odd: { type: 'string', format: 'email' } },
    };
    expect(compileQuickCheck(schema, { eager: true })).toBeNull();
    const lazy = compileQuickCheck(schema);
    expect(lazy?.({ a: 'xy' })).toBe(true);
    expect(lazy?.({ a: 'yy' })).toBe(false);
    expect(lazy?.({ b: 'me@example.com' })).toBe(false); // ajv decides
    expect(lazy?.({ a: 'xz' })).toBe(true); // the odd definition leaves the others alone
  });

  it('gives the same answers lazily as compiled at once, on valid and mutated documents', () => {
    const eager = compileQuickCheck(buildZoneSchema(), { eager: true });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 0, maxLength: 4 }), (mutations) => {
        const doc = baseDocument();
        for (const m of mutations) mutate(doc, m);
        expect(compileQuickCheck(buildZoneSchema())?.(doc), JSON.stringify(mutations)).toBe(eager?.(doc));
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('rejects a keyword outside its subset instead of guessing', () => {
    expect(compileQuickCheck({ type: 'string', format: 'email' })).toBeNull();
    expect(compileQuickCheck({ type: 'object', properties: { a: { not: { type: 'string' } } } })).toBeNull();
    expect(compileQuickCheck({ then: {} })).toBeNull(); // then without if
    expect(compileQuickCheck({ $ref: '#/$defs/missing' })).toBeNull();
  });

  it('never calls valid what ajv rejects, and agrees with ajv on mutated documents', () => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        const doc = baseDocument();
        for (const m of mutations) mutate(doc, m);
        const fast = quick?.(doc) ?? false;
        const full = ajv(doc);
        if (fast) expect(full, JSON.stringify(mutations)).toBe(true);
        // Not required for correctness (false only means "ask ajv"), but the fast path should
        // not miss valid documents; it is stricter only for odd values ajv accepts.
        expect(fast, JSON.stringify(mutations)).toBe(full);
      }),
      { numRuns: 1500, seed: 20260101 },
    );
  });

  it('counts lengths in code points, as ajv does', () => {
    const check = compileQuickCheck({ type: 'string', minLength: 2, maxLength: 3 });
    expect(check?.('\u{1F600}')).toBe(false); // one code point, two UTF-16 units
    expect(check?.('\u{1F600}\u{1F600}\u{1F600}')).toBe(true); // three code points, six units
    expect(check?.('abcd')).toBe(false);
  });

  it('follows the discriminator to the record type branch only', () => {
    const doc = baseDocument();
    (doc.records as Array<Record<string, unknown>>).push({ name: 'x', type: 'MX', content: 'mx.example.com' }); // no priority
    expect(quick?.(doc)).toBe(false);
    expect(ajv(doc)).toBe(false);
  });
});
