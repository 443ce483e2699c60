/**
 * The schema validators an installed zonectl runs are not the ones a test compiles: the build
 * (scripts/bundle.mjs, through scripts/aot-schema.mjs `standaloneValidatorsScript`) writes one
 * CommonJS script, Ajv's standalone code with Ajv's run-time helpers bundled in, beside the
 * bundle's chunks (`zonectl-schema-validators.cjs`) and inlined in the single executable. This
 * test builds that very script as the build does, evaluates it as the bundle does (a CommonJS
 * module that may `require` nothing: the installed package has no node_modules), and runs it:
 * - on every zone file and zonectl.yaml among the fixtures and examples (all valid), directly;
 * - through the read path itself (`parseZoneFile`, `parseRepoConfig`): src/core/schema/
 *   schema-validators.ts is replaced by the shipped script here, as the build replaces it, and
 *   bad input must give the same problems, naming file, line and field, as the validators
 *   compiled at run time give; a spy shows the shipped code did the checking.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { VALIDATOR_REFS, type ValidatorName } from '../../../src/core/schema/ajv-setup.js';
import { parseRepoConfig, parseZoneFile } from '../../../src/core/zonefile/index.js';
import { formatProblem, parseYaml } from '../../../src/core/yaml/index.js';

const root = join(import.meta.dirname, '..', '..', '..');

const shipped = vi.hoisted(() => ({
  validators: undefined as Record<string, ValidateFunction> | undefined,
  /** Calls of the shipped validators, by name. */
  calls: new Map<string, number>(),
  /** false: the module answers with the validators compiled at run time (the reference). */
  use: true,
}));

vi.mock('../../../src/core/schema/schema-validators.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/core/schema/schema-validators.js')>();
  return {
    schemaValidator(name: ValidatorName): ValidateFunction {
      if (!shipped.use) return original.schemaValidator(name);
      const v = shipped.validators?.[name];
      if (!v) throw new Error(`the shipped script has no validator ${name}`);
      // Counted per call of the validator itself, not of this lookup.
      const counted = ((data: unknown) => {
        shipped.calls.set(name, (shipped.calls.get(name) ?? 0) + 1);
        const ok = v(data);
        counted.errors = v.errors;
        return ok;
      }) as ValidateFunction;
      return counted;
    },
  };
});

/** The script as scripts/bundle.mjs writes it, evaluated as a CommonJS module with no `require` of its own. */
async function loadShippedScript(): Promise<Record<string, ValidateFunction>> {
  // A path, not a specifier: the build script is JavaScript without types (as test/install/module-graph.test.ts does).
  const { standaloneValidatorsScript } = (await import(join(root, 'scripts', 'aot-schema.mjs'))) as {
    standaloneValidatorsScript: () => Promise<string>;
  };
  const script = await standaloneValidatorsScript();
  const module = { exports: {} as Record<string, ValidateFunction> };
  const require = (id: string): never => {
    throw new Error(`the shipped validators require ${id}: an installed zonectl has no node_modules`);
  };
  new Function('module', 'exports', 'require', script)(module, module.exports, require);
  return module.exports;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Every zone file (a `zone:` and `records:`) and zonectl.yaml among the fixtures and examples. */
function realFiles(): { zones: string[]; configs: string[] } {
  const zones: string[] = [];
  const configs: string[] = [];
  for (const file of [...yamlFiles(join(root, 'examples')), ...yamlFiles(join(root, 'test', 'fixtures'))]) {
    const text = readFileSync(file, 'utf8');
    if (text.includes('${')) continue; // the schema sees the values after interpolation
    const r = parseYaml(text);
    if (!r.ok || r.value === null || typeof r.value !== 'object') continue;
    const doc = r.value as Record<string, unknown>;
    if (file.endsWith('zonectl.yaml') && doc.version === 1) configs.push(file);
    else if (typeof doc.zone === 'string' && Array.isArray(doc.records) && doc.version === 1) zones.push(file);
  }
  return { zones, configs };
}

/** The problems of a zone file as a person reads them, checked by the shipped validators or by the reference. */
function zoneProblems(path: string, text: string, use: boolean): string[] {
  shipped.use = use;
  try {
    return parseZoneFile({ path, text }, {}).problems.map((p) => formatProblem(p));
  } finally {
    shipped.use = true;
  }
}

const GOOD_ZONE = `version: 1
zone: example.com
defaults: { ttl: 300 }
records:
  - { name: www, type: A, content: 192.0.2.1 }
  - name: mail
    type: MX
    content: mx.example.net
    priority: 10
  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }
`;

/** Bad input, one mistake each: [what, the file's text, a field the problem must name]. */
const BAD_ZONES: readonly [string, string, string][] = [
  ['a record without its type', GOOD_ZONE.replace('type: A, ', ''), 'records[0]'],
  ['a TTL of the wrong type', GOOD_ZONE.replace('ttl: 300', 'ttl: soon'), 'defaults.ttl'],
  ['an unknown field', GOOD_ZONE.replace('priority: 10', 'priority: 10\n    prority: 5'), 'records[1]'],
  ['a priority out of range', GOOD_ZONE.replace('priority: 10', 'priority: 70000'), 'records[1].priority'],
  ['CAA data without its tag', GOOD_ZONE.replace('tag: issue, ', ''), 'records[2].data'],
  ['records not a list', 'version: 1\nzone: example.com\nrecords: { www: 1 }\n', 'records'],
  ['an unknown top-level key', `${GOOD_ZONE}recods: []\n`, 'recods'],
];

describe('the schema validators the bundle ships (scripts/aot-schema.mjs)', () => {
  beforeAll(async () => {
    shipped.validators = await loadShippedScript();
  }, 60_000);

  it('hold one validator per name and need no module of their own', () => {
    expect(Object.keys(shipped.validators ?? {}).sort()).toEqual(Object.keys(VALIDATOR_REFS).sort());
  });

  it('accept every zone file and zonectl.yaml among the fixtures and examples', () => {
    const { zones, configs } = realFiles();
    expect(zones.length).toBeGreaterThan(10);
    expect(configs.length).toBeGreaterThan(0);
    const v = shipped.validators as Record<ValidatorName, ValidateFunction>;
    for (const [files, validate] of [
      [zones, v.zoneRoot],
      [configs, v.repoConfig],
    ] as const) {
      for (const file of files) {
        const r = parseYaml(readFileSync(file, 'utf8'));
        expect(r.ok).toBe(true);
        const ok = validate(r.ok ? r.value : undefined);
        expect({ file: relative(root, file), ok, errors: validate.errors ?? null }).toEqual({
          file: relative(root, file),
          ok: true,
          errors: null,
        });
      }
    }
  });

  it('reject bad zone files through the read path with the problems the run-time validators give, naming file, line and field', () => {
    expect(zoneProblems('zones/good.yaml', GOOD_ZONE, true)).toEqual([]);
    for (const [what, text, field] of BAD_ZONES) {
      shipped.calls.clear();
      const got = zoneProblems('zones/bad.yaml', text, true);
      expect(shipped.calls.get('zoneRoot') ?? 0, what).toBeGreaterThan(0);
      expect(got.length, what).toBeGreaterThan(0);
      expect(got, what).toEqual(zoneProblems('zones/bad.yaml', text, false));
      // FILE:LINE:COL PATH: message
      expect(
        got.some((p) => p.startsWith('zones/bad.yaml:') && /^zones\/bad\.yaml:\d+:\d+ /.test(p) && p.includes(field)),
        `${what}: ${got.join('\n')}`,
      ).toBe(true);
    }
  });

  it('reject a bad zonectl.yaml through parseRepoConfig as the run-time validator does', () => {
    const text = 'version: 1\naccounts:\n  main:\n    account_id: 42\n    credentials: { token_env: CF_TOKEN }\n';
    const run = (use: boolean): unknown => {
      shipped.use = use;
      try {
        return parseRepoConfig({ path: 'zonectl.yaml', text }, {});
      } finally {
        shipped.use = true;
      }
    };
    shipped.calls.clear();
    const got = JSON.stringify(run(true));
    expect(shipped.calls.get('repoConfig') ?? 0).toBeGreaterThan(0);
    expect(got).toEqual(JSON.stringify(run(false)));
    expect(got).toContain('account_id');
  });
});
