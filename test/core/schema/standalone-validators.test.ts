/**
 * The bundle checks zone files and zonectl.yaml with validators Ajv's standalone mode generated
 * at build time (scripts/aot-schema.mjs); run from source, zonectl compiles the same schemas with
 * Ajv at first use (src/core/schema/schema-validators.ts). Both must answer alike, errors
 * included (their paths, keywords, parameters, schemas: translate-errors.ts reads them all), on
 * valid documents and on many broken ones made from a realistic zone by one change each.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { parseYaml } from '../../../src/core/yaml/index.js';
import { VALIDATOR_REFS, type ValidatorName } from '../../../src/core/schema/ajv-setup.js';
import { schemaValidator } from '../../../src/core/schema/schema-validators.js';
import { standaloneValidatorsSource } from '../../../src/core/schema/standalone.js';

const root = join(import.meta.dirname, '..', '..', '..');

function parse(text: string): unknown {
  const r = parseYaml(text);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

/** Every document one change away from `doc`: a field removed, given a value of another type, or an unknown field added. */
function mutations(doc: unknown): unknown[] {
  const out: unknown[] = [];
  const replacements: unknown[] = [null, 7, -1, 1.5, '', 'x', true, [], {}, ['a'], 'a'.repeat(300)];
  const walk = (value: unknown, set: (v: unknown) => unknown): void => {
    for (const r of replacements) out.push(set(r));
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        walk(item, (v) => set(value.map((x, j) => (j === i ? v : x))));
      });
      out.push(set([...value, value[0]]));
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      out.push(set({ ...value, unknwon_field: 1 }));
      for (const [k, v] of entries) {
        out.push(set(Object.fromEntries(entries.filter(([key]) => key !== k))));
        walk(v, (nv) => set({ ...value, [k]: nv }));
      }
    }
  };
  walk(doc, (v) => v);
  return out;
}

/** What a call leaves behind: the verdict and the errors, as plain data. */
function answer(validate: ValidateFunction, data: unknown): unknown {
  const ok = validate(data);
  return { ok, errors: JSON.parse(JSON.stringify(validate.errors ?? null)) as unknown };
}

describe('validators compiled ahead of time (Ajv standalone code)', () => {
  let dir: string;
  let standalone: Record<ValidatorName, ValidateFunction>;

  beforeAll(() => {
    // Inside the repository, so that the code's `require("ajv/dist/runtime/...")` finds Ajv.
    dir = mkdtempSync(join(root, 'node_modules', '.cache-standalone-'));
    const file = join(dir, 'validators.cjs');
    writeFileSync(file, standaloneValidatorsSource());
    standalone = createRequire(file)(file) as Record<ValidatorName, ValidateFunction>;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exports one validator per name', () => {
    expect(Object.keys(standalone).sort()).toEqual(Object.keys(VALIDATOR_REFS).sort());
  });

  it('answers as the validators compiled at run time on a realistic zone and on every one-change variant of it', () => {
    const zone = parse(readFileSync(join(root, 'examples', 'zone.yaml'), 'utf8')) as Record<string, unknown>;
    expect(answer(standalone.zoneRoot, zone)).toEqual({ ok: true, errors: null });
    const docs = mutations(zone);
    expect(docs.length).toBeGreaterThan(500);
    let invalid = 0;
    for (const doc of docs) {
      const want = answer(schemaValidator('zoneRoot'), doc);
      expect(answer(standalone.zoneRoot, doc)).toEqual(want);
      if (!(want as { ok: boolean }).ok) invalid += 1;
    }
    expect(invalid).toBeGreaterThan(docs.length / 2);
    const records = zone.records as unknown[];
    for (const doc of records.flatMap((r) => mutations(r))) {
      expect(answer(standalone.zoneRecord, doc)).toEqual(answer(schemaValidator('zoneRecord'), doc));
    }
    for (const doc of (zone.tokens as unknown[]).flatMap((t) => mutations(t))) {
      expect(answer(standalone.zoneToken, doc)).toEqual(answer(schemaValidator('zoneToken'), doc));
    }
  });

  it('answers as the validator compiled at run time on zonectl.yaml and its variants', () => {
    const config = parse(
      'version: 1\naccounts:\n  main:\n    account_id: 0123456789abcdef0123456789abcdef\n    credentials: { token_env: CF_TOKEN }\n  legacy:\n    credentials: { email_env: CF_EMAIL, key_env: CF_KEY }\n',
    );
    expect(answer(standalone.repoConfig, config)).toEqual({ ok: true, errors: null });
    for (const doc of mutations(config)) {
      expect(answer(standalone.repoConfig, doc)).toEqual(answer(schemaValidator('repoConfig'), doc));
    }
  });
});
