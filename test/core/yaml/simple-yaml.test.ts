/**
 * simple-yaml.ts against js-yaml: on generated YAML (zone-file shapes, odd scalars, every block
 * and flow form, comments, and the same text with random edits), whenever the fast reader
 * answers, js-yaml reads the text too, to the same value, and every path of the document has the
 * same position, key position and item positions in both node tables.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ParseResult, parseYaml, parseYamlWithJsYaml, resolvePlainScalar } from '../../../src/core/yaml/parse-yaml.js';
import { readSimpleYaml } from '../../../src/core/yaml/simple-yaml.js';
import { generateLargeZone } from '../../fixtures/zonefile/generate-large-zone.js';

type Path = Array<string | number>;

function* pathsOf(value: unknown, path: Path = []): Generator<Path> {
  yield path;
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* pathsOf(v, [...path, i]);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* pathsOf(v, [...path, k]);
}

function positionsOf(r: Extract<ParseResult, { ok: true }>, path: Path): unknown {
  return [r.positions.positionOf(path), r.positions.keyPositionOf(path), r.positions.itemPositionsOf(path)];
}

/** Undefined when the fast reader leaves the text to js-yaml; else what differs from js-yaml ('' when nothing). */
function compare(text: string): string | undefined {
  if (readSimpleYaml(text, resolvePlainScalar) === undefined) return undefined;
  const fast = parseYaml(text);
  const reference = parseYamlWithJsYaml(text);
  if (!fast.ok) return 'the fast reader failed';
  if (!reference.ok) return `js-yaml refuses it: ${reference.message}`;
  if (!isDeepStrictEqual(fast.value, reference.value))
    return `values differ: ${JSON.stringify(fast.value)} vs ${JSON.stringify(reference.value)}`;
  for (const path of pathsOf(reference.value)) {
    const a = positionsOf(fast, path);
    const b = positionsOf(reference, path);
    if (!isDeepStrictEqual(a, b)) return `positions of ${JSON.stringify(path)} differ: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  }
  return '';
}

/** Scalars zone files hold, and a few the fast reader must get right (numbers, booleans, null, `:` and `#` inside). */
const tameWords = fc.constantFrom(
  'a',
  'www',
  'host-1',
  '_dmarc',
  'v=spf1 include:_spf.example.net ~all',
  '192.0.2.1',
  'http://x.example/a#b',
  'a:b',
  'x,y',
  'it is',
  'true',
  'False',
  'null',
  '~',
  '0',
  '-1',
  '+2',
  '0x1F',
  '0o17',
  '1e3',
  '.5',
  '.inf',
  '3.14',
  '007',
  'constructor',
  'é',
);
/** Scalars that need quotes, or that the fast reader leaves to js-yaml. */
const wildWords = fc.constantFrom(
  '@',
  '*',
  '2001:db8::1',
  'a #b',
  'a: b',
  '[x]',
  '{x}',
  '"q"',
  "it's",
  'back\\slash',
  'tab\there',
  'NULL',
  '0b101',
  '1_000',
  '-.Inf',
  '.NaN',
  '<<',
  '__proto__',
  '-',
  '- x',
  '? x',
  ': x',
  '&a',
  '*a',
  '!tag',
  '%x',
  '`x',
  '|',
  '>',
  '---',
  '...',
  '😀',
  ' lead',
  'trail ',
  '',
);
const words = fc.oneof({ weight: 6, arbitrary: tameWords }, { weight: 1, arbitrary: wildWords });

const escapes = fc.constantFrom(
  '\\n',
  '\\t',
  '\\"',
  '\\\\',
  '\\/',
  '\\x41',
  '\\u00e9',
  '\\U0001F600',
  '\\0',
  '\\e',
  '\\N',
  '\\_',
  '\\q',
  '\\x4',
);

const plain = fc.oneof({ weight: 12, arbitrary: tameWords }, { weight: 1, arbitrary: wildWords });
const doubleQuoted = fc.array(fc.oneof(words, escapes), { maxLength: 3 }).map((parts) => `"${parts.join('')}"`);
const singleQuoted = words.map((w) => `'${w.replaceAll("'", "''")}'`);
const scalar = fc.oneof({ weight: 4, arbitrary: plain }, { weight: 2, arbitrary: doubleQuoted }, { weight: 1, arbitrary: singleQuoted });
const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('name', 'type', 'content', 'ttl', 'proxied', 'data', 'tags', 'comment') },
  { weight: 1, arbitrary: scalar },
);

/** A flow collection on one line (or, rarely, broken over lines). */
const flow: fc.Memo<string> = fc.memo((n) =>
  fc
    .tuple(
      fc.boolean(),
      fc.array(fc.tuple(key, n > 1 ? fc.oneof(scalar, flow(n - 1)) : scalar), { maxLength: 4 }),
      fc.constantFrom(' ', '', '  '),
      fc.constantFrom(', ', ',', ' , ', ',\n    '),
      fc.boolean(),
    )
    .map(([mapping, entries, pad, comma, trailingComma]) => {
      const items = entries.map(([k, v]) => (mapping ? `${k}: ${v}` : v));
      return mapping
        ? `{${pad}${items.join(comma)}${trailingComma && items.length > 0 ? ',' : ''}${pad}}`
        : `[${pad}${items.join(comma)}${pad}]`;
    }),
);

const comment = fc.constantFrom('', '', ' # note', '  #x', '#not a comment');
const blockScalarHeader = fc.constantFrom('|', '>', '|-', '>-', '|+', '>+', '|2', '>- # folded');
const blockLines = fc.array(
  fc.oneof(
    words,
    fc.constant(''),
    words.map((w) => `  ${w}`),
  ),
  { minLength: 0, maxLength: 3 },
);

/** A block value at `indent` (as the value of a key at `indent - step`). */
function blockValue(indent: number, depth: number): fc.Arbitrary<string> {
  const pad = ' '.repeat(indent);
  const inline = fc.tuple(fc.oneof(scalar, flow(2)), comment).map(([v, c]) => ` ${v}${c}\n`);
  const block = fc
    .tuple(blockScalarHeader, blockLines, fc.constantFrom(0, 1))
    .map(([h, lines, extra]) => ` ${h}\n${lines.map((l) => (l === '' ? '' : pad + ' '.repeat(extra) + l)).join('\n')}\n`);
  const empty = fc.constant('\n');
  if (depth <= 0) return fc.oneof({ weight: 5, arbitrary: inline }, { weight: 1, arbitrary: block }, { weight: 1, arbitrary: empty });
  return fc.oneof(
    { weight: 5, arbitrary: inline },
    { weight: 1, arbitrary: block },
    { weight: 1, arbitrary: empty },
    { weight: 2, arbitrary: blockMapping(indent, depth - 1).map((m) => `\n${m}`) },
    { weight: 2, arbitrary: blockSequence(indent, depth - 1).map((s) => `\n${s}`) },
    { weight: 1, arbitrary: blockSequence(Math.max(0, indent - 2), depth - 1).map((s) => `\n${s}`) },
  );
}

function blockMapping(indent: number, depth: number): fc.Arbitrary<string> {
  const pad = ' '.repeat(indent);
  const step = fc.constantFrom(2, 2, 4, 3);
  return fc
    .array(
      fc.tuple(key, step).chain(([k, s]) => blockValue(indent + s, depth).map((v) => `${pad}${k}:${v}`)),
      { minLength: 1, maxLength: 4 },
    )
    .chain((entries) => fc.constantFrom('', '\n', `${pad}# c\n`, '   \n').map((sep) => entries.join(sep)));
}

function blockSequence(indent: number, depth: number): fc.Arbitrary<string> {
  const pad = ' '.repeat(indent);
  const item = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.oneof(scalar, flow(2)), comment).map(([v, c]) => `${pad}- ${v}${c}\n`) },
    {
      weight: 3,
      arbitrary: blockMapping(indent + 2, Math.max(0, depth - 1)).map((m) => `${pad}- ${m.slice(indent + 2)}`),
    },
    { weight: 1, arbitrary: fc.constant(`${pad}-\n`) },
  );
  return fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => items.join(''));
}

const document = fc
  .tuple(fc.constantFrom('', '# head\n', '\n', '---\n', '%YAML 1.2\n---\n', 'version: 1\n'), blockMapping(0, 3), fc.boolean())
  .map(([head, body, finalNewline]) => head + (finalNewline ? body : body.replace(/\n$/, '')));

/** The document with a few characters inserted, removed or replaced. */
const edited = fc
  .tuple(
    document,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom('', ' ', '\n', ':', '-', '#', '"', "'", '{', '}', '[', ']', ',', '\t', '\r', 'x', '&a', '*a'),
        fc.boolean(),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([text, edits]) => {
    let out = text;
    for (const [at, insert, replace] of edits) {
      const i = out.length === 0 ? 0 : at % out.length;
      out = out.slice(0, i) + insert + out.slice(replace ? i + 1 : i);
    }
    return out;
  });

describe('simple-yaml: the same as js-yaml wherever it answers', () => {
  it('on generated documents', () => {
    let answered = 0;
    let total = 0;
    fc.assert(
      fc.property(document, (text) => {
        total += 1;
        const verdict = compare(text);
        if (verdict !== undefined) answered += 1;
        expect(verdict ?? '', text).toBe('');
      }),
      { numRuns: 5000 },
    );
    // The generator reaches the fast path often enough (several hundred documents a run) for the
    // comparison to mean something; most generated documents hold something left to js-yaml.
    expect(answered / total).toBeGreaterThan(0.05);
  });

  it('on edited (often broken) documents', () => {
    fc.assert(
      fc.property(edited, (text) => {
        expect(compare(text) ?? '', text).toBe('');
      }),
      { numRuns: 3000 },
    );
  });

  it('after a block scalar followed by a key that starts with a colon (a case fast-check found)', () => {
    // js-yaml ends a block scalar at the start of the next line; the position index took the
    // `:` of `:tags` there for the scalar's own and put the value at its key's column.
    for (const text of ['\n0o17: |\n      a\n\n:tags: ""  #x', 'a: |\n  a\n:t: 1\n', 'a: >-\n  a\n:t: 1\n'])
      expect(compare(text) ?? '', text).toBe('');
    const reference = parseYamlWithJsYaml('a: |\n  a\n:t: 1\n');
    if (!reference.ok) throw new Error(reference.message);
    expect(reference.positions.positionOf(['a'])).toEqual({ line: 1, col: 4 });
    expect(reference.positions.positionOf([':t'])).toEqual({ line: 3, col: 5 });
    // An explicit key written as a block scalar keeps its `: value` on the next line.
    const explicit = parseYamlWithJsYaml('? |\n  a\n: v\nb: 1\n');
    if (!explicit.ok) throw new Error(explicit.message);
    expect(explicit.positions.keyPositionOf(['a\n'])).toEqual({ line: 1, col: 3 });
    expect(explicit.positions.positionOf(['a\n'])).toEqual({ line: 3, col: 3 });
  });

  it('on zone files as teams write them', () => {
    const team = [
      '# yaml-language-server: $schema=../schemas/zone.schema.json',
      'version: 1',
      'zone: example.com',
      '',
      'defaults:',
      '  ttl: auto',
      '  proxied: false',
      '',
      'records:',
      '  - { name: "@", type: A, content: 192.0.2.10, proxied: true, comment: origin, tags: ["team:web"] }',
      '  - { name: "_dmarc", type: TXT, content: "v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com" }',
      "  - { name: '@', type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }",
      '  - name: s1._domainkey',
      '    type: TXT',
      '    comment: "DKIM key (2048-bit RSA)"',
      '    content: >-',
      '      v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
      '  # a comment between records',
      '  - name: www',
      '    type: CNAME',
      '    content: example.com',
      '    ttl: 300',
      'tokens:',
      '  - name: ci',
      '    policies:',
      '      - { effect: allow, resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }, permission_groups: [DNS Write] }',
      '',
    ].join('\n');
    expect(compare(team)).toBe('');
    expect(compare(generateLargeZone(2000))).toBe('');
  });

  it('leaves what it does not read to js-yaml, errors included', () => {
    for (const text of [
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'base: &b { ttl: 60 }\nrec:\n  <<: *b\n',
      'a: 1\na: 2\n',
      'a:\tb\n',
      'a: b\r\nc: d\r\n',
      'a: multi\n  line\n',
      'a: "multi\n  line"\n',
      'a: { b: 1,\n  c: 2 }\n',
      'a: |+\n  kept\n\n',
      'a: >\n  one\n\n  two\n',
      '--- \na: 1\n',
      'a: 1\n---\nb: 2\n',
      '? a\n: 1\n',
      '- a\n- b\n',
      'plain text',
      '',
      'a: "\\q"\n',
      '__proto__: 1\n',
    ]) {
      expect(readSimpleYaml(text, resolvePlainScalar), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('resolves plain scalars as js-yaml does, letters other than n, t, f included', () => {
    const reference = (text: string): unknown => {
      const r = parseYamlWithJsYaml(`k: ${text}\n`);
      return r.ok ? (r.value as { k: unknown }).k : 'refused';
    };
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'abnNtTfFxyzXYZ0123456789.+-_eE~<:'.split('')), minLength: 1, maxLength: 8 }),
        (text) => {
          fc.pre(!/^[-:?]|:$|: /.test(text) && reference(text) !== 'refused');
          expect(resolvePlainScalar(text)).toStrictEqual(reference(text));
        },
      ),
      { numRuns: 3000 },
    );
    // Texts with a colon or two dots (never a number or null) beside the numbers closest to them.
    for (const text of [
      '192.0.2.1',
      '1.2.3',
      '1..2',
      '1.2.',
      '..5',
      '12:30',
      '1:2:3',
      '0x1:2',
      '1.5',
      '1.',
      '.5',
      '.inf',
      '-.inf',
      '.nan',
      '1e3',
      '0x1f',
      '0o17',
      '~',
      // Texts starting with a letter: only null's and bool's own spellings are not strings.
      ...['null', 'Null', 'NULL', 'nUll', 'nulls', 'true', 'True', 'TRUE', 'tRUE', 'truex', 'false', 'False', 'FALSE', 'fAlse'],
      ...['falsey', 'n', 't', 'f', 'N', 'name', 'type', 'ttl', 'tags', 'flags', 'yes', 'No', 'on', 'Off', 'y', 'nan', 'inf'],
    ]) {
      expect(resolvePlainScalar(text), text).toStrictEqual(reference(text));
    }
  });

  it('reads the example zone file of the repository', () => {
    expect(compare(readFileSync('examples/zone.yaml', 'utf8'))).toBe('');
  });
});
