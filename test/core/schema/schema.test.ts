import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildZoneSchema } from '../../../src/core/schema/index.js';
import { renderSchemaFile, SCHEMA_FILE } from '../../fixtures/zonefile/write-schema.js';
import { HEADER, errors, expectProblem, expectValid, load, withRecords } from '../zonefile/helpers.js';

describe('schemas/zone.schema.json', () => {
  it('is the builder output (run test/fixtures/zonefile/write-schema.ts after changing the builder)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(renderSchemaFile());
  });

  it('is JSON Schema 2020-12 with a description on every property', () => {
    const schema = buildZoneSchema();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const missing: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          walk(n, `${where}[${i}]`);
        });
        return;
      }
      if (node === null || typeof node !== 'object') return;
      const obj = node as Record<string, unknown>;
      const props = obj.properties as Record<string, Record<string, unknown>> | undefined;
      for (const [k, v] of Object.entries(props ?? {})) {
        if (where.includes('.if') || (k === 'type' && v.const !== undefined && where.endsWith('if'))) continue;
        if (typeof v.description !== 'string' || v.description === '') missing.push(`${where}.${k}`);
      }
      for (const [k, v] of Object.entries(obj)) walk(v, `${where}.${k}`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });

  it('closes every object with additionalProperties: false', () => {
    const open: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          walk(n, `${where}[${i}]`);
        });
        return;
      }
      if (node === null || typeof node !== 'object') return;
      const obj = node as Record<string, unknown>;
      if (obj.properties !== undefined && obj.additionalProperties === undefined && obj.discriminator === undefined) open.push(where);
      for (const [k, v] of Object.entries(obj)) walk(v, `${where}.${k}`);
    };
    walk(buildZoneSchema(), '#');
    expect(open).toEqual([]);
  });
});

describe('schema problems', () => {
  it('an unknown field names the field and suggests the nearest known one', () => {
    const { problems } = load(withRecords('{ name: www, type: A, contnet: 192.0.2.1 }'));
    const p = expectProblem(problems, {
      line: 4,
      message: /^unknown field `contnet`; did you mean `content`\?$/,
      path: 'records[0].contnet',
    });
    expect(p.col).toBe(27); // at the key
    expect(problems.some((q) => /missing required field `content`/.test(q.message))).toBe(false);
  });

  it('unknown fields at the top level and in settings/tokens/manage', () => {
    const { problems } = load(
      `${HEADER}recrods: []\nsettings: { flaten_all_cnames: true }\nmanage: { unmanged: delete }\ntokens:\n  - name: t\n    polices: []\n`,
    );
    expectProblem(problems, { line: 3, message: /unknown field `recrods`; did you mean `records`\?/ });
    expectProblem(problems, { line: 4, message: /unknown field `flaten_all_cnames`; did you mean `flatten_all_cnames`\?/ });
    expectProblem(problems, { line: 5, message: /unknown field `unmanged`; did you mean `unmanaged`\?/ });
    expectProblem(problems, { line: 8, message: /unknown field `polices`; did you mean `policies`\?/ });
  });

  it('a close abbreviation is suggested too (prio, cont), an ambiguous one is not', () => {
    const { problems } = load(
      withRecords('{ name: "@", type: MX, content: mx.example.net, prio: 10 }', '{ name: www, type: A, cont: 192.0.2.1 }'),
    );
    expectProblem(problems, { line: 4, message: /^unknown field `prio`; did you mean `priority`\?$/ });
    expectProblem(problems, { line: 5, message: /^unknown field `cont`; did you mean `content`\?$/ });
    // `co` is too short to stand for anything; `max` starts both max_delete_percent and max_update_percent.
    const short = load(`${HEADER}records: []\nmanage: { max: 10 }\n`);
    expectProblem(short.problems, { line: 4, message: /^unknown field `max`$/ });
  });

  it('a word of the same stem is suggested (proxy for proxied, as contnet for content); an ambiguous stem is not', () => {
    const { problems } = load(withRecords('{ name: www, type: A, content: 192.0.2.1, proxy: true }'));
    expectProblem(problems, { line: 4, message: /^unknown field `proxy`; did you mean `proxied`\?$/ });
    // `max_x` leaves `max_` (all but its last letter), which starts both max_delete_percent and max_update_percent.
    const ambiguous = load(`${HEADER}records: []\nmanage: { max_x: 10 }\n`);
    expectProblem(ambiguous.problems, { line: 4, message: /^unknown field `max_x`$/ });
  });

  it('a field of no likeness gets no suggestion', () => {
    const { problems } = load(withRecords('{ name: www, type: A, content: 192.0.2.1, banana: 1 }'));
    expectProblem(problems, { line: 4, message: /^unknown field `banana`$/ });
  });

  it("reports against the record's own type only, with content/data hints", () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: CAA, content: "0 issue letsencrypt.org" }',
        '{ name: "@", type: A, data: { x: 1 } }',
        '{ name: "@", type: SRV, priority: 1, data: { priority: 1, weight: 1, port: 1, target: x.example } }',
        '{ name: "@", type: TXT, content: hi, priority: 1 }',
      ),
    );
    expectProblem(problems, { line: 4, message: /^CAA records take `data` \(flags, tag, value\), not `content`$/ });
    expectProblem(problems, { line: 5, message: /^A records take `content`, not `data`$/ });
    expectProblem(problems, { line: 6, message: /SRV records carry priority inside `data`/ });
    expectProblem(problems, { line: 7, message: /TXT records have no priority/ });
    expect(errors(problems)).toHaveLength(4);
  });

  it('unknown record type with a suggestion; missing fields; wrong types', () => {
    const { problems } = load(
      withRecords(
        '{ name: a, type: AAA, content: x }',
        '{ name: b, type: mx, content: x }',
        '{ type: A, content: 192.0.2.1 }',
        '{ name: c, type: MX, content: mx.example.net }',
        '{ name: d, type: TXT, content: 5 }',
      ),
    );
    expectProblem(problems, { line: 4, message: /unknown record type "AAA"; did you mean AAAA\?/ });
    expectProblem(problems, { line: 5, message: /unknown record type "mx"; did you mean MX\?/ });
    expectProblem(problems, { line: 6, message: /missing required field `name`/ });
    expectProblem(problems, { line: 7, message: /missing required field `priority`/ });
    expectProblem(problems, { line: 8, message: /must be a string, not number 5/ });
  });

  it('version and zone are required; version must be 1', () => {
    const { problems } = load('zone: example.com\n');
    expectProblem(problems, { line: 1, message: /missing required field `version` \(add `version: 1`\)/ });
    const second = load('version: 2\nzone: example.com\n');
    expectProblem(second.problems, { line: 1, message: /must be 1, not number 2/ });
  });

  it('comment: at most 500 characters, no line break; tags name:value or bare, at most 20', () => {
    const tags = JSON.stringify(Array.from({ length: 21 }, (_, i) => `t${i}:v`));
    const { problems } = load(
      withRecords(
        `{ name: a, type: A, content: 192.0.2.1, comment: ${'c'.repeat(501)} }`,
        '{ name: b, type: A, content: 192.0.2.1, comment: "two\\nlines" }',
        `{ name: c, type: A, content: 192.0.2.1, tags: ${tags} }`,
        '{ name: d, type: A, content: 192.0.2.1, tags: [":novalue"] }',
        '{ name: e, type: A, content: 192.0.2.1, tags: [tag1, "team:web"] }',
      ),
    );
    expectProblem(problems, { line: 4, message: /too long: 501 characters, at most 500/ });
    expectProblem(problems, { line: 5, message: /must be a single line/ });
    expectProblem(problems, { line: 6, message: /has 21 items, at most 20/ });
    expectProblem(problems, { line: 7, message: /must be written `name:value` or `name`/ });
    expect(problems.filter((p) => p.line === 8)).toEqual([]);
  });

  it('a file that is not a mapping', () => {
    const { problems } = load('- a\n- b\n');
    expectProblem(problems, { line: 1, message: /a zone file must be a mapping/ });
    expect(load('').problems).toHaveLength(1);
  });
});

describe('examples/zone.yaml', () => {
  it('validates with no problem at all', () => {
    const text = readFileSync(new URL('../../../examples/zone.yaml', import.meta.url), 'utf8');
    const config = expectValid(text);
    expect(load(text).problems).toEqual([]);
    expect(text.startsWith('# yaml-language-server: $schema=../schemas/zone.schema.json')).toBe(true);
    const dkim = config.records.find((r) => r.record.name.startsWith('selector1._domainkey'));
    expect(new TextEncoder().encode(dkim?.record.content ?? '').length).toBeGreaterThan(255);
    expect(config.tokens.map((t) => t.name)).toEqual(['ci-dns-edit']);
    expect(config.settings?.soa).toBeUndefined();
    const types = new Set(config.records.map((r) => r.record.type));
    for (const t of ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'CAA']) expect(types.has(t as never)).toBe(true);
  });
});
